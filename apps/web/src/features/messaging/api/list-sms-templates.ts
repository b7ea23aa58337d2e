import { queryOptions } from '@tanstack/react-query';
import type { SmsTemplateList } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath, MESSAGING_KEY } from './messaging-scope.ts';

export async function listSmsTemplates(clinicId: string, signal?: AbortSignal): Promise<SmsTemplateList> {
  const { smsTemplateListSchema } = await import('@app/contracts/messaging');
  return apiRequest(`${clinicPath(clinicId)}/sms-templates`, smsTemplateListSchema, { signal });
}

export function smsTemplatesQuery(clinicId: string) {
  return queryOptions({
    queryKey: [MESSAGING_KEY, clinicId, 'sms-templates'],
    queryFn: ({ signal }) => listSmsTemplates(clinicId, signal),
  });
}
