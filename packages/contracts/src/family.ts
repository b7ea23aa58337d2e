import { z } from 'zod';
import { singleLineText } from './text.ts';

// spec 3 §2 Family accounts, §3 Family member / Primary user / Family connect payload, §5, §7, §9.

/** spec 3 §9 Family connect: username 1-100, password 6-100. */
export const FAMILY_USERNAME_MAX = 100;
export const FAMILY_PASSWORD_MIN = 6;
export const FAMILY_PASSWORD_MAX = 100;
/** Decision 0027: how many members one primary user may link (the spec states no limit). */
export const FAMILY_MEMBERS_MAX = 10;

export const CONNECT_YOURSELF_TEXT = 'You can not connect yourself';
export const FAMILY_LIMIT_TEXT = `You can link at most ${FAMILY_MEMBERS_MAX} family members.`;
export const FAMILY_NOT_FOUND_TEXT = 'Family member not found.';
export const FAMILY_OWNER_ONLY_TEXT = 'Only the primary account holder can change family members.';
export const FAMILY_SWITCH_NOT_ALLOWED_TEXT = 'You can not switch to this family member.';

export const familyParamsSchema = z.object({ userId: z.uuid('userId is not valid') });

/** spec 3 §3 Family connect payload: username, rawPassword. */
export const familyConnectSchema = z.object({
  username: singleLineText({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(FAMILY_USERNAME_MAX, `Username must be at most ${FAMILY_USERNAME_MAX} characters`),
  rawPassword: singleLineText({ error: 'Password is required' })
    .min(FAMILY_PASSWORD_MIN, `Password must be at least ${FAMILY_PASSWORD_MIN} characters`)
    .max(FAMILY_PASSWORD_MAX, `Password must be at most ${FAMILY_PASSWORD_MAX} characters`),
});
export type FamilyConnect = z.infer<typeof familyConnectSchema>;

/** spec 3 §5: the own username, compared case-insensitively. */
export function isOwnUsername(entered: string, own: string | null | undefined): boolean {
  return !!own && entered.trim().toLowerCase() === own.trim().toLowerCase();
}

/** spec 3 §3 Family member. */
export const familyMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  firstName: z.string(),
  preferredName: z.string().nullable(),
  image: z.string().nullable(),
  memberType: z.string(),
  memberId: z.string(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

/** spec 3 §3 Primary user. */
export const primaryUserSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  name: z.string(),
  preferredName: z.string().nullable(),
  firstName: z.string(),
  image: z.string().nullable(),
});
export type PrimaryUser = z.infer<typeof primaryUserSchema>;

/** GET /api/users/{userId}/family/members */
export const familyListResponseSchema = z.object({
  primaryUser: primaryUserSchema,
  members: z.array(familyMemberSchema),
});
export type FamilyList = z.infer<typeof familyListResponseSchema>;

/** POST /api/users/{userId}/family/members: false when the credentials do not match (spec 3 §8). */
export const familyConnectResponseSchema = z.object({ connected: z.boolean() });

/** DELETE /api/users/{userId}/family/members?familyUserId= */
export const familyRemoveQuerySchema = z.object({ familyUserId: z.uuid('familyUserId is not valid') });
