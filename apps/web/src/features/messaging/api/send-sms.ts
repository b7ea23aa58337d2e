import type { SmsRecord } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './messaging-scope.ts';

/** A text message to one patient through the outbox (409 when they opted out or have no phone). */
export async function sendSms(clinicId: string, patientId: string, body: string): Promise<SmsRecord> {
  const { smsRecordSchema } = await import('@app/contracts/messaging');
  return apiRequest(
    `${clinicPath(clinicId)}/patients/${encodeURIComponent(patientId)}/sms`,
    smsRecordSchema,
    {
      method: 'POST',
      body: { body },
    },
  );
}
