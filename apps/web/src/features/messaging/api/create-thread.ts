import type { CreateThreadRequest, ThreadDetail } from '@app/contracts/messaging';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { clinicPath } from './messaging-scope.ts';

/** A provider starts a thread with a patient and/or providers of the clinic. */
export async function createThread(clinicId: string, input: CreateThreadRequest): Promise<ThreadDetail> {
  const { threadDetailSchema } = await import('@app/contracts/messaging');
  return apiRequest(`${clinicPath(clinicId)}/messages/threads`, threadDetailSchema, {
    method: 'POST',
    body: input,
  });
}
