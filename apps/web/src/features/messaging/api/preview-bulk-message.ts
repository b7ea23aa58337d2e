import type { BulkMessageRequest, BulkPreview } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './messaging-scope.ts';

/** Who would get the bulk message and what each one reads; nothing is sent. */
export async function previewBulkMessage(clinicId: string, input: BulkMessageRequest): Promise<BulkPreview> {
  const { bulkPreviewSchema } = await import('@app/contracts/messaging');
  return apiRequest(`${clinicPath(clinicId)}/bulk-messages/preview`, bulkPreviewSchema, {
    method: 'POST',
    body: input,
  });
}
