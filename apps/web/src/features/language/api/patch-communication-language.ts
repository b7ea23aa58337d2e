import type { CommunicationLanguage } from '@app/contracts/communication-language';
import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';

export function communicationLanguagePath(userId: string): string {
  return `/api/users/${encodeURIComponent(userId)}/communication-language`;
}

/** spec 1 §7 Communication language: PATCH by user id, payload language. */
export async function patchCommunicationLanguage(
  userId: string,
  language: CommunicationLanguage,
): Promise<void> {
  await apiRequest(communicationLanguagePath(userId), anyBody, { method: 'PATCH', body: { language } });
}
