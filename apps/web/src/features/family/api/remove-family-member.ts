import { apiRequest, anyBody } from '../../../lib/api/api-client.ts';
import { familyMembersPath } from './family-path.ts';

/** DELETE /api/users/{userId}/family/members?familyUserId= (spec 3 §7 Family remove). */
export async function removeFamilyMember(userId: string, familyUserId: string): Promise<void> {
  await apiRequest(`${familyMembersPath(userId)}?familyUserId=${encodeURIComponent(familyUserId)}`, anyBody, {
    method: 'DELETE',
  });
}
