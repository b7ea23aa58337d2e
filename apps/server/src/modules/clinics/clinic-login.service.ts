import { eq } from 'drizzle-orm';
import { CLINIC_ACCOUNT_PERMISSIONS, INVALID_CLINIC_CREDENTIALS_TEXT } from '@app/contracts/clinic-login';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinics, providers } from '../../db/schema/clinics.ts';
import type { Db } from '../../db/client.ts';
import { OAuthHttpError } from '../../platform/http-error.ts';
import { dummySecretHash, verifySecret } from '../../platform/passwords.ts';
import { clearLoginFailures, isLoginThrottled, recordLoginFailure } from '../../platform/login-throttle.ts';

type UserRow = typeof users.$inferSelect;

function invalidGrant(): OAuthHttpError {
  return new OAuthHttpError(400, 'invalid_grant', INVALID_CLINIC_CREDENTIALS_TEXT);
}

/** The clinic account's member id: one account per clinic, found again by it (decision 0009). */
function clinicMemberId(clinicId: string): string {
  return `clinic-${clinicId}`;
}

/**
 * What a clinic login signs in as (decision 0009): a per-clinic account user (member type doctor, no
 * username or password of its own, so it can only be entered with the master password) holding a
 * provider membership in that clinic with a limited permission set for the front desk / check-in kiosk.
 * Created on the first attempt, so wrong master passwords are counted and locked like the password grant.
 */
async function clinicAccount(db: Db, clinic: { id: string; name: string }, now: Date): Promise<UserRow> {
  const memberId = clinicMemberId(clinic.id);
  await db
    .insert(users)
    .values({
      memberId,
      memberType: 'doctor',
      status: 'active',
      firstName: clinic.name,
      lastName: 'Front desk',
      // The security page does not apply to an account without a password of its own.
      securityQuestion: 'Clinic account',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.memberId });
  const [user] = await db.select().from(users).where(eq(users.memberId, memberId));
  if (!user) {
    throw new Error('clinic account was not created');
  }
  await db
    .insert(providers)
    .values({
      userId: user.id,
      clinicId: clinic.id,
      title: 'Clinic account',
      permissions: [...CLINIC_ACCOUNT_PERMISSIONS],
    })
    .onConflictDoNothing();
  return user;
}

/** The clinic_password grant (spec 1 §7 Clinic master-password login). Every failure is the same answer. */
export async function verifyClinicPasswordLogin(
  context: AppContext,
  clinicNumber: number,
  password: string,
  /** Issue 19 item 9: wrong master passwords slow down the address they come from. */
  ip: string,
): Promise<UserRow> {
  const now = context.now();
  const [clinic] = await context.db.select().from(clinics).where(eq(clinics.clinicNumber, clinicNumber));
  const matches = await verifySecret(password, clinic?.masterPasswordHash ?? (await dummySecretHash()));
  if (!clinic?.masterPasswordHash) {
    throw invalidGrant();
  }
  const account = await clinicAccount(context.db, clinic, now);
  if (await isLoginThrottled(context.db, account.id, ip, now)) {
    throw invalidGrant();
  }
  if (!matches) {
    await recordLoginFailure(context.db, account.id, ip, now);
    throw invalidGrant();
  }
  if (account.status !== 'active') {
    throw invalidGrant();
  }
  await clearLoginFailures(context.db, account.id, ip);
  return account;
}
