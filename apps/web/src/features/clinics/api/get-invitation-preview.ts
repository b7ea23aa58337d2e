import { queryOptions } from '@tanstack/react-query';
import type { InvitationPreview } from '@app/contracts/clinic-invitations';
import { apiRequest } from '../../../lib/api/api-client.ts';

const previewPath = (code: string) => `/api/user/clinic-invitations/${encodeURIComponent(code)}`;

/** GET /api/user/clinic-invitations/:code: the clinic a code connects to, before connecting. */
export async function getInvitationPreview(code: string, signal?: AbortSignal): Promise<InvitationPreview> {
  const { invitationPreviewSchema } = await import('@app/contracts/clinic-invitations');
  return apiRequest(previewPath(code), invitationPreviewSchema, { signal });
}

export function invitationPreviewQuery(code: string) {
  return queryOptions({
    queryKey: [previewPath(code)],
    queryFn: ({ signal }) => getInvitationPreview(code, signal),
    // A code that is not valid answers the same later; each try counts against the patient's budget.
    retry: false,
    staleTime: 0,
    gcTime: 0,
    // The connect screen shows the error under the code field (spec 1 §8 keeps the banner for the rest).
    meta: { errorBanner: false },
  });
}
