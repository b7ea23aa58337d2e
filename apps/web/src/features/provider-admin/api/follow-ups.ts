import { queryOptions } from '@tanstack/react-query';
import { FOLLOW_UP_ALERT_CHECK_MS, type FollowUpAlert } from '@app/contracts/worklists';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './clinic-path.ts';

export async function listFollowUps(clinicId: string, signal?: AbortSignal): Promise<FollowUpAlert[]> {
  const { followUpListResponseSchema } = await import('@app/contracts/worklists');
  return apiRequest(clinicPath(clinicId, 'follow-ups'), followUpListResponseSchema, { signal });
}

export function followUpsQuery(clinicId: string) {
  return queryOptions({
    queryKey: [clinicPath(clinicId, 'follow-ups')],
    queryFn: ({ signal }) => listFollowUps(clinicId, signal),
    // spec 3 §9: the new follow-up alert check runs every 30 minutes.
    refetchInterval: FOLLOW_UP_ALERT_CHECK_MS,
  });
}

export async function markFollowUpSeen(clinicId: string, alertId: string): Promise<FollowUpAlert> {
  const { followUpAlertSchema } = await import('@app/contracts/worklists');
  return apiRequest(
    clinicPath(clinicId, `follow-ups/${encodeURIComponent(alertId)}/seen`),
    followUpAlertSchema,
    {
      method: 'POST',
    },
  );
}
