import { randomBytes } from 'node:crypto';
import { users } from '../db/schema/accounts.ts';
import { clinics, providers } from '../db/schema/clinics.ts';
import type { Db } from '../db/client.ts';
import { hashSecret } from '../platform/passwords.ts';

export const TEST_PASSWORD = 'Test#Password1';

export interface TestUserOptions {
  username?: string;
  memberType?: 'patient' | 'doctor';
  /** null: no password yet (a provider imported from the health record). */
  password?: string | null;
  email?: string | null;
  mobilePhone?: string | null;
  twoFactorRequired?: boolean;
  status?: 'active' | 'pending' | 'inactive';
  isResetPasswordRequired?: boolean;
  /** null: the security question is empty (spec 1 §2 post-login redirect to the security page). */
  securityQuestion?: string | null;
  permissions?: string[];
}

let clinicCounter = 5000;

/** A user of one's own for a test: unique names, so test files never depend on each other's data. */
export async function createTestUser(db: Db, options: TestUserOptions = {}) {
  const suffix = randomBytes(4).toString('hex');
  const username = options.username ?? `user.${suffix}`;
  const [user] = await db
    .insert(users)
    .values({
      memberId: `M-${suffix}`,
      username,
      passwordHash: options.password === null ? null : await hashSecret(options.password ?? TEST_PASSWORD),
      memberType: options.memberType ?? 'patient',
      status: options.status ?? 'active',
      firstName: 'Test',
      lastName: `User ${suffix}`,
      email: options.email === undefined ? `${username}@example.com` : options.email,
      mobilePhone: options.mobilePhone === undefined ? null : options.mobilePhone,
      twoFactorRequired: options.twoFactorRequired ?? false,
      isResetPasswordRequired: options.isResetPasswordRequired ?? false,
      securityQuestion: options.securityQuestion === undefined ? 'First pet?' : options.securityQuestion,
    })
    .returning();
  if (!user) {
    throw new Error('test user was not created');
  }
  if (user.memberType === 'doctor') {
    const [clinic] = await db
      .insert(clinics)
      .values({ clinicNumber: clinicCounter++, name: `Test clinic ${suffix}` })
      .returning();
    if (!clinic) {
      throw new Error('test clinic was not created');
    }
    await db
      .insert(providers)
      .values({ userId: user.id, clinicId: clinic.id, permissions: options.permissions ?? [] });
  }
  return { ...user, username };
}
