import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { forgetAllLoginFailures } from '../../platform/login-throttle.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { revokeDeviceTickets } from '../devices/devices.service.ts';

/**
 * The two writes every flow that touches a person's credentials shares (sign-up, the security page,
 * recovery, provider registration). Answers are compared case- and space-insensitively, so they are
 * stored in that form (the demo data does the same).
 */
export function normaliseSecurityAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}

export async function setSecurityQuestion(
  db: Db,
  userId: string,
  question: string,
  answer: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      securityQuestion: question.trim(),
      securityAnswerHash: await hashSecret(normaliseSecurityAnswer(answer)),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Sets a new password and clears the reset-required flag (spec 1 §4 security save); ends device tickets. */
export async function setPassword(db: Db, userId: string, password: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: await hashSecret(password),
      isResetPasswordRequired: false,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  // The owner who forgot a password may have slowed their own address down: a new password starts
  // every address afresh (issue 19 item 9).
  await forgetAllLoginFailures(db, userId);
  await revokeDeviceTickets(db, userId);
}
