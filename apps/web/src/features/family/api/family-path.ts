import { getSession } from '../../../lib/auth/session-store.ts';

/** spec 3 §7: /api/users/{userId}/family/members. */
export const familyMembersPath = (userId: string) =>
  `/api/users/${encodeURIComponent(userId)}/family/members`;

/**
 * Whose family the tab shows: the signed-in user's own, or — in a family member's session — the
 * primary user's (spec 3 §4: the way back to the primary user is on that list).
 */
export function familyOwnerId(): string | null {
  const user = getSession()?.user;
  if (!user) {
    return null;
  }
  return user.familyPrimaryUserId ?? user.id;
}
