import { readableMasterPassword } from '../modules/clinics/master-password.ts';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_PERMISSIONS } from '@app/contracts/roles';
import { users } from '../db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
  providerSchedules,
  specialties,
  visitTypes,
} from '../db/schema/clinics.ts';
import {
  insurances,
  providerConsultationTypes,
  providerFilterOptions,
  providerInsurances,
  providerTimeOff,
  schedulingFilterOptions,
} from '../db/schema/scheduling.ts';
import { parseEnv } from '../env.ts';
import { verifySecret } from '../platform/passwords.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { welcomeLines } from './print-welcome.ts';
import {
  DEMO_MASTER_PASSWORD,
  DEMO_PASSWORD,
  DEMO_SECURITY_ANSWER,
  seedDemoDataIfEmpty,
  type DemoSummary,
} from './seed-demo-data.ts';

describe('seedDemoDataIfEmpty', () => {
  let t: TestApp;
  let first: DemoSummary | null;
  beforeAll(async () => {
    t = await buildTestApp();
    first = await seedDemoDataIfEmpty(t.context.db, t.context.now());
  });
  afterAll(async () => {
    await t.close();
  });

  async function userNamed(username: string) {
    const [user] = await t.context.db.select().from(users).where(eq(users.username, username));
    if (!user) {
      throw new Error(`${username} was not seeded`);
    }
    return user;
  }

  it('seeds into an empty database and returns the summary', () => {
    expect(first).toMatchObject({
      seeded: true,
      clinicNumber: 1001,
      clinicName: 'Riverside Family Health',
      masterPassword: DEMO_MASTER_PASSWORD,
      password: 'CarePortal#2026',
    });
    expect(first?.logins.map((login) => login.username)).toEqual([
      'jane.patient',
      'john.twofactor',
      'reset.required',
      'olive.balance',
      'tom.family',
      'mia.family',
      'dr.smith',
      'dr.limited',
    ]);
  });

  it('seals the demo master password readably once the server secret is given (decision 0027)', async () => {
    const [before] = await t.context.db.select().from(clinics).where(eq(clinics.clinicNumber, 1001));
    expect(before?.masterPasswordEncrypted ?? null).toBeNull();
    await seedDemoDataIfEmpty(t.context.db, t.context.now(), t.context.signingKey);
    const [after] = await t.context.db.select().from(clinics).where(eq(clinics.clinicNumber, 1001));
    expect(readableMasterPassword(t.context, after?.masterPasswordEncrypted ?? null)).toBe(
      DEMO_MASTER_PASSWORD,
    );
  });

  it('creates the clinic with a hashed master password, branding and modules', async () => {
    const [clinic] = await t.context.db.select().from(clinics).where(eq(clinics.clinicNumber, 1001));
    expect(clinic).toMatchObject({ name: 'Riverside Family Health', backgroundColor: '#33a094' });
    expect(clinic?.masterPasswordHash).not.toContain(DEMO_MASTER_PASSWORD);
    expect(await verifySecret(DEMO_MASTER_PASSWORD, clinic?.masterPasswordHash ?? '')).toBe(true);
    expect([...(clinic?.modules ?? [])].sort()).toEqual([
      'ANALYTICS',
      'BULK_MESSAGING',
      'FLOWS',
      'OUTBOUND_CALLING',
      'PATIENT_NAVIGATION',
      'PATIENT_OUTSIDE',
      'QUICKLINK_FOR_FUTURE_APPOINTMENTS',
      'TEXT_PAY',
      'USER_INSURANCE',
      'advanced-scheduling',
      'advanced-scheduling-filters',
      'recurring-visit',
      'waitlist',
    ]);
    expect(clinic?.patientCancelNoticeMinutes).toBe(120);
  });

  it('seeds the scheduling catalogue: visit types, specialties, insurances and advanced filters', async () => {
    const db = t.context.db;
    expect((await db.select().from(visitTypes)).map((row) => row.name).sort()).toEqual([
      'In person',
      'Telehealth',
    ]);
    expect((await db.select().from(insurances)).map((row) => row.name)).toEqual(
      expect.arrayContaining(['Aetna', 'Blue Cross Blue Shield', 'Medicare', 'Self-pay']),
    );
    const options = await db.select().from(schedulingFilterOptions);
    expect(new Set(options.map((row) => row.kind))).toEqual(
      new Set(['language', 'modality', 'gender', 'allyship', 'ethnicity']),
    );
    const scheduled = (await db.select().from(providers)).filter((row) => row.specialty !== null);
    const specialtyRows = await db.select().from(specialties);
    for (const provider of scheduled) {
      expect(specialtyRows.find((row) => row.id === provider.specialtyId)?.name).toBe(provider.specialty);
    }
    const insured = await db.select().from(providerInsurances);
    const filtered = await db.select().from(providerFilterOptions);
    for (const provider of scheduled) {
      expect(insured.some((row) => row.providerId === provider.id)).toBe(true);
      expect(filtered.some((row) => row.providerId === provider.id)).toBe(true);
    }
  });

  it('gives consultation types their rules and every provider offers in its departments', async () => {
    const db = t.context.db;
    const types = await db.select().from(consultationTypes);
    const named = (name: string) => types.find((type) => type.name === name);
    expect(named('New patient visit')).toMatchObject({ isCommentRequired: true, commentLength: 200 });
    expect(named('Follow-up')?.message).toBeTruthy();
    expect(named('Care coordination call')?.isInternal).toBe(true);
    expect(named('Annual physical')?.allowWaitlist).toBe(false);
    expect(types.every((type) => type.visitTypeId !== null)).toBe(true);

    const offers = await db.select().from(providerConsultationTypes);
    const blocks = await db.select().from(providerSchedules);
    const departmentRows = await db.select().from(departments);
    const telehealth = departmentRows.find((row) => row.name === 'Riverside Telehealth');
    for (const block of blocks) {
      const offered = offers.filter(
        (offer) => offer.providerId === block.providerId && offer.departmentId === block.departmentId,
      );
      expect(offered.length).toBeGreaterThan(0);
      const offeredNames = offered.map(
        (offer) => types.find((type) => type.id === offer.consultationTypeId)?.name,
      );
      if (block.departmentId === telehealth?.id) {
        expect(offeredNames).toEqual(['Telehealth visit']);
      } else {
        expect(offeredNames).not.toContain('Telehealth visit');
      }
    }
    // One provider closes booking about 60 days ahead; one non-login provider is away for a week.
    const closing = offers.filter((offer) => offer.bookingCloseDate !== null);
    expect(closing.length).toBeGreaterThan(0);
    const daysAhead = (Date.parse(closing[0]?.bookingCloseDate ?? '') - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(58);
    expect(daysAhead).toBeLessThan(61);
    const [away] = await db.select().from(providerTimeOff);
    expect(away).toBeDefined();
    expect(((away?.finishAt.getTime() ?? 0) - (away?.startAt.getTime() ?? 0)) / 86_400_000).toBeCloseTo(7, 0);
  });

  it('creates three departments in two US time zones and the consultation types', async () => {
    const [demo] = await t.context.db.select().from(clinics).where(eq(clinics.clinicNumber, 1001));
    const rows = await t.context.db
      .select()
      .from(departments)
      .where(eq(departments.clinicId, demo?.id ?? ''));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.timezone))).toEqual(
      new Set(['America/New_York', 'America/Chicago']),
    );
    const types = await t.context.db.select().from(consultationTypes);
    expect(types.map((type) => [type.name, type.durationMinutes])).toEqual(
      expect.arrayContaining([
        ['New patient visit', 30],
        ['Follow-up', 15],
        ['Telehealth visit', 20],
        ['Annual physical', 45],
      ]),
    );
    expect(types.find((type) => type.name === 'Telehealth visit')?.isTelehealth).toBe(true);
    expect(types.some((type) => type.allowWaitlist)).toBe(true);
  });

  it('creates the patient logins with the documented flags', async () => {
    const jane = await userNamed('jane.patient');
    expect(jane).toMatchObject({
      memberType: 'patient',
      status: 'active',
      email: 'jane.patient@example.com',
      twoFactorRequired: false,
      isResetPasswordRequired: false,
    });
    expect(jane.mobilePhone).toBeTruthy();
    expect(jane.securityQuestion).toBeTruthy();
    expect(await verifySecret(DEMO_PASSWORD, jane.passwordHash ?? '')).toBe(true);
    expect(await verifySecret(DEMO_SECURITY_ANSWER, jane.securityAnswerHash ?? '')).toBe(true);

    const john = await userNamed('john.twofactor');
    expect(john).toMatchObject({
      memberType: 'patient',
      twoFactorRequired: true,
      email: 'john.twofactor@example.com',
    });
    expect(john.mobilePhone).toBeTruthy();
    expect(await verifySecret(DEMO_PASSWORD, john.passwordHash ?? '')).toBe(true);

    const reset = await userNamed('reset.required');
    expect(reset).toMatchObject({
      memberType: 'patient',
      isResetPasswordRequired: true,
      securityQuestion: null,
      securityAnswerHash: null,
    });
    expect(await verifySecret(DEMO_PASSWORD, reset.passwordHash ?? '')).toBe(true);

    const registered = await t.context.db
      .select({ userId: clinicPatients.userId })
      .from(clinicPatients)
      .where(inArray(clinicPatients.userId, [jane.id, john.id]));
    expect(registered).toHaveLength(2);
  });

  it('creates the provider logins with their permissions, and four providers with weekly schedules', async () => {
    const smith = await userNamed('dr.smith');
    const limited = await userNamed('dr.limited');
    expect(smith.memberType).toBe('doctor');
    expect(await verifySecret(DEMO_PASSWORD, smith.passwordHash ?? '')).toBe(true);
    expect(await verifySecret(DEMO_PASSWORD, limited.passwordHash ?? '')).toBe(true);

    // Four scheduled providers, plus the imported one without credentials (doctor registration demo).
    const [newhire] = await t.context.db.select().from(users).where(eq(users.memberId, 'D-NEWHIRE'));
    expect(newhire).toMatchObject({ username: null, passwordHash: null, email: 'dr.newhire@example.com' });
    const allRows = await t.context.db.select().from(providers);
    expect(allRows).toHaveLength(5);
    const rows = allRows.filter((row) => row.userId !== newhire?.id);
    expect(rows).toHaveLength(4);
    expect([...(rows.find((row) => row.userId === smith.id)?.permissions ?? [])].sort()).toEqual(
      [...PROVIDER_PERMISSIONS].sort(),
    );
    expect(rows.find((row) => row.userId === limited.id)?.permissions).toEqual(['APPOINTMENTS']);

    const schedules = await t.context.db.select().from(providerSchedules);
    for (const provider of rows) {
      expect(schedules.some((block) => block.providerId === provider.id)).toBe(true);
    }
    expect(
      schedules.every((block) => block.weekday >= 1 && block.weekday <= 7 && block.startTime < block.endTime),
    ).toBe(true);

    // The two providers that are not demo logins do not open with the demo password.
    const others = await t.context.db
      .select()
      .from(users)
      .where(inArray(users.username, ['dr.patel', 'dr.gomez']));
    expect(others).toHaveLength(2);
    for (const other of others) {
      expect(await verifySecret(DEMO_PASSWORD, other.passwordHash ?? '')).toBe(false);
    }
  });

  it('gives every user a distinct memberId', async () => {
    const rows = await t.context.db.select({ memberId: users.memberId }).from(users);
    expect(new Set(rows.map((row) => row.memberId)).size).toBe(rows.length);
  });

  it('seeds nothing on a second call, but still returns the summary for the welcome text', async () => {
    const [before] = await t.context.db.select({ n: count() }).from(users);
    const second = await seedDemoDataIfEmpty(t.context.db, t.context.now());
    const [after] = await t.context.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    expect(second).toMatchObject({ seeded: false, clinicNumber: 1001, masterPassword: DEMO_MASTER_PASSWORD });
    const [clinicCount] = await t.context.db.select({ n: count() }).from(clinics);
    // Riverside and the clinic of the demo invitation (issue 16), each once.
    expect(clinicCount?.n).toBe(2);
  });
});

describe('seedDemoDataIfEmpty on a database with other data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves it alone and returns null', async () => {
    await t.context.db.insert(clinics).values({ clinicNumber: 5000, name: 'A real clinic' });
    expect(await seedDemoDataIfEmpty(t.context.db, t.context.now())).toBeNull();
    const [userCount] = await t.context.db.select({ n: count() }).from(users);
    expect(userCount?.n).toBe(0);
  });
});

describe('welcomeLines', () => {
  const demo: DemoSummary = {
    seeded: true,
    clinicNumber: 1001,
    clinicName: 'Riverside Family Health',
    masterPassword: DEMO_MASTER_PASSWORD,
    password: DEMO_PASSWORD,
    securityAnswer: DEMO_SECURITY_ANSWER,
    logins: [{ username: 'jane.patient', role: 'patient', shows: 'logs straight in' }],
  };

  it('prints the URL, the clinic, the logins and the dev outbox in development', () => {
    const text = welcomeLines({
      url: 'http://localhost:3000/',
      env: parseEnv({ NODE_ENV: 'development' }),
      demo,
    }).join('\n');
    expect(text).toContain('http://localhost:3000');
    expect(text).toContain('Clinic ID 1001');
    expect(text).toContain(DEMO_MASTER_PASSWORD);
    expect(text).toContain('jane.patient');
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toContain('http://localhost:3000/dev/outbox');
    expect(text).toContain("jane.patient's telehealth visit with dr.smith is open now");
  });

  it('prints only the URL in production', () => {
    const env = { ...parseEnv({ NODE_ENV: 'development' }), NODE_ENV: 'production' as const };
    expect(welcomeLines({ url: 'https://portal.example', env, demo })).toEqual([
      'Care portal is running at https://portal.example  (variant care-plan)',
    ]);
  });
});
