import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClinicListResponseSchema } from '@app/contracts/scheduling';
import type { UserCreateResponse } from '@app/contracts/sign-up';
import { SIGN_UP_PATHS } from '@app/contracts/sign-up-texts';
import { clinicPatients, clinics } from '../../db/schema/clinics.ts';
import type { Env } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// Decision 0037: in the UnitedMD app sign-up always ends on its scheduling start, so a sign-up without
// a clinic link becomes a patient of the home clinic (the first one) and can book at once. Elsewhere a
// sign-up without a link belongs to no clinic (decision 0010).

function createBody(origin?: { clinicUuid: string }) {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstName: 'Maria',
    lastName: `Lopez ${suffix.replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)))}`,
    email: `maria.${suffix}@example.com`,
    mobilePhone: '(212)555-0142',
    birthdate: '1990-05-17',
    gender: 'female',
    username: `maria.${suffix}`,
    password: 'Sign#Up2026',
    terms: true,
    ...(origin ? { origin } : {}),
  };
}

async function withClinics(overrides: Partial<Env>) {
  const t = await buildTestApp({ ...overrides, SIGN_UP_RATE_LIMIT_PER_IP: 10_000 });
  const [home, other] = await t.context.db
    .insert(clinics)
    .values([
      { clinicNumber: 8101, name: 'UnitedMD Home', createdAt: new Date('2026-01-01T00:00:00Z') },
      { clinicNumber: 8102, name: 'UnitedMD Other', createdAt: new Date('2026-02-01T00:00:00Z') },
    ])
    .returning();
  if (!home || !other) {
    throw new Error('clinics were not created');
  }
  return { t, home: home.id, other: other.id };
}

async function signUp(t: TestApp, origin?: { clinicUuid: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: SIGN_UP_PATHS.create,
    payload: createBody(origin),
  });
  expect(response.statusCode).toBe(201);
  return response.json<UserCreateResponse>();
}

async function bookingClinicsOf(t: TestApp, created: UserCreateResponse) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/scheduling/clinics',
    headers: { authorization: `Bearer ${created.token.access_token}` },
  });
  expect(response.statusCode).toBe(200);
  return bookingClinicListResponseSchema.parse(response.json()).clinics.map((clinic) => clinic.clinicName);
}

describe('sign-up in the UnitedMD app (decision 0037)', () => {
  let t: TestApp;
  let home = '';
  let other = '';
  beforeAll(async () => {
    ({ t, home, other } = await withClinics({ APP_VARIANT: 'unitedmd' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes a person without a clinic link a patient of the home clinic, where they can book', async () => {
    const created = await signUp(t);
    expect(created.redirectTo).toBeNull();
    expect(await bookingClinicsOf(t, created)).toEqual(['UnitedMD Home']);
    const rows = await t.context.db
      .select({ source: clinicPatients.source })
      .from(clinicPatients)
      .where(eq(clinicPatients.userId, created.token.user.id));
    expect(rows).toEqual([{ source: 'portal' }]);
  });

  it('keeps a clinic link: the person becomes that clinic’s patient only', async () => {
    const created = await signUp(t, { clinicUuid: other });
    expect(created.redirectTo).toBe('addingProvider');
    expect(await bookingClinicsOf(t, created)).toEqual(['UnitedMD Other']);
    expect(home).not.toBe(other);
  });
});

describe('sign-up in the care-plan app (decision 0010, unchanged)', () => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await withClinics({ APP_VARIANT: 'care-plan' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves a person without a clinic link at no clinic', async () => {
    expect(await bookingClinicsOf(t, await signUp(t))).toEqual([]);
  });
});
