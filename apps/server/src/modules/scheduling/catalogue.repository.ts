import { and, asc, eq, exists, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdvancedFilterKind } from '@app/contracts/scheduling';
import type { Db } from '../../db/client.ts';
import { placeholder, prepared } from '../../db/prepared.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
  specialties,
  visitTypes,
} from '../../db/schema/clinics.ts';
import {
  insurances,
  providerConsultationTypes,
  providerFilterOptions,
  providerInsurances,
  schedulingFilterOptions,
} from '../../db/schema/scheduling.ts';

export type ClinicRow = { id: string; name: string; modules: string[] };

export async function findClinic(db: Db, clinicId: string): Promise<ClinicRow | null> {
  const [row] = await db
    .select({ id: clinics.id, name: clinics.name, modules: clinics.modules })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  return row ?? null;
}

/** The clinic, when this user is registered there as a patient (one query). */
export async function findClinicOfPatient(
  db: Db,
  clinicId: string,
  userId: string,
): Promise<ClinicRow | null> {
  // Runs on every slot search (prepared, db/prepared.ts).
  const statement = prepared(db, 'scheduling_clinic_of_patient', () =>
    db
      .select({ id: clinics.id, name: clinics.name, modules: clinics.modules })
      .from(clinics)
      .innerJoin(
        clinicPatients,
        and(eq(clinicPatients.clinicId, clinics.id), eq(clinicPatients.userId, placeholder('userId'))),
      )
      .where(eq(clinics.id, placeholder('clinicId')))
      .prepare('scheduling_clinic_of_patient'),
  );
  const [row] = await statement.execute({ clinicId, userId });
  return row ?? null;
}

export async function isClinicPatient(db: Db, clinicId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: clinicPatients.userId })
    .from(clinicPatients)
    .innerJoin(users, eq(users.id, clinicPatients.userId))
    .where(
      and(
        eq(clinicPatients.clinicId, clinicId),
        eq(clinicPatients.userId, userId),
        eq(users.memberType, 'patient'),
      ),
    );
  return Boolean(row);
}

export async function findPatientBirthdate(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ birthdate: users.birthdate }).from(users).where(eq(users.id, userId));
  return row?.birthdate ?? null;
}

const departmentColumns = {
  id: departments.id,
  name: departments.name,
  timezone: departments.timezone,
  address: departments.address,
  city: departments.city,
  state: departments.state,
  isScheduling: departments.isScheduling,
};
export type DepartmentRow = {
  id: string;
  name: string;
  timezone: string;
  address: string | null;
  city: string | null;
  state: string | null;
  isScheduling: boolean;
};

/** Departments of a clinic; with providerId / visitTypeId only those with a matching offer. */
export async function listDepartments(
  db: Db,
  filter: {
    clinicId: string;
    onlyScheduling: boolean;
    providerId?: string | undefined;
    visitTypeId?: string | undefined;
    includeInternal: boolean;
  },
): Promise<DepartmentRow[]> {
  const offerFilter =
    filter.providerId || filter.visitTypeId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(providerConsultationTypes)
            .innerJoin(
              consultationTypes,
              eq(consultationTypes.id, providerConsultationTypes.consultationTypeId),
            )
            .where(
              and(
                eq(providerConsultationTypes.departmentId, departments.id),
                filter.providerId ? eq(providerConsultationTypes.providerId, filter.providerId) : undefined,
                filter.visitTypeId ? eq(consultationTypes.visitTypeId, filter.visitTypeId) : undefined,
                filter.includeInternal ? undefined : eq(consultationTypes.isInternal, false),
              ),
            ),
        )
      : undefined;
  return db
    .select(departmentColumns)
    .from(departments)
    .where(
      and(
        eq(departments.clinicId, filter.clinicId),
        filter.onlyScheduling ? eq(departments.isScheduling, true) : undefined,
        offerFilter,
      ),
    )
    .orderBy(asc(departments.name));
}

export async function findDepartment(
  db: Db,
  departmentId: string,
): Promise<(DepartmentRow & { clinicId: string }) | null> {
  const [row] = await db
    .select({ ...departmentColumns, clinicId: departments.clinicId })
    .from(departments)
    .where(eq(departments.id, departmentId));
  return row ?? null;
}

export async function listNamed(
  db: Db,
  clinicId: string,
): Promise<{
  insurances: { id: string; name: string }[];
  specialties: { id: string; name: string }[];
  visitTypes: { id: string; name: string }[];
  filterOptions: { id: string; name: string; kind: AdvancedFilterKind }[];
}> {
  const [insuranceRows, specialtyRows, visitTypeRows, optionRows] = await Promise.all([
    db
      .select({ id: insurances.id, name: insurances.name })
      .from(insurances)
      .where(eq(insurances.clinicId, clinicId))
      .orderBy(asc(insurances.name)),
    db
      .select({ id: specialties.id, name: specialties.name })
      .from(specialties)
      .where(eq(specialties.clinicId, clinicId))
      .orderBy(asc(specialties.name)),
    db
      .select({ id: visitTypes.id, name: visitTypes.name })
      .from(visitTypes)
      .where(eq(visitTypes.clinicId, clinicId))
      .orderBy(asc(visitTypes.name)),
    db
      .select({
        id: schedulingFilterOptions.id,
        name: schedulingFilterOptions.name,
        kind: schedulingFilterOptions.kind,
      })
      .from(schedulingFilterOptions)
      .where(eq(schedulingFilterOptions.clinicId, clinicId))
      .orderBy(asc(schedulingFilterOptions.name)),
  ]);
  return {
    insurances: insuranceRows,
    specialties: specialtyRows,
    visitTypes: visitTypeRows,
    filterOptions: optionRows,
  };
}

const consultationTypeColumns = {
  id: consultationTypes.id,
  clinicId: consultationTypes.clinicId,
  name: consultationTypes.name,
  durationMinutes: consultationTypes.durationMinutes,
  commentLength: consultationTypes.commentLength,
  isCommentRequired: consultationTypes.isCommentRequired,
  isShowComment: consultationTypes.isShowComment,
  message: consultationTypes.message,
  isTelehealth: consultationTypes.isTelehealth,
  isInternal: consultationTypes.isInternal,
  allowWaitlist: consultationTypes.allowWaitlist,
  visitTypeId: consultationTypes.visitTypeId,
};
export type ConsultationTypeRow = {
  id: string;
  clinicId: string;
  name: string;
  durationMinutes: number;
  commentLength: number;
  isCommentRequired: boolean;
  isShowComment: boolean;
  message: string | null;
  isTelehealth: boolean;
  isInternal: boolean;
  allowWaitlist: boolean;
  visitTypeId: string | null;
};

export async function findConsultationType(db: Db, id: string): Promise<ConsultationTypeRow | null> {
  const [row] = await db
    .select(consultationTypeColumns)
    .from(consultationTypes)
    .where(eq(consultationTypes.id, id));
  return row ?? null;
}

/** Consultation types of a clinic; with provider / department only those offered there. */
export async function listConsultationTypes(
  db: Db,
  filter: {
    clinicId: string;
    includeInternal: boolean;
    onlySchedulingDepartments: boolean;
    providerId?: string | undefined;
    departmentId?: string | undefined;
    visitTypeId?: string | undefined;
  },
): Promise<ConsultationTypeRow[]> {
  const offered =
    filter.providerId || filter.departmentId || filter.onlySchedulingDepartments
      ? exists(
          db
            .select({ one: sql`1` })
            .from(providerConsultationTypes)
            .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
            .innerJoin(providers, eq(providers.id, providerConsultationTypes.providerId))
            .where(
              and(
                eq(providerConsultationTypes.consultationTypeId, consultationTypes.id),
                filter.providerId ? eq(providerConsultationTypes.providerId, filter.providerId) : undefined,
                filter.departmentId
                  ? eq(providerConsultationTypes.departmentId, filter.departmentId)
                  : undefined,
                filter.onlySchedulingDepartments ? eq(departments.isScheduling, true) : undefined,
                or(eq(providers.scheduling, true), eq(providers.groupScheduling, true)),
              ),
            ),
        )
      : undefined;
  return db
    .select(consultationTypeColumns)
    .from(consultationTypes)
    .where(
      and(
        eq(consultationTypes.clinicId, filter.clinicId),
        filter.includeInternal ? undefined : eq(consultationTypes.isInternal, false),
        filter.visitTypeId ? eq(consultationTypes.visitTypeId, filter.visitTypeId) : undefined,
        offered,
      ),
    )
    .orderBy(asc(consultationTypes.name));
}

export interface ProviderRow {
  id: string;
  clinicId: string;
  firstName: string;
  lastName: string;
  title: string | null;
  specialty: string | null;
  image: string | null;
  acceptingNewPatients: boolean;
  scheduling: boolean;
  groupScheduling: boolean;
}

export interface ProviderFilter {
  clinicId: string;
  providerId?: string | undefined;
  stateId?: string | undefined;
  insuranceId?: string | undefined;
  specialtyId?: string | undefined;
  visitTypeId?: string | undefined;
  departmentId?: string | undefined;
  includeInternal: boolean;
  onlySchedulingDepartments: boolean;
  acceptingNewPatients?: boolean | undefined;
  /** Patient age in whole years (care-manager birthDate filter). */
  patientAge?: number | undefined;
  /** Per advanced filter kind: the provider has at least one of these options. */
  optionIds?: Partial<Record<AdvancedFilterKind, string[]>>;
}

/**
 * spec 2 §2 provider list: active providers of the clinic with scheduling or group scheduling and at
 * least one offer matching the filters.
 */
export async function listProviders(db: Db, filter: ProviderFilter): Promise<ProviderRow[]> {
  const offerConditions: (SQL | undefined)[] = [
    eq(providerConsultationTypes.providerId, providers.id),
    filter.departmentId ? eq(providerConsultationTypes.departmentId, filter.departmentId) : undefined,
    filter.visitTypeId ? eq(consultationTypes.visitTypeId, filter.visitTypeId) : undefined,
    filter.stateId ? eq(departments.state, filter.stateId) : undefined,
    filter.includeInternal ? undefined : eq(consultationTypes.isInternal, false),
    filter.onlySchedulingDepartments ? eq(departments.isScheduling, true) : undefined,
  ];
  const hasOffer = exists(
    db
      .select({ one: sql`1` })
      .from(providerConsultationTypes)
      .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
      .innerJoin(consultationTypes, eq(consultationTypes.id, providerConsultationTypes.consultationTypeId))
      .where(and(...offerConditions)),
  );
  const optionConditions = Object.values(filter.optionIds ?? {})
    .filter((ids): ids is string[] => Array.isArray(ids) && ids.length > 0)
    .map((ids) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(providerFilterOptions)
          .where(
            and(
              eq(providerFilterOptions.providerId, providers.id),
              inArray(providerFilterOptions.optionId, ids),
            ),
          ),
      ),
    );
  return db
    .select({
      id: providers.id,
      clinicId: providers.clinicId,
      firstName: users.firstName,
      lastName: users.lastName,
      title: providers.title,
      specialty: sql<string | null>`coalesce(${specialties.name}, ${providers.specialty})`,
      image: users.image,
      acceptingNewPatients: providers.acceptingNewPatients,
      scheduling: providers.scheduling,
      groupScheduling: providers.groupScheduling,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .leftJoin(specialties, eq(specialties.id, providers.specialtyId))
    .where(
      and(
        eq(providers.clinicId, filter.clinicId),
        filter.providerId ? eq(providers.id, filter.providerId) : undefined,
        eq(users.status, 'active'),
        or(eq(providers.scheduling, true), eq(providers.groupScheduling, true)),
        filter.specialtyId ? eq(providers.specialtyId, filter.specialtyId) : undefined,
        filter.acceptingNewPatients === undefined
          ? undefined
          : eq(providers.acceptingNewPatients, filter.acceptingNewPatients),
        filter.patientAge === undefined
          ? undefined
          : and(
              or(isNull(providers.patientMinAge), lte(providers.patientMinAge, filter.patientAge)),
              or(isNull(providers.patientMaxAge), gte(providers.patientMaxAge, filter.patientAge)),
            ),
        filter.insuranceId
          ? exists(
              db
                .select({ one: sql`1` })
                .from(providerInsurances)
                .where(
                  and(
                    eq(providerInsurances.providerId, providers.id),
                    eq(providerInsurances.insuranceId, filter.insuranceId),
                  ),
                ),
            )
          : undefined,
        hasOffer,
        ...optionConditions,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** The booking windows of a provider's offers of one type (one department or all). */
export async function listOfferWindows(
  db: Db,
  filter: {
    providerId: string;
    consultationTypeId: string;
    departmentId?: string | undefined;
    onlyScheduling: boolean;
  },
) {
  return db
    .select({
      clinicId: providers.clinicId,
      bookingOpenDate: providerConsultationTypes.bookingOpenDate,
      bookingCloseDate: providerConsultationTypes.bookingCloseDate,
      isInternal: consultationTypes.isInternal,
    })
    .from(providerConsultationTypes)
    .innerJoin(providers, eq(providers.id, providerConsultationTypes.providerId))
    .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, providerConsultationTypes.consultationTypeId))
    .where(
      and(
        eq(providerConsultationTypes.providerId, filter.providerId),
        eq(providerConsultationTypes.consultationTypeId, filter.consultationTypeId),
        filter.departmentId ? eq(providerConsultationTypes.departmentId, filter.departmentId) : undefined,
        filter.onlyScheduling ? eq(departments.isScheduling, true) : undefined,
      ),
    );
}

export async function findProviderClinic(db: Db, providerId: string): Promise<string | null> {
  const [row] = await db
    .select({ clinicId: providers.clinicId })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row?.clinicId ?? null;
}
