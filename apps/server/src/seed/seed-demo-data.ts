import { sealDemoMasterPassword, seedDemoWorkspaceAdmin } from './seed-demo-workspace-admin.ts';
import { WORKSPACE_MODULES } from '@app/contracts/workspace-modules';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { CLINIC_MODULES, type AdvancedFilterKind } from '@app/contracts/scheduling';
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
import { seedDemoAppointments } from './seed-demo-appointments.ts';
import { seedDemoProviderDay } from './seed-demo-provider-day.ts';
import { seedDemoClinicWeek } from './seed-demo-clinic-week.ts';
import { seedDemoTasks } from './seed-demo-tasks.ts';
import { seedDemoPayments } from './seed-demo-payments.ts';
import { seedDemoMessaging } from './seed-demo-messaging.ts';
import { seedDemoDocuments } from './seed-demo-documents.ts';
import { seedDemoQuestionnaires } from './seed-demo-questionnaires.ts';
import { seedDemoVitals } from './seed-demo-vitals.ts';
import { seedDemoOnFlyTask } from './seed-demo-on-fly.ts';
import { hashSecret, randomToken, verifySecret } from '../platform/passwords.ts';
import {
  readDemoInvitation,
  seedDemoClinicInvitations,
  type DemoInvitation,
} from './seed-demo-clinic-invitations.ts';

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
/** Every booking module is on in the demo clinic (spec 2 §6), so each variant can be tried. */
// spec 3 §6: the demo clinic has every workspace module on, so dr.smith sees the whole sidebar.
export const DEMO_CLINIC_MODULES: string[] = [...CLINIC_MODULES, ...WORKSPACE_MODULES];
/** spec 2 §6 canPatientCancel: the demo clinic lets patients cancel online up to 2 hours before. */
export const DEMO_PATIENT_CANCEL_NOTICE_MINUTES = 120;

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
  /** Issue 16: the printed invitation code of the second demo clinic, while it is valid. */
  invitation?: DemoInvitation | null;
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
  {
    username: 'olive.balance',
    role: 'patient',
    shows: 'has an outstanding balance: sees the balance list after login and pays it with a test card',
  },
  {
    username: 'tom.family',
    role: 'patient',
    shows: 'a family member: jane.patient links him on her Family page with his username and password',
  },
  { username: 'mia.family', role: 'patient', shows: 'a second family member jane.patient can link' },
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

type VisitTypeKey = 'inPerson' | 'telehealth';
const DEMO_VISIT_TYPES: Record<VisitTypeKey, string> = { inPerson: 'In person', telehealth: 'Telehealth' };

interface DemoConsultationType {
  name: string;
  durationMinutes: number;
  isTelehealth: boolean;
  allowWaitlist: boolean;
  visitType: VisitTypeKey;
  isInternal?: boolean;
  isCommentRequired?: boolean;
  commentLength?: number;
  message?: string;
  isConvertRequired?: boolean;
}

// Each spec 2 §3 consultation-type rule appears once: a required reason with its own length, the grey
// 'Important' message, an internal (care-manager only) type, and a type without the waitlist.
export const DEMO_CONSULTATION_TYPES: DemoConsultationType[] = [
  {
    name: 'New patient visit',
    durationMinutes: 30,
    isTelehealth: false,
    allowWaitlist: true,
    visitType: 'inPerson',
    isCommentRequired: true,
    commentLength: 200,
    isConvertRequired: true,
  },
  {
    name: 'Follow-up',
    durationMinutes: 15,
    isTelehealth: false,
    allowWaitlist: true,
    visitType: 'inPerson',
    message: 'Please bring a list of the medicines you take, with their doses.',
    isConvertRequired: true,
  },
  {
    name: 'Telehealth visit',
    durationMinutes: 20,
    isTelehealth: true,
    allowWaitlist: true,
    visitType: 'telehealth',
  },
  {
    name: 'Annual physical',
    durationMinutes: 45,
    isTelehealth: false,
    allowWaitlist: false,
    visitType: 'inPerson',
  },
  {
    name: 'Care coordination call',
    durationMinutes: 30,
    isTelehealth: false,
    allowWaitlist: false,
    visitType: 'inPerson',
    isInternal: true,
  },
];

/** Which consultation types each kind of department offers (provider_consultation_types). */
const OFFICE_TYPES = ['New patient visit', 'Follow-up', 'Annual physical', 'Care coordination call'];
const TELEHEALTH_TYPES = ['Telehealth visit'];

const DEMO_SPECIALTIES = ['Family medicine', 'Internal medicine', 'Pediatrics'];
export const DEMO_INSURANCES = ['Aetna', 'Blue Cross Blue Shield', 'Medicare', 'Self-pay'];
const DEMO_FILTER_OPTIONS: Record<AdvancedFilterKind, string[]> = {
  language: ['English', 'Spanish', 'Hindi'],
  modality: ['In person', 'Video'],
  gender: ['Female', 'Male'],
  allyship: ['LGBTQ+ affirming'],
  ethnicity: ['Asian', 'Hispanic or Latino', 'White'],
};

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
  {
    // Issue 5 item 9: a balance of her own (seed-demo-payments.ts), so spec 1 §2 rule 4 sends her to the
    // balance list after login. Not jane: jane's login must land on her appointments.
    username: 'olive.balance',
    memberId: '10010004',
    firstName: 'Olive',
    lastName: 'Grant',
    email: 'olive.balance@example.com',
    mobilePhone: '+12125550104',
    birthdate: '1968-07-03',
    gender: 'female',
    twoFactorRequired: false,
    isResetPasswordRequired: false,
    hasSecurityQuestion: true,
  },
  // spec 3 §2 Family accounts: two patients whose credentials jane.patient can use to link them as
  // family members (Family page, care-plan app) and then switch to.
  {
    username: 'tom.family',
    memberId: '10010005',
    firstName: 'Tom',
    lastName: 'Cooper',
    email: 'tom.family@example.com',
    mobilePhone: '+12125550105',
    birthdate: '2012-02-14',
    gender: 'male',
    twoFactorRequired: false,
    isResetPasswordRequired: false,
    hasSecurityQuestion: true,
  },
  {
    username: 'mia.family',
    memberId: '10010006',
    firstName: 'Mia',
    lastName: 'Cooper',
    email: 'mia.family@example.com',
    mobilePhone: '+12125550106',
    birthdate: '2015-06-21',
    gender: 'female',
    twoFactorRequired: false,
    isResetPasswordRequired: false,
    hasSecurityQuestion: true,
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
  insurances: string[];
  /** Advanced filter options (care manager), by name. */
  filterOptions: string[];
  patientAges?: { min: number | null; max: number | null };
  acceptingNewPatients?: boolean;
  /** spec 2 §3 settings: patients may book only up to this many days ahead. */
  bookingCloseInDays?: number;
  /** A week away, starting this many days from the seed day (no slots then). */
  timeOffInDays?: number;
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
    insurances: DEMO_INSURANCES,
    filterOptions: ['English', 'Spanish', 'In person', 'Video', 'Female', 'LGBTQ+ affirming', 'White'],
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
    insurances: ['Aetna', 'Medicare'],
    filterOptions: ['English', 'In person', 'Video', 'Male', 'Asian'],
    patientAges: { min: 18, max: null },
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
    insurances: ['Blue Cross Blue Shield', 'Self-pay'],
    filterOptions: ['English', 'Hindi', 'In person', 'Female', 'Asian'],
    patientAges: { min: 0, max: 17 },
    bookingCloseInDays: 60,
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
    insurances: ['Aetna', 'Blue Cross Blue Shield', 'Self-pay'],
    filterOptions: ['English', 'Spanish', 'Video', 'Male', 'LGBTQ+ affirming', 'Hispanic or Latino'],
    acceptingNewPatients: false,
    timeOffInDays: 14,
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

interface DemoCatalogue {
  specialties: Map<string, string>;
  insurances: Map<string, string>;
  consultationTypes: Map<string, string>;
  filterOptions: Map<string, string>;
}

const byName = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.name, row.id]));

/** Reference lists of spec 2 §7 (visit types, specialties, insurances, advanced filters) and the types. */
async function insertCatalogue(tx: Db, clinicId: string): Promise<DemoCatalogue> {
  const visitTypeRows = await tx
    .insert(visitTypes)
    .values(Object.values(DEMO_VISIT_TYPES).map((name) => ({ clinicId, name })))
    .returning({ id: visitTypes.id, name: visitTypes.name });
  const visitTypeIds = byName(visitTypeRows);
  const typeRows = await tx
    .insert(consultationTypes)
    .values(
      DEMO_CONSULTATION_TYPES.map(({ visitType, ...type }) => ({
        ...type,
        clinicId,
        visitTypeId: requireValue(visitTypeIds.get(DEMO_VISIT_TYPES[visitType]), visitType),
      })),
    )
    .returning({ id: consultationTypes.id, name: consultationTypes.name });
  const specialtyRows = await tx
    .insert(specialties)
    .values(DEMO_SPECIALTIES.map((name) => ({ clinicId, name })))
    .returning({ id: specialties.id, name: specialties.name });
  const insuranceRows = await tx
    .insert(insurances)
    .values(DEMO_INSURANCES.map((name) => ({ clinicId, name })))
    .returning({ id: insurances.id, name: insurances.name });
  const optionRows = await tx
    .insert(schedulingFilterOptions)
    .values(
      (Object.entries(DEMO_FILTER_OPTIONS) as [AdvancedFilterKind, string[]][]).flatMap(([kind, names]) =>
        names.map((name) => ({ clinicId, kind, name })),
      ),
    )
    .returning({ id: schedulingFilterOptions.id, name: schedulingFilterOptions.name });
  return {
    specialties: byName(specialtyRows),
    insurances: byName(insuranceRows),
    consultationTypes: byName(typeRows),
    // Option names are unique across the kinds, so providers link them by name.
    filterOptions: byName(optionRows),
  };
}

/**
 * What a provider offers where (office types in office departments, the telehealth type in Riverside
 * Telehealth), their insurances and advanced filter options, a booking close date and time off.
 */
async function insertProviderOffers(
  tx: Db,
  input: {
    doctor: DemoProvider;
    providerId: string;
    departmentIds: Map<DepartmentKey, string>;
    catalogue: DemoCatalogue;
    now: Date;
  },
): Promise<void> {
  const { doctor, providerId, departmentIds, catalogue, now } = input;
  const today = DateTime.fromJSDate(now, { zone: 'America/New_York' }).startOf('day');
  const bookingCloseDate =
    doctor.bookingCloseInDays === undefined
      ? null
      : today.plus({ days: doctor.bookingCloseInDays }).toISODate();
  const departmentKeys = [...new Set(doctor.schedule.map((block) => block.department))];
  await tx.insert(providerConsultationTypes).values(
    departmentKeys.flatMap((department) =>
      (department === 'telehealth' ? TELEHEALTH_TYPES : OFFICE_TYPES).map((typeName) => ({
        providerId,
        departmentId: requireValue(departmentIds.get(department), department),
        consultationTypeId: requireValue(catalogue.consultationTypes.get(typeName), typeName),
        bookingCloseDate,
      })),
    ),
  );
  await tx.insert(providerInsurances).values(
    doctor.insurances.map((name) => ({
      providerId,
      insuranceId: requireValue(catalogue.insurances.get(name), name),
    })),
  );
  await tx.insert(providerFilterOptions).values(
    doctor.filterOptions.map((name) => ({
      providerId,
      optionId: requireValue(catalogue.filterOptions.get(name), name),
    })),
  );
  if (doctor.timeOffInDays !== undefined) {
    const zone = DEMO_DEPARTMENTS[requireValue(departmentKeys[0], 'department')].timezone;
    const start = DateTime.fromJSDate(now, { zone }).startOf('day').plus({ days: doctor.timeOffInDays });
    await tx.insert(providerTimeOff).values({
      providerId,
      startAt: start.toJSDate(),
      finishAt: start.plus({ days: 7 }).toJSDate(),
      reason: 'Annual leave',
    });
  }
}

/** Writes the whole demo clinic; false if another instance got there first. */
async function insertDemoData(db: Db, secrets: DemoSecrets, now: Date): Promise<boolean> {
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
        patientCancelNoticeMinutes: DEMO_PATIENT_CANCEL_NOTICE_MINUTES,
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

    const catalogue = await insertCatalogue(tx, clinicId);

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
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      await tx
        .insert(clinicPatients)
        .values({ clinicId, userId: requireValue(user, patient.username).id, registeredAt: now });
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
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const [provider] = await tx
        .insert(providers)
        .values({
          userId: requireValue(user, doctor.username).id,
          clinicId,
          title: doctor.title,
          specialty: doctor.specialty,
          specialtyId: requireValue(catalogue.specialties.get(doctor.specialty), doctor.specialty),
          permissions: [...doctor.permissions],
          acceptingNewPatients: doctor.acceptingNewPatients ?? true,
          patientMinAge: doctor.patientAges?.min ?? null,
          patientMaxAge: doctor.patientAges?.max ?? null,
        })
        .returning({ id: providers.id });
      const providerId = requireValue(provider, doctor.username).id;
      await insertProviderOffers(tx, { doctor, providerId, departmentIds, catalogue, now });
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
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    await tx.insert(providers).values({
      userId: requireValue(newhire, 'newhire').id,
      clinicId,
      permissions: ['MESSAGE', 'APPOINTMENTS'],
    });
    await seedDemoAppointments(tx, now);
    await seedDemoProviderDay(tx, now);
    await seedDemoClinicWeek(tx, clinicId, now);
    await seedDemoTasks(tx, DEMO_CLINIC_NAME);
    await seedDemoPayments(tx, DEMO_CLINIC_NAME, now);
    await seedDemoDocuments(tx, DEMO_CLINIC_NAME);
    await seedDemoQuestionnaires(tx, DEMO_CLINIC_NAME);
    await seedDemoOnFlyTask(tx, DEMO_CLINIC_NAME, 'jane.patient');
    await seedDemoMessaging(tx, DEMO_CLINIC_NAME, now);
    await seedDemoVitals(tx, DEMO_CLINIC_NAME, 'jane.patient', 'dr.smith', now);
    await seedDemoWorkspaceAdmin(tx, { clinicId, doctorUsername: 'dr.smith', now });
    await seedDemoClinicInvitations(tx, now);
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
    invitation: await readDemoInvitation(db),
  };
}

/**
 * Seeds the demo clinic into an empty database (no users, no clinics) in one transaction.
 * Returns the summary with seeded=true when it seeded, seeded=false when the demo clinic already
 * existed, and null when the database holds other data (a real clinic's database is never touched).
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  /** The server's clock (context.now, decision 0031): the demo's days and times are relative to it. */
  now: Date,
  /** The app's server secret: with it the master password panel can show the demo password (decision 0027). */
  serverSecret?: Uint8Array,
): Promise<DemoSummary | null> {
  if (!(await isEmpty(db))) {
    if (serverSecret) {
      await sealDemoMasterPassword(db, serverSecret, DEMO_CLINIC_NUMBER, DEMO_MASTER_PASSWORD);
    }
    return readDemoSummary(db);
  }
  const secrets = await hashDemoSecrets();
  const inserted = await insertDemoData(db, secrets, now);
  if (serverSecret) {
    await sealDemoMasterPassword(db, serverSecret, DEMO_CLINIC_NUMBER, DEMO_MASTER_PASSWORD);
  }
  const summary = await readDemoSummary(db);
  return summary && inserted ? { ...summary, seeded: true } : summary;
}
