import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@app/contracts/auth';
import { apiRequest } from '../../../lib/api/api-client.ts';

export function resendTwoFactorCode(challengeId: string) {
  return apiRequest(`/public/two-factor/${encodeURIComponent(challengeId)}/resend`, messageResponseSchema, {
    method: 'POST',
    auth: false,
  });
}

export function useResendTwoFactorCode() {
  return useMutation({
    mutationFn: resendTwoFactorCode,
    // The code form shows the result in its own green/red areas.
    meta: { url: '/public/two-factor/resend', errorBanner: false },
  });
}
