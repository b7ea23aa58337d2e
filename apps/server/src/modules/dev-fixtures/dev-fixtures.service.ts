import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { fixtureClinicSchema, fixtureUserSchema } from '@app/contracts/dev-fixtures';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, clinics, providers } from '../../db/schema/clinics.ts';
import { HttpError } from '../../platform/http-error.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { masterPasswordColumns } from '../clinics/master-password.ts';
import { normaliseSecurityAnswer } from '../accounts/account-security.service.ts';

type FixtureUser = z.output<typeof fixtureUserSchema>;
type FixtureClinic = z.output<typeof fixtureClinicSchema>;

export async function createFixtureUser(db: Db, input: FixtureUser, now: Date) {
  const found = input.clinicNumbers.length
    ? await db.select().from(clinics).where(inArray(clinics.clinicNumber, input.clinicNumbers))
    : [];
  if (found.length !== new Set(input.clinicNumbers).size) {
    throw new HttpError(400, 'Unknown clinic number.', { code: 'unknown_clinic' });
  }
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        memberId: `F-${randomBytes(5).toString('hex')}`,
        username: input.username ?? null,
        passwordHash: input.password ? await hashSecret(input.password) : null,
        memberType: input.memberType,
        status: input.status,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
        mobilePhone: input.mobilePhone ?? null,
        birthdate: input.birthdate ?? null,
        securityQuestion: input.securityQuestion ?? null,
        securityAnswerHash: input.securityAnswer
          ? await hashSecret(normaliseSecurityAnswer(input.securityAnswer))
          : null,
        isResetPasswordRequired: input.isResetPasswordRequired,
        twoFactorRequired: input.twoFactorRequired,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id, memberId: users.memberId, username: users.username });
    if (!user) {
      throw new Error('fixture user was not created');
    }
    for (const clinic of found) {
      if (input.memberType === 'doctor') {
        await tx
          .insert(providers)
          .values({ userId: user.id, clinicId: clinic.id, permissions: input.permissions });
      } else {
        await tx.insert(clinicPatients).values({ userId: user.id, clinicId: clinic.id, registeredAt: now });
      }
    }
    return user;
  });
}

export async function createFixtureClinic(db: Db, input: FixtureClinic, serverSecret?: Uint8Array) {
  const [row] = await db
    .insert(clinics)
    .values({
      // Fixture clinics number from 9000 up, clear of the demo clinic (1001).
      clinicNumber: sql`greatest(9000, (select coalesce(max(${clinics.clinicNumber}), 0) + 1 from ${clinics}))`,
      name: input.name,
      ...(input.masterPassword && serverSecret
        ? await masterPasswordColumns(serverSecret, input.masterPassword)
        : { masterPasswordHash: input.masterPassword ? await hashSecret(input.masterPassword) : null }),
    })
    .returning({ id: clinics.id, clinicNumber: clinics.clinicNumber });
  if (!row) {
    throw new Error('fixture clinic was not created');
  }
  return row;
}
