import { queryOptions } from '@tanstack/react-query';
import type { SmsPreference } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { MESSAGING_KEY } from './messaging-scope.ts';

const PATH = '/api/messages/sms-preference';

export async function getSmsPreference(signal?: AbortSignal): Promise<SmsPreference> {
  const { smsPreferenceSchema } = await import('@app/contracts/messaging');
  return apiRequest(PATH, smsPreferenceSchema, { signal });
}

export function smsPreferenceQuery() {
  return queryOptions({
    queryKey: [MESSAGING_KEY, 'patient', 'sms-preference'],
    queryFn: ({ signal }) => getSmsPreference(signal),
  });
}

/** The patient's own choice: no text messages from clinics (decision 0026). */
export async function putSmsPreference(input: SmsPreference): Promise<SmsPreference> {
  const { smsPreferenceSchema } = await import('@app/contracts/messaging');
  return apiRequest(PATH, smsPreferenceSchema, { method: 'PUT', body: input });
}
