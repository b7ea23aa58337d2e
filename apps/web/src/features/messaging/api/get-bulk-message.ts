import { queryOptions } from '@tanstack/react-query';
import type { BulkMessage } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, MESSAGING_KEY } from './messaging-scope.ts';

/** How long the status table waits before it reads the outbox state again while messages are queued. */
export const BULK_STATUS_POLL_MS = 3_000;

export async function getBulkMessage(
  clinicId: string,
  bulkId: string,
  signal?: AbortSignal,
): Promise<BulkMessage> {
  const { bulkMessageSchema } = await import('@app/contracts/messaging');
  return apiRequest(
    `${clinicPath(clinicId)}/bulk-messages/${encodeURIComponent(bulkId)}`,
    bulkMessageSchema,
    {
      signal,
    },
  );
}

export function bulkMessageQuery(clinicId: string, bulkId: string) {
  return queryOptions({
    queryKey: [MESSAGING_KEY, clinicId, 'bulk', bulkId],
    queryFn: ({ signal }) => getBulkMessage(clinicId, bulkId, signal),
    // Delivery is asynchronous (the outbox worker): follow it until nothing is queued any more.
    refetchInterval: (query) =>
      query.state.data?.recipients.some((recipient) => recipient.status === 'queued')
        ? BULK_STATUS_POLL_MS
        : false,
  });
}
