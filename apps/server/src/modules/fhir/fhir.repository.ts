import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  gt,
  not,
  or,
  sql,
  type SQL,
  type AnyColumn,
  Column,
  is,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  clinicPatients,
  clinics,
  consultationTypes,
  departments,
  providers,
} from '../../db/schema/clinics.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';
import { signDocuments, signedDocuments } from '../../db/schema/documents.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { appointmentAttachments } from '../../db/schema/patient-records.ts';
import { questionnaireForms, questionnaireResponses } from '../../db/schema/questionnaires.ts';
import { messageThreadParticipants, messageThreads, threadMessages } from '../../db/schema/messaging.ts';
import { appointments, providerConsultationTypes } from '../../db/schema/scheduling.ts';
import { vitalValues } from '../../db/schema/vitals.ts';
import type { FhirCaller } from './fhir-caller.ts';
import type {
  AppointmentRow,
  CoverageRow,
  DocumentRow,
  MessageRow,
  LocationRow,
  OrganizationRow,
  PatientRow,
  PractitionerRow,
  QuestionnaireResponseRow,
  QuestionnaireRow,
  ScheduleRow,
  VitalRow,
} from './fhir-mappers.ts';
import { APPOINTMENT_ATTACHMENT_PURPOSE, SIGNED_DOCUMENT_PURPOSE } from './fhir-mappers.ts';
import type { DateFilter } from './fhir-search.ts';

// Queries only (decision 0081): each search is one statement per page, narrowed first by the
// caller's compartment, with the page's total counted in the same statement (count(*) over ()).

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** Filters already turned into SQL by the service, plus the page. */
export interface PageQuery {
  where: (SQL | undefined)[];
  limit: number;
  offset: number;
  /** `_sort` turned into SQL by the service (id last, for a stable page); absent keeps the type's order. */
  orderBy?: SQL[];
}

/**
 * Each type's last change (decision 0091): meta.lastUpdated and `_lastUpdated` read the same column.
 * Appointments have no updated_at: their last recorded change is the latest of created, confirmed and
 * cancelled (a switch between office and video is not dated, so it does not move it).
 */
export const LAST_UPDATED = {
  Patient: users.updatedAt,
  Practitioner: users.updatedAt,
  Observation: vitalValues.createdAt,
  Appointment:
    sql<Date>`greatest(${appointments.createdAt}, ${appointments.confirmedAt}, ${appointments.cancelledAt})`.mapWith(
      appointments.createdAt,
    ),
  Coverage: insuranceCards.updatedAt,
  Communication: threadMessages.createdAt,
  // A resubmission overwrites the answers and submitted_at: the response's last change.
  QuestionnaireResponse: questionnaireResponses.submittedAt,
  // Stored files are never rewritten (a new version is a new file).
  DocumentReference: storedFiles.createdAt,
} as const;

/** A document's date: when it was signed, else when the file was stored (as documentDateMatches). */
export const DOCUMENT_DATE = sql<Date>`coalesce(${signedDocuments.signedAt}, ${storedFiles.createdAt})`;

const NOTHING = sql`false`;

export function anyOf(column: AnyColumn, values: readonly string[]): SQL {
  return values.length === 0 ? NOTHING : inArray(column, [...values]);
}

/** `column` is one of the caller's directory clinics: a list, or the patient's clinics read in place. */
function inDirectory(caller: FhirCaller, column: AnyColumn): SQL {
  const clinicsOf = caller.directoryClinicIds;
  if ('clinicsOfPatient' in clinicsOf) {
    return sql`${column} in (select ${clinicPatients.clinicId} from ${clinicPatients} where ${clinicPatients.userId} = ${clinicsOf.clinicsOfPatient})`;
  }
  return anyOf(column, clinicsOf);
}

/**
 * `column >= date` or `column < date`. A column encodes the date itself; an expression (LAST_UPDATED's
 * greatest(...)) has no encoder, so the date goes as an ISO text cast to timestamptz, not as a Date.
 */
function compareInstant(column: AnyColumn | SQL, operator: '>=' | '<', date: Date): SQL {
  if (is(column, Column)) {
    return operator === '>=' ? gte(column, date) : lt(column, date);
  }
  const value = sql`${date.toISOString()}::timestamptz`;
  return operator === '>=' ? sql`${column} >= ${value}` : sql`${column} < ${value}`;
}

/** A date filter on an instant (half-open ranges: [start, end)). */
export function instantMatches(column: AnyColumn | SQL, filter: DateFilter): SQL | undefined {
  const atOrAfter = (date: Date) => compareInstant(column, '>=', date);
  const before = (date: Date) => compareInstant(column, '<', date);
  const { start, end } = filter;
  switch (filter.prefix) {
    case 'eq':
      return and(atOrAfter(start), before(end));
    case 'ne':
      return or(before(start), atOrAfter(end));
    case 'lt':
    case 'eb':
      return before(start);
    case 'gt':
    case 'sa':
      return atOrAfter(end);
    case 'le':
      return before(end);
    case 'ge':
      return atOrAfter(start);
  }
}

/** A date filter on a period [from, to) (FHIR's range comparison, search §3.1.1.4.1). */
export function periodMatches(from: AnyColumn, to: AnyColumn, filter: DateFilter): SQL | undefined {
  const { start, end } = filter;
  switch (filter.prefix) {
    case 'eq':
      return and(gte(from, start), lte(to, end));
    case 'ne':
      return not(and(gte(from, start), lte(to, end)) ?? NOTHING);
    case 'lt':
      return lt(from, start);
    case 'gt':
      return gt(to, end);
    case 'le':
      return lt(from, end);
    case 'ge':
      return gt(to, start);
    case 'sa':
      return gte(from, end);
    case 'eb':
      return lte(to, start);
  }
}

const total = sql<number>`count(*) over ()`.mapWith(Number);

function pageOf<Row extends { total: number }>(rows: Row[]): Page<Omit<Row, 'total'>> {
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: rows[0]?.total ?? 0,
  };
}

/** Patients the caller may read: their own record, or the patients of their PATIENT clinics. */
export function patientScope(caller: FhirCaller, patientColumn: AnyColumn): SQL {
  if (caller.patientUserId !== null) {
    return eq(patientColumn, caller.patientUserId);
  }
  if (caller.patientClinicIds.length === 0) {
    return NOTHING;
  }
  return inArray(patientColumn, sqlSubqueryOfClinicPatients(caller.patientClinicIds));
}

function sqlSubqueryOfClinicPatients(clinicIds: readonly string[]) {
  return sql`(select ${clinicPatients.userId} from ${clinicPatients} where ${inArray(clinicPatients.clinicId, [...clinicIds])})`;
}

export async function findPatients(db: Db, caller: FhirCaller, query: PageQuery): Promise<Page<PatientRow>> {
  const rows = await db
    .select({
      id: users.id,
      memberId: users.memberId,
      firstName: users.firstName,
      lastName: users.lastName,
      gender: users.gender,
      birthdate: users.birthdate,
      email: users.email,
      mobilePhone: users.mobilePhone,
      communicationLanguage: users.communicationLanguage,
      status: users.status,
      lastUpdated: LAST_UPDATED.Patient,
      total,
    })
    .from(users)
    .where(and(eq(users.memberType, 'patient'), patientScope(caller, users.id), ...query.where))
    .orderBy(...(query.orderBy ?? [asc(users.lastName), asc(users.firstName), asc(users.id)]))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

const partner = alias(vitalValues, 'bp_partner');
/** The other half of a blood-pressure reading: same patient, same instant. */
const PARTNER_VALUE = sql.raw(
  `select bp_partner.value from vital_values bp_partner where bp_partner.user_id = vital_values.user_id and bp_partner.recorded_at = vital_values.recorded_at and bp_partner.key = case vital_values.key when 'systolic_bp' then 'diastolic_bp' when 'diastolic_bp' then 'systolic_bp' end order by bp_partner.id limit 1`,
);

/**
 * Vital values that are Observations. A diastolic reading with a systolic one at the same instant
 * is part of that systolic row's panel, not an Observation of its own.
 */
export async function findVitals(
  db: Db,
  caller: FhirCaller,
  keys: readonly string[],
  query: PageQuery,
): Promise<Page<VitalRow>> {
  const rows = await db
    .select({
      id: vitalValues.id,
      userId: vitalValues.userId,
      key: vitalValues.key,
      value: vitalValues.value,
      recordedAt: vitalValues.recordedAt,
      lastUpdated: LAST_UPDATED.Observation,
      // Written out: drizzle leaves the columns of a select's own sql unqualified, ambiguous here.
      partnerValue: sql<number | null>`(${PARTNER_VALUE})`.mapWith((value: unknown) =>
        value === null ? null : Number(value),
      ),
      total,
    })
    .from(vitalValues)
    .where(
      and(
        patientScope(caller, vitalValues.userId),
        anyOf(vitalValues.key, keys),
        not(
          and(
            eq(vitalValues.key, 'diastolic_bp'),
            exists(
              db
                .select({ one: sql`1` })
                .from(partner)
                .where(
                  and(
                    eq(partner.userId, vitalValues.userId),
                    eq(partner.recordedAt, vitalValues.recordedAt),
                    eq(partner.key, 'systolic_bp'),
                  ),
                ),
            ),
          ) ?? NOTHING,
        ),
        ...query.where,
      ),
    )
    .orderBy(...(query.orderBy ?? [desc(vitalValues.recordedAt), asc(vitalValues.id)]))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

/** Appointments of the caller's own record, or of their PATIENT clinics. */
export function appointmentScope(caller: FhirCaller): SQL {
  return caller.patientUserId !== null
    ? eq(appointments.patientUserId, caller.patientUserId)
    : anyOf(appointments.clinicId, caller.patientClinicIds);
}

export async function findAppointments(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<AppointmentRow>> {
  const rows = await db
    .select({
      id: appointments.id,
      patientUserId: appointments.patientUserId,
      practitionerUserId: providers.userId,
      clinicId: appointments.clinicId,
      departmentId: appointments.departmentId,
      startAt: appointments.startAt,
      finishAt: appointments.finishAt,
      type: appointments.type,
      status: appointments.status,
      consultationTypeName: consultationTypes.name,
      comment: appointments.comment,
      createdAt: appointments.createdAt,
      lastUpdated: LAST_UPDATED.Appointment,
      total,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, appointments.consultationTypeId))
    .where(and(appointmentScope(caller), ...query.where))
    .orderBy(...(query.orderBy ?? [asc(appointments.startAt), asc(appointments.id)]))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

export async function findPractitioners(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<PractitionerRow>> {
  const rows = await db
    .select({
      id: users.id,
      memberId: users.memberId,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      lastUpdated: LAST_UPDATED.Practitioner,
      total,
    })
    .from(users)
    .where(
      and(
        eq(users.memberType, 'doctor'),
        exists(
          db
            .select({ one: sql`1` })
            .from(providers)
            .where(and(eq(providers.userId, users.id), inDirectory(caller, providers.clinicId))),
        ),
        ...query.where,
      ),
    )
    .orderBy(...(query.orderBy ?? [asc(users.lastName), asc(users.firstName), asc(users.id)]))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

export async function findOrganizations(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<OrganizationRow>> {
  const rows = await db
    .select({ id: clinics.id, clinicNumber: clinics.clinicNumber, name: clinics.name, total })
    .from(clinics)
    .where(and(inDirectory(caller, clinics.id), ...query.where))
    .orderBy(asc(clinics.name), asc(clinics.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

export async function findLocations(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<LocationRow>> {
  const rows = await db
    .select({
      id: departments.id,
      clinicId: departments.clinicId,
      name: departments.name,
      address: departments.address,
      city: departments.city,
      state: departments.state,
      total,
    })
    .from(departments)
    .where(and(inDirectory(caller, departments.clinicId), ...query.where))
    .orderBy(asc(departments.name), asc(departments.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

/** Insurance cards of the caller's own record, or of their PATIENT clinics (a card belongs to one clinic). */
export async function findCoverages(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<CoverageRow>> {
  const rows = await db
    .select({
      id: insuranceCards.id,
      userId: insuranceCards.userId,
      kind: insuranceCards.kind,
      insuranceNumber: insuranceCards.insuranceNumber,
      ircName: insuranceCards.ircName,
      planName: insuranceCards.planName,
      policyHolderName: insuranceCards.policyHolderName,
      lastUpdated: LAST_UPDATED.Coverage,
      total,
    })
    .from(insuranceCards)
    .where(
      and(
        caller.patientUserId !== null
          ? eq(insuranceCards.userId, caller.patientUserId)
          : anyOf(insuranceCards.clinicId, caller.patientClinicIds),
        ...query.where,
      ),
    )
    .orderBy(
      ...(query.orderBy ?? [asc(insuranceCards.userId), asc(insuranceCards.kind), asc(insuranceCards.id)]),
    )
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

/**
 * Messages of the threads of one patient (a thread has one patient at most; threads without one are
 * staff conversations, never served): the caller's own, or those of their PATIENT+MESSAGE clinics.
 */
export async function findMessages(db: Db, caller: FhirCaller, query: PageQuery): Promise<Page<MessageRow>> {
  const rows = await db
    .select({
      id: threadMessages.id,
      patientUserId: messageThreadParticipants.userId,
      senderUserId: threadMessages.senderUserId,
      subject: messageThreads.subject,
      body: threadMessages.body,
      createdAt: threadMessages.createdAt,
      lastUpdated: LAST_UPDATED.Communication,
      total,
    })
    .from(threadMessages)
    .innerJoin(messageThreads, eq(messageThreads.id, threadMessages.threadId))
    .innerJoin(
      messageThreadParticipants,
      and(
        eq(messageThreadParticipants.threadId, threadMessages.threadId),
        eq(messageThreadParticipants.kind, 'patient'),
      ),
    )
    .where(
      and(
        caller.patientUserId !== null
          ? eq(messageThreadParticipants.userId, caller.patientUserId)
          : anyOf(messageThreads.clinicId, caller.messageClinicIds),
        ...query.where,
      ),
    )
    .orderBy(...(query.orderBy ?? [asc(threadMessages.seq)]))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

/**
 * What patients may book (decision 0085, the portal's booking rules, spec 2 §2 and §6): an offer of a
 * schedulable provider, in a department open for scheduling, of a consultation type that is not
 * internal, in one of the caller's directory clinics.
 */
function publicOfferWhere(caller: FhirCaller): SQL | undefined {
  return and(
    inDirectory(caller, providers.clinicId),
    sql`(${providers.scheduling} or ${providers.groupScheduling})`,
    eq(departments.isScheduling, true),
    eq(departments.clinicId, providers.clinicId),
    eq(consultationTypes.clinicId, providers.clinicId),
    eq(consultationTypes.isInternal, false),
  );
}

/** Schedules: one per provider (and clinic) with at least one public offer; one statement per page. */
export async function findSchedules(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<ScheduleRow>> {
  const rows = await db
    .select({
      id: providers.id,
      practitionerUserId: providers.userId,
      departmentIds: sql<
        string[]
      >`array_agg(distinct ${departments.id}::text order by ${departments.id}::text)`,
      serviceNames: sql<
        string[]
      >`array_agg(distinct ${consultationTypes.name} order by ${consultationTypes.name})`,
      total,
    })
    .from(providerConsultationTypes)
    .innerJoin(providers, eq(providers.id, providerConsultationTypes.providerId))
    .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, providerConsultationTypes.consultationTypeId))
    .where(and(publicOfferWhere(caller), ...query.where))
    .groupBy(providers.id, providers.userId)
    .orderBy(asc(providers.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

/** A public offer (decision 0085) with what the slot computation needs. */
export interface PublicOffer {
  providerId: string;
  departmentId: string;
  consultationTypeName: string;
  timezone: string;
  durationMinutes: number;
  bookingOpenDate: string | null;
  bookingCloseDate: string | null;
}

/** The public offers of some schedules (all of the caller's clinics when `scheduleIds` is null). */
export async function findPublicOffers(
  db: Db,
  caller: FhirCaller,
  scheduleIds: readonly string[] | null,
): Promise<PublicOffer[]> {
  return db
    .select({
      providerId: providers.id,
      departmentId: departments.id,
      consultationTypeName: consultationTypes.name,
      timezone: departments.timezone,
      durationMinutes: consultationTypes.durationMinutes,
      bookingOpenDate: providerConsultationTypes.bookingOpenDate,
      bookingCloseDate: providerConsultationTypes.bookingCloseDate,
    })
    .from(providerConsultationTypes)
    .innerJoin(providers, eq(providers.id, providerConsultationTypes.providerId))
    .innerJoin(departments, eq(departments.id, providerConsultationTypes.departmentId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, providerConsultationTypes.consultationTypeId))
    .where(and(publicOfferWhere(caller), scheduleIds === null ? undefined : anyOf(providers.id, scheduleIds)))
    .orderBy(asc(providers.id), asc(departments.id), asc(consultationTypes.name));
}

/** The questionnaire forms of the caller's clinics (spec 2 §3). */
export async function findQuestionnaires(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<QuestionnaireRow>> {
  const rows = await db
    .select({
      id: questionnaireForms.id,
      title: questionnaireForms.title,
      definition: questionnaireForms.definition,
      total,
    })
    .from(questionnaireForms)
    .where(and(inDirectory(caller, questionnaireForms.clinicId), ...query.where))
    .orderBy(asc(questionnaireForms.title), asc(questionnaireForms.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

/**
 * Saved answers (spec 2 §4) with their form's definition: the caller's own, or those given at their
 * PATIENT clinics (a response belongs to the clinic of its task).
 */
export async function findQuestionnaireResponses(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<QuestionnaireResponseRow>> {
  const rows = await db
    .select({
      id: questionnaireResponses.id,
      formId: questionnaireResponses.formId,
      patientUserId: questionnaireResponses.patientUserId,
      submittedBy: questionnaireResponses.submittedBy,
      submittedAt: questionnaireResponses.submittedAt,
      answers: questionnaireResponses.answers,
      definition: questionnaireForms.definition,
      lastUpdated: LAST_UPDATED.QuestionnaireResponse,
      total,
    })
    .from(questionnaireResponses)
    .innerJoin(questionnaireForms, eq(questionnaireForms.id, questionnaireResponses.formId))
    .where(
      and(
        caller.patientUserId !== null
          ? eq(questionnaireResponses.patientUserId, caller.patientUserId)
          : anyOf(questionnaireResponses.clinicId, caller.patientClinicIds),
        ...query.where,
      ),
    )
    .orderBy(...(query.orderBy ?? [desc(questionnaireResponses.submittedAt), asc(questionnaireResponses.id)]))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}

const uploader = alias(users, 'uploader');

/** A date filter on a document's date: when it was signed, else when the file was stored. */
export function documentDateMatches(filter: DateFilter): SQL | undefined {
  return or(
    and(isNotNull(signedDocuments.signedAt), instantMatches(signedDocuments.signedAt, filter)),
    and(isNull(signedDocuments.signedAt), instantMatches(storedFiles.createdAt, filter)),
  );
}

/**
 * The files the portal holds as documents (decision 0085): signed documents and appointment
 * attachments (insurance card images are the Coverage's), the caller's own, or those of their PATIENT
 * clinics (a file belongs to one clinic, as GET /api/files/:fileId decides).
 */
export async function findDocuments(
  db: Db,
  caller: FhirCaller,
  query: PageQuery,
): Promise<Page<DocumentRow>> {
  const rows = await db
    .select({
      id: storedFiles.id,
      ownerUserId: storedFiles.ownerUserId,
      uploadedByUserId: storedFiles.uploadedByUserId,
      uploaderMemberType: uploader.memberType,
      purpose: storedFiles.purpose,
      contentType: storedFiles.contentType,
      sizeBytes: storedFiles.sizeBytes,
      createdAt: storedFiles.createdAt,
      signedTitle: signDocuments.title,
      signedAt: signedDocuments.signedAt,
      attachmentTitle: appointmentAttachments.title,
      appointmentId: appointmentAttachments.appointmentId,
      lastUpdated: LAST_UPDATED.DocumentReference,
      total,
    })
    .from(storedFiles)
    .innerJoin(uploader, eq(uploader.id, storedFiles.uploadedByUserId))
    .leftJoin(signedDocuments, eq(signedDocuments.fileId, storedFiles.id))
    .leftJoin(signDocuments, eq(signDocuments.id, signedDocuments.documentId))
    .leftJoin(appointmentAttachments, eq(appointmentAttachments.fileId, storedFiles.id))
    .where(
      and(
        anyOf(storedFiles.purpose, [SIGNED_DOCUMENT_PURPOSE, APPOINTMENT_ATTACHMENT_PURPOSE]),
        caller.patientUserId !== null
          ? eq(storedFiles.ownerUserId, caller.patientUserId)
          : anyOf(storedFiles.clinicId, caller.patientClinicIds),
        ...query.where,
      ),
    )
    .orderBy(...(query.orderBy ?? [desc(storedFiles.createdAt), asc(storedFiles.id)]))
    .limit(query.limit)
    .offset(query.offset);
  return pageOf(rows);
}
