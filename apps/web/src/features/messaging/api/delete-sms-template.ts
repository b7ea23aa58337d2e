import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './messaging-scope.ts';

export async function deleteSmsTemplate(clinicId: string, templateId: string): Promise<void> {
  await apiRequest(`${clinicPath(clinicId)}/sms-templates/${encodeURIComponent(templateId)}`, anyBody, {
    method: 'DELETE',
  });
}
