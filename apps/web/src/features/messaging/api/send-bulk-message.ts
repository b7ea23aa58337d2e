import type { BulkMessage, BulkMessageRequest } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './messaging-scope.ts';

/** One outbox item per reachable recipient; opted-out patients are recorded as skipped. */
export async function sendBulkMessage(clinicId: string, input: BulkMessageRequest): Promise<BulkMessage> {
  const { bulkMessageSchema } = await import('@app/contracts/messaging');
  return apiRequest(`${clinicPath(clinicId)}/bulk-messages`, bulkMessageSchema, {
    method: 'POST',
    body: input,
  });
}
