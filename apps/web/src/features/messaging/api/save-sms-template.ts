import type { SmsTemplate, SmsTemplateRequest } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './messaging-scope.ts';

/** Creates a template, or edits it when `templateId` is given. */
export async function saveSmsTemplate(
  clinicId: string,
  templateId: string | null,
  input: SmsTemplateRequest,
): Promise<SmsTemplate> {
  const { smsTemplateSchema } = await import('@app/contracts/messaging');
  const path = `${clinicPath(clinicId)}/sms-templates`;
  return templateId
    ? apiRequest(`${path}/${encodeURIComponent(templateId)}`, smsTemplateSchema, {
        method: 'PUT',
        body: input,
      })
    : apiRequest(path, smsTemplateSchema, { method: 'POST', body: input });
}
