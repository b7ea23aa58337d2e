import { randomBytes } from 'node:crypto';
import { users } from '../db/schema/accounts.ts';
import { clinics, providers } from '../db/schema/clinics.ts';
import type { Db } from '../db/client.ts';
import { hashSecret } from '../platform/passwords.ts';

export const TEST_PASSWORD = 'Test#Password1';

export interface TestUserOptions {
  username?: string;
  memberType?: 'patient' | 'doctor';
  password?: string;
  email?: string | null;
  mobilePhone?: string | null;
  twoFactorRequired?: boolean;
  status?: 'active' | 'inactive';
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
      passwordHash: await hashSecret(options.password ?? TEST_PASSWORD),
      memberType: options.memberType ?? 'patient',
      status: options.status ?? 'active',
      firstName: 'Test',
      lastName: `User ${suffix}`,
      email: options.email === undefined ? `${username}@example.com` : options.email,
      mobilePhone: options.mobilePhone === undefined ? null : options.mobilePhone,
      twoFactorRequired: options.twoFactorRequired ?? false,
      securityQuestion: 'First pet?',
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
