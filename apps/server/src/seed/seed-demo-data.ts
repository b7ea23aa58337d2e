import { eq, sql } from 'drizzle-orm';
import { PROVIDER_PERMISSIONS, type ProviderPermission } from '@app/contracts/roles';
import { DEFAULT_BRAND_BACKGROUND } from '@app/contracts/variants';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
  providerSchedules,
} from '../db/schema/clinics.ts';
import { hashSecret, randomToken, verifySecret } from '../platform/passwords.ts';

// Issue 2 item 4: the demo clinic a newcomer logs in to after `npm start`. Everything here is fixed
// and public (README), which is why it is never created when NODE_ENV=production (server.ts and
// run-seed.ts guard that; this module only knows how to write the data).

export const DEMO_CLINIC_NUMBER = 1001;
export const DEMO_CLINIC_NAME = 'Riverside Family Health';
export const DEMO_MASTER_PASSWORD = 'RiversideMaster#1001';
export const DEMO_PASSWORD = 'CarePortal#2026';
export const DEMO_SECURITY_QUESTION = 'What is the name of the street you grew up on?';
/** Lower case on purpose: it matches however the recovery flow normalises answers. */
export const DEMO_SECURITY_ANSWER = 'riverside';
export const DEMO_CLINIC_MODULES = ['waitlist', 'recurring-visit'];

export interface DemoLogin {
  username: string;
  role: 'patient' | 'provider';
  /** What logging in as this user demonstrates. */
  shows: string;
}

export interface DemoSummary {
  /** True when this call created the data, false when the demo clinic was there already. */
  seeded: boolean;
  clinicNumber: number;
  clinicName: string;
  /** Null when someone changed the master password after seeding. */
  masterPassword: string | null;
  password: string;
  securityAnswer: string;
  logins: DemoLogin[];
}

export const DEMO_LOGINS: DemoLogin[] = [
  { username: 'jane.patient', role: 'patient', shows: 'logs straight in to her appointments' },
  {
    username: 'john.twofactor',
    role: 'patient',
    shows: 'asks for a 6-digit code, sent by SMS and email (read it in the dev outbox)',
  },
  {
    username: 'reset.required',
    role: 'patient',
    shows: 'must choose a new password and a security question first',
  },
  { username: 'dr.smith', role: 'provider', shows: 'provider with every permission' },
  { username: 'dr.limited', role: 'provider', shows: 'provider with only the APPOINTMENTS permission' },
];

/** Serialises concurrent first starts of several instances on one empty PostgreSQL database. */
const SEED_LOCK_KEY = 7_310_001;

type DepartmentKey = 'main' | 'telehealth' | 'lakeside';

interface DemoDepartment {
  name: string;
  timezone: string;
  address: string | null;
  state: string;
}

// Two US time zones, so scheduling is exercised across zones from the first start.
const DEMO_DEPARTMENTS: Record<DepartmentKey, DemoDepartment> = {
  main: {
    name: 'Riverside Main Clinic',
    timezone: 'America/New_York',
    address: '120 River Road, Albany, NY 12207',
    state: 'NY',
  },
  telehealth: { name: 'Riverside Telehealth', timezone: 'America/New_York', address: null, state: 'NY' },
  lakeside: {
    name: 'Lakeside Clinic',
    timezone: 'America/Chicago',
    address: '45 Lakeshore Drive, Evanston, IL 60201',
    state: 'IL',
  },
};

const DEMO_CONSULTATION_TYPES = [
  { name: 'New patient visit', durationMinutes: 30, isTelehealth: false, allowWaitlist: true },
  { name: 'Follow-up', durationMinutes: 15, isTelehealth: false, allowWaitlist: true },
  { name: 'Telehealth visit', durationMinutes: 20, isTelehealth: true, allowWaitlist: true },
  { name: 'Annual physical', durationMinutes: 45, isTelehealth: false, allowWaitlist: false },
];

interface DemoPatient {
  username: string;
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone: string;
  birthdate: string;
  gender: string;
  twoFactorRequired: boolean;
  isResetPasswordRequired: boolean;
  hasSecurityQuestion: boolean;
}

// Phone numbers are in the 555-01xx range reserved for fiction, with real area codes so that phone
// validation (libphonenumber) accepts them.
const DEMO_PATIENTS: DemoPatient[] = [
  {
    username: 'jane.patient',
    memberId: '10010001',
    firstName: 'Jane',
    lastName: 'Cooper',
    email: 'jane.patient@example.com',
    mobilePhone: '+12125550101',
    birthdate: '1985-04-12',
    gender: 'female',
    twoFactorRequired: false,
    isResetPasswordRequired: false,
    hasSecurityQuestion: true,
  },
  {
    username: 'john.twofactor',
    memberId: '10010002',
    firstName: 'John',
    lastName: 'Miller',
    email: 'john.twofactor@example.com',
    mobilePhone: '+12125550102',
    birthdate: '1979-09-30',
    gender: 'male',
    twoFactorRequired: true,
    isResetPasswordRequired: false,
    hasSecurityQuestion: true,
  },
  {
    username: 'reset.required',
    memberId: '10010003',
    firstName: 'Riley',
    lastName: 'Brooks',
    email: 'reset.required@example.com',
    mobilePhone: '+12125550103',
    birthdate: '1992-01-20',
    gender: 'female',
    twoFactorRequired: false,
    isResetPasswordRequired: true,
    hasSecurityQuestion: false,
  },
];

interface DemoProvider {
  username: string;
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone: string;
  title: string;
  specialty: string;
  /** Only the documented demo logins get the known password; the others get a random one. */
  loginable: boolean;
  permissions: readonly ProviderPermission[];
  /** Weekly hours: department, ISO weekdays (1 = Monday), start and end in the department's zone. */
  schedule: { department: DepartmentKey; weekdays: number[]; start: string; end: string }[];
}

const DEMO_PROVIDERS: DemoProvider[] = [
  {
    username: 'dr.smith',
    memberId: '10019001',
    firstName: 'Alice',
    lastName: 'Smith',
    email: 'dr.smith@example.com',
    mobilePhone: '+12125550111',
    title: 'MD',
    specialty: 'Family medicine',
    loginable: true,
    permissions: PROVIDER_PERMISSIONS,
    schedule: [{ department: 'main', weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
  },
  {
    username: 'dr.limited',
    memberId: '10019002',
    firstName: 'Daniel',
    lastName: 'Lee',
    email: 'dr.limited@example.com',
    mobilePhone: '+12125550112',
    title: 'NP',
    specialty: 'Internal medicine',
    loginable: true,
    permissions: ['APPOINTMENTS'],
    schedule: [
      { department: 'main', weekdays: [1, 3, 5], start: '08:00', end: '12:00' },
      { department: 'telehealth', weekdays: [2, 4], start: '13:00', end: '17:00' },
    ],
  },
  {
    username: 'dr.patel',
    memberId: '10019003',
    firstName: 'Priya',
    lastName: 'Patel',
    email: 'dr.patel@example.com',
    mobilePhone: '+13125550113',
    title: 'MD',
    specialty: 'Pediatrics',
    loginable: false,
    permissions: ['APPOINTMENTS', 'PATIENT', 'MESSAGE'],
    schedule: [{ department: 'lakeside', weekdays: [1, 2, 3, 4], start: '08:00', end: '16:00' }],
  },
  {
    username: 'dr.gomez',
    memberId: '10019004',
    firstName: 'Carlos',
    lastName: 'Gomez',
    email: 'dr.gomez@example.com',
    mobilePhone: '+13125550114',
    title: 'DO',
    specialty: 'Family medicine',
    loginable: false,
    permissions: ['APPOINTMENTS', 'PATIENT', 'TELEHEALTH_WAITING_ROOM'],
    schedule: [
      { department: 'telehealth', weekdays: [1, 3], start: '12:00', end: '18:00' },
      { department: 'lakeside', weekdays: [5], start: '09:00', end: '13:00' },
    ],
  },
];

interface DemoSecrets {
  masterPasswordHash: string;
  passwordHashes: Map<string, string>;
  securityAnswerHashes: Map<string, string>;
}

/** Hashing is the slow part (scrypt); done before the transaction and in parallel on libuv's pool. */
async function hashDemoSecrets(): Promise<DemoSecrets> {
  const usernames = [...DEMO_PATIENTS.map((p) => p.username), ...DEMO_PROVIDERS.map((p) => p.username)];
  const loginable = new Set([
    ...DEMO_PATIENTS.map((p) => p.username),
    ...DEMO_PROVIDERS.filter((p) => p.loginable).map((p) => p.username),
  ]);
  const withQuestion = usernames.filter(
    (username) => DEMO_PATIENTS.find((p) => p.username === username)?.hasSecurityQuestion ?? true,
  );
  const [masterPasswordHash, passwords, answers] = await Promise.all([
    hashSecret(DEMO_MASTER_PASSWORD),
    Promise.all(
      usernames.map(
        async (username) =>
          [username, await hashSecret(loginable.has(username) ? DEMO_PASSWORD : randomToken())] as const,
      ),
    ),
    Promise.all(
      withQuestion.map(async (username) => [username, await hashSecret(DEMO_SECURITY_ANSWER)] as const),
    ),
  ]);
  return {
    masterPasswordHash,
    passwordHashes: new Map(passwords),
    securityAnswerHashes: new Map(answers),
  };
}

function requireValue<T>(value: T | undefined, what: string): T {
  if (value === undefined) {
    throw new Error(`Demo data: ${what} is missing`);
  }
  return value;
}

async function isEmpty(db: Db): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  const [anyClinic] = await db.select({ id: clinics.id }).from(clinics).limit(1);
  return !anyUser && !anyClinic;
}

/** Writes the whole demo clinic; false if another instance got there first. */
async function insertDemoData(db: Db, secrets: DemoSecrets): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) {
      return false;
    }
    const [clinic] = await tx
      .insert(clinics)
      .values({
        clinicNumber: DEMO_CLINIC_NUMBER,
        name: DEMO_CLINIC_NAME,
        masterPasswordHash: secrets.masterPasswordHash,
        logo: null,
        backgroundColor: DEFAULT_BRAND_BACKGROUND,
        checkInFlowColor: '#1f6f66',
        modules: DEMO_CLINIC_MODULES,
      })
      .returning({ id: clinics.id });
    const clinicId = requireValue(clinic, 'clinic').id;

    const departmentKeys = Object.keys(DEMO_DEPARTMENTS) as DepartmentKey[];
    const departmentRows = await tx
      .insert(departments)
      .values(departmentKeys.map((key) => ({ ...DEMO_DEPARTMENTS[key], clinicId })))
      .returning({ id: departments.id, name: departments.name });
    const departmentIds = new Map(
      departmentKeys.map((key) => [
        key,
        requireValue(
          departmentRows.find((row) => row.name === DEMO_DEPARTMENTS[key].name),
          key,
        ).id,
      ]),
    );

    await tx.insert(consultationTypes).values(DEMO_CONSULTATION_TYPES.map((type) => ({ ...type, clinicId })));

    for (const patient of DEMO_PATIENTS) {
      const [user] = await tx
        .insert(users)
        .values({
          memberId: patient.memberId,
          username: patient.username,
          passwordHash: requireValue(secrets.passwordHashes.get(patient.username), patient.username),
          memberType: 'patient',
          firstName: patient.firstName,
          lastName: patient.lastName,
          email: patient.email,
          mobilePhone: patient.mobilePhone,
          birthdate: patient.birthdate,
          gender: patient.gender,
          timezone: 'America/New_York',
          isResetPasswordRequired: patient.isResetPasswordRequired,
          securityQuestion: patient.hasSecurityQuestion ? DEMO_SECURITY_QUESTION : null,
          securityAnswerHash: secrets.securityAnswerHashes.get(patient.username) ?? null,
          twoFactorRequired: patient.twoFactorRequired,
        })
        .returning({ id: users.id });
      await tx.insert(clinicPatients).values({ clinicId, userId: requireValue(user, patient.username).id });
    }

    for (const doctor of DEMO_PROVIDERS) {
      const firstDepartment = requireValue(doctor.schedule[0], `${doctor.username} schedule`).department;
      const [user] = await tx
        .insert(users)
        .values({
          memberId: doctor.memberId,
          username: doctor.username,
          passwordHash: requireValue(secrets.passwordHashes.get(doctor.username), doctor.username),
          memberType: 'doctor',
          firstName: doctor.firstName,
          lastName: doctor.lastName,
          email: doctor.email,
          mobilePhone: doctor.mobilePhone,
          timezone: DEMO_DEPARTMENTS[firstDepartment].timezone,
          isResetPasswordRequired: false,
          securityQuestion: DEMO_SECURITY_QUESTION,
          securityAnswerHash: requireValue(
            secrets.securityAnswerHashes.get(doctor.username),
            doctor.username,
          ),
        })
        .returning({ id: users.id });
      const [provider] = await tx
        .insert(providers)
        .values({
          userId: requireValue(user, doctor.username).id,
          clinicId,
          title: doctor.title,
          specialty: doctor.specialty,
          permissions: [...doctor.permissions],
        })
        .returning({ id: providers.id });
      const providerId = requireValue(provider, doctor.username).id;
      await tx.insert(providerSchedules).values(
        doctor.schedule.flatMap((block) =>
          block.weekdays.map((weekday) => ({
            providerId,
            departmentId: requireValue(departmentIds.get(block.department), block.department),
            weekday,
            startTime: `${block.start}:00`,
            endTime: `${block.end}:00`,
          })),
        ),
      );
    }

    // spec 1 §2 Doctor registration: a provider imported from the health record without credentials,
    // so a newcomer can try /guest/doctor-registration (last name Newhire, dr.newhire@example.com).
    const [newhire] = await tx
      .insert(users)
      .values({
        memberId: 'D-NEWHIRE',
        memberType: 'doctor',
        status: 'pending',
        firstName: 'Nora',
        lastName: 'Newhire',
        email: 'dr.newhire@example.com',
      })
      .returning({ id: users.id });
    await tx.insert(providers).values({
      userId: requireValue(newhire, 'newhire').id,
      clinicId,
      permissions: ['MESSAGE', 'APPOINTMENTS'],
    });
    return true;
  });
}

/**
 * The summary of the demo clinic if it exists (whether seeded now or on an earlier start), so the
 * server can print the demo logins and master password on every start in development.
 */
export async function readDemoSummary(db: Db): Promise<DemoSummary | null> {
  const [clinic] = await db
    .select({ name: clinics.name, masterPasswordHash: clinics.masterPasswordHash })
    .from(clinics)
    .where(eq(clinics.clinicNumber, DEMO_CLINIC_NUMBER));
  if (!clinic) {
    return null;
  }
  // Print the master password only while it still opens the clinic.
  const unchanged = clinic.masterPasswordHash
    ? await verifySecret(DEMO_MASTER_PASSWORD, clinic.masterPasswordHash)
    : false;
  return {
    seeded: false,
    clinicNumber: DEMO_CLINIC_NUMBER,
    clinicName: clinic.name,
    masterPassword: unchanged ? DEMO_MASTER_PASSWORD : null,
    password: DEMO_PASSWORD,
    securityAnswer: DEMO_SECURITY_ANSWER,
    logins: DEMO_LOGINS,
  };
}

/**
 * Seeds the demo clinic into an empty database (no users, no clinics) in one transaction.
 * Returns the summary with seeded=true when it seeded, seeded=false when the demo clinic already
 * existed, and null when the database holds other data (a real clinic's database is never touched).
 */
export async function seedDemoDataIfEmpty(db: Db): Promise<DemoSummary | null> {
  if (!(await isEmpty(db))) {
    return readDemoSummary(db);
  }
  const secrets = await hashDemoSecrets();
  const inserted = await insertDemoData(db, secrets);
  const summary = await readDemoSummary(db);
  return summary && inserted ? { ...summary, seeded: true } : summary;
}
