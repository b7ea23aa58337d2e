import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';
import { attachmentsPath } from './add-attachment.ts';

/** DELETE /api/appointments/:id/attachments/:fileId (the patient, until the visit starts). */
export async function removeAttachment(appointmentId: string, fileId: string): Promise<void> {
  await apiRequest(`${attachmentsPath(appointmentId)}/${encodeURIComponent(fileId)}`, anyBody, {
    method: 'DELETE',
  });
}
