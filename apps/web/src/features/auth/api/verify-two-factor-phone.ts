import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@app/contracts/auth';
import { apiRequest } from '../../../lib/api/api-client.ts';

export interface PhoneVerification {
  challengeId: string;
  phone: string;
}

/** spec 1 §5 phone verification: the number the code is then sent to. */
export function verifyTwoFactorPhone({ challengeId, phone }: PhoneVerification) {
  return apiRequest(`/public/two-factor/${encodeURIComponent(challengeId)}/phone`, messageResponseSchema, {
    method: 'POST',
    body: { phone },
    auth: false,
  });
}

export function useVerifyTwoFactorPhone() {
  return useMutation({
    mutationFn: verifyTwoFactorPhone,
    // spec 1 §8: the phone-verification screen shows the server's error text itself.
    meta: { url: '/public/two-factor/phone', errorBanner: false },
  });
}
