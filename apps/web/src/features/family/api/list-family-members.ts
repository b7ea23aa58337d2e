import { queryOptions } from '@tanstack/react-query';
import type { FamilyList } from '@app/contracts/family';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { familyMembersPath } from './family-path.ts';

/** GET /api/users/{userId}/family/members (spec 3 §7 Family members list). */
export async function listFamilyMembers(userId: string, signal?: AbortSignal): Promise<FamilyList> {
  const { familyListResponseSchema } = await import('@app/contracts/family');
  return apiRequest(familyMembersPath(userId), familyListResponseSchema, { signal });
}

export function familyMembersQuery(userId: string) {
  return queryOptions({
    queryKey: [familyMembersPath(userId)],
    queryFn: ({ signal }) => listFamilyMembers(userId, signal),
  });
}
