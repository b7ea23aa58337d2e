import { auditChangeTouches } from '../../platform/audit/audit-transaction.ts';
import {
  CONNECT_YOURSELF_TEXT,
  FAMILY_LIMIT_TEXT,
  FAMILY_MEMBERS_MAX,
  FAMILY_NOT_FOUND_TEXT,
  FAMILY_OWNER_ONLY_TEXT,
  isOwnUsername,
  type FamilyConnect,
  type FamilyList,
} from '@app/contracts/family';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { dummySecretHash, verifySecret } from '../../platform/passwords.ts';
import { clearLoginFailures, isLoginThrottled, recordLoginFailure } from '../../platform/login-throttle.ts';
import { findUserById, findUserByUsername } from '../auth/auth.repository.ts';
import {
  countFamilyMembers,
  deleteFamilyLink,
  insertFamilyLink,
  isFamilyLinked,
  listFamilyMembers,
} from './family.repository.ts';

const notFound = () => new HttpError(404, FAMILY_NOT_FOUND_TEXT, { code: 'not_found' });

/**
 * The primary user's list may be read by that user, and by a family member's session opened from it
 * (spec 3 §4 "switch back restores the primary user": the member's screen lists whom to go back to).
 * Anybody else's list does not exist for the caller (404).
 */
export async function familyList(
  context: AppContext,
  auth: AuthContext,
  userId: string,
): Promise<FamilyList> {
  const ownList = auth.userId === userId && auth.familyPrimaryUserId === undefined;
  if (!ownList && auth.familyPrimaryUserId !== userId) {
    throw notFound();
  }
  const primary = await findUserById(context.db, userId);
  if (!primary) {
    throw notFound();
  }
  const members = await listFamilyMembers(context.db, userId);
  return {
    primaryUser: {
      id: primary.id,
      username: primary.username,
      name: `${primary.firstName} ${primary.lastName}`,
      preferredName: null,
      firstName: primary.firstName,
      image: primary.image,
    },
    members: members.map((member) => ({
      userId: member.userId,
      name: `${member.firstName} ${member.lastName}`,
      firstName: member.firstName,
      preferredName: null,
      image: member.image,
      memberType: member.memberType,
      memberId: member.memberId,
    })),
  };
}

/** spec 3 §2: only the primary owner changes the list, and only while the owner is the active account. */
function requireOwner(auth: AuthContext, userId: string): void {
  if (auth.familyPrimaryUserId === userId) {
    throw new HttpError(403, FAMILY_OWNER_ONLY_TEXT, { code: 'forbidden' });
  }
  if (auth.userId !== userId) {
    throw notFound();
  }
  if (auth.familyPrimaryUserId !== undefined || auth.actingProviderId !== undefined) {
    throw new HttpError(403, FAMILY_OWNER_ONLY_TEXT, { code: 'forbidden' });
  }
}

/**
 * spec 3 §5, §7, §8 family connect: the member proves the link with their own username and password.
 * Credentials that do not match (unknown user, wrong password, locked, inactive, not a patient) all give
 * the same `false` — "failure resolves to false, nothing happens" — after the same hashing work, and a
 * wrong password counts toward the member's login throttle like a login does.
 */
export async function connectFamilyMember(
  context: AppContext,
  auth: AuthContext,
  userId: string,
  input: FamilyConnect,
  /** Issue 19 item 9: wrong member passwords slow down the address they come from, as at login. */
  ip: string,
): Promise<boolean> {
  requireOwner(auth, userId);
  const owner = await findUserById(context.db, userId);
  if (!owner) {
    throw notFound();
  }
  if (isOwnUsername(input.username, owner.username)) {
    throw new HttpError(400, CONNECT_YOURSELF_TEXT, {
      code: 'connect_yourself',
      errors: [{ field: 'username', detail: CONNECT_YOURSELF_TEXT }],
    });
  }
  if ((await countFamilyMembers(context.db, userId)) >= FAMILY_MEMBERS_MAX) {
    throw new HttpError(400, FAMILY_LIMIT_TEXT, { code: 'family_limit' });
  }
  const now = context.now();
  const member = await findUserByUsername(context.db, input.username);
  const matches = await verifySecret(input.rawPassword, member?.passwordHash ?? (await dummySecretHash()));
  if (!member || member.id === userId) {
    return false;
  }
  if (await isLoginThrottled(context.db, member.id, ip, now)) {
    return false;
  }
  if (!matches) {
    await recordLoginFailure(context.db, member.id, ip, now);
    return false;
  }
  if (member.status !== 'active' || member.memberType !== 'patient') {
    return false;
  }
  await clearLoginFailures(context.db, member.id, ip);
  await context.db.transaction(async (tx) => {
    // The link opens the member's record to the owner: both records were touched (issue 19).
    auditChangeTouches([userId, member.id]);
    await insertFamilyLink(tx, userId, member.id, now);
  });
  return true;
}

export async function removeFamilyMember(
  context: AppContext,
  auth: AuthContext,
  userId: string,
  familyUserId: string,
): Promise<void> {
  requireOwner(auth, userId);
  if (!(await isFamilyLinked(context.db, userId, familyUserId))) {
    throw notFound();
  }
  await context.db.transaction(async (tx) => {
    auditChangeTouches([userId, familyUserId]);
    await deleteFamilyLink(tx, userId, familyUserId);
  });
}
