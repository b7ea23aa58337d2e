import type { FamilyConnect } from '@app/contracts/family';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { familyMembersPath } from './family-path.ts';

/**
 * POST /api/users/{userId}/family/members with { username, rawPassword }. spec 3 §7, §8: a failed
 * connect resolves to false and nothing happens, whatever the reason.
 */
export async function connectFamilyMember(userId: string, input: FamilyConnect): Promise<boolean> {
  try {
    const { familyConnectResponseSchema } = await import('@app/contracts/family');
    const answer = await apiRequest(familyMembersPath(userId), familyConnectResponseSchema, {
      method: 'POST',
      body: input,
    });
    return answer.connected;
  } catch {
    return false;
  }
}
