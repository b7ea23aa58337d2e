import { fileHref } from '@app/contracts/files';
import {
  PATIENT_SEARCH_LIMIT,
  TIME_ENTRY_RUNNING_TEXT,
  TIME_ENTRY_STOPPED_TEXT,
  type ChartPatient,
  type PatientContacts,
  type PatientPayments,
  type SignedDocumentList,
  type TimeEntry,
  type TimeEntryList,
} from '@app/contracts/patient-chart';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { getAddress, getClinicUserDetails, getEmergency } from '../demographics/demographics.service.ts';
import { patientPaymentsAtClinic } from '../payments/payments.service.ts';
import {
  findClinicPatient,
  findEntry,
  findSignedDocuments,
  findTimeEntries,
  insertRunningEntry,
  searchClinicPatients,
  stopEntry,
  type ChartPatientRow,
  type TimeEntryRow,
} from './patient-chart.repository.ts';

// spec 3 §2 Patient search and the patient view's tabs. The access rule has already checked PATIENT
// and that the clinic is the caller's; here the patient must be registered at that clinic, else 404.

const PATIENT_NOT_FOUND_TEXT = 'Patient not found.';

interface ChartParams {
  clinicId: string;
  patientId: string;
}

function toChartPatient(row: ChartPatientRow): ChartPatient {
  return {
    id: row.id,
    userId: row.id,
    memberId: row.memberId,
    birthdate: row.birthdate,
    image: row.image,
    name: `${row.firstName} ${row.lastName}`.trim(),
    firstName: row.firstName,
    lastName: row.lastName,
    // Our accounts keep no preferred name or EHR deep link yet (decision 0025).
    preferredName: null,
    exactLink: null,
  };
}

async function requirePatient(context: AppContext, params: ChartParams): Promise<ChartPatientRow> {
  const row = await findClinicPatient(context.db, params.clinicId, params.patientId);
  if (!row) {
    throw new HttpError(404, PATIENT_NOT_FOUND_TEXT, { code: 'patient_not_found' });
  }
  return row;
}

export async function searchPatients(
  context: AppContext,
  clinicId: string,
  query: { query: string; birthDate?: string | undefined },
): Promise<{ items: ChartPatient[] }> {
  const rows = await searchClinicPatients(context.db, clinicId, query, PATIENT_SEARCH_LIMIT);
  return { items: rows.map(toChartPatient) };
}

/** spec 3 §7 Get patient (clinic uuid, patient id). */
export async function getChartPatient(context: AppContext, params: ChartParams): Promise<ChartPatient> {
  return toChartPatient(await requirePatient(context, params));
}

export async function listSignedDocuments(
  context: AppContext,
  params: ChartParams,
): Promise<SignedDocumentList> {
  await requirePatient(context, params);
  const rows = await findSignedDocuments(context.db, params.clinicId, params.patientId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      signerName: row.signerName,
      signedAt: row.signedAt.toISOString(),
      href: fileHref(row.fileId),
    })),
  };
}

export async function getPatientPayments(context: AppContext, params: ChartParams): Promise<PatientPayments> {
  await requirePatient(context, params);
  return patientPaymentsAtClinic(context.db, params.patientId, params.clinicId);
}

export async function getPatientContacts(
  context: AppContext,
  auth: AuthContext,
  params: ChartParams,
): Promise<PatientContacts> {
  const patient = await requirePatient(context, params);
  const clinicUser = { clinicUuid: params.clinicId, accountId: params.patientId };
  const [address, emergency, details] = await Promise.all([
    getAddress(context.db, auth, clinicUser),
    getEmergency(context.db, auth, params.patientId),
    getClinicUserDetails(context.db, auth, { clinicUuid: params.clinicId, userId: params.patientId }),
  ]);
  return {
    email: patient.email,
    mobilePhone: patient.mobilePhone,
    homePhone: details.homePhone,
    address,
    emergency,
  };
}

// --- time recorder (decision 0025) ------------------------------------------------------------------

function toTimeEntry(row: TimeEntryRow, now: Date): TimeEntry {
  const end = row.stoppedAt ?? now;
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    seconds: Math.max(0, Math.floor((end.getTime() - row.startedAt.getTime()) / 1000)),
    note: row.note,
  };
}

const ownerOf = (auth: AuthContext, params: ChartParams) => ({
  clinicId: params.clinicId,
  providerUserId: auth.userId,
  patientUserId: params.patientId,
});

export async function listTimeEntries(
  context: AppContext,
  auth: AuthContext,
  params: ChartParams,
): Promise<TimeEntryList> {
  await requirePatient(context, params);
  const now = context.now();
  const entries = (await findTimeEntries(context.db, ownerOf(auth, params))).map((row) =>
    toTimeEntry(row, now),
  );
  return {
    items: entries,
    running: entries.find((entry) => entry.stoppedAt === null) ?? null,
    totalSeconds: entries.reduce((sum, entry) => sum + entry.seconds, 0),
  };
}

export async function startTimeEntry(
  context: AppContext,
  auth: AuthContext,
  params: ChartParams,
): Promise<TimeEntry> {
  await requirePatient(context, params);
  const now = context.now();
  // In a transaction, so the audit events commit with the entry (decision 0064); a refusal rolls back.
  const row = await context.db.transaction(async (tx) => {
    const inserted = await insertRunningEntry(tx, ownerOf(auth, params), now);
    if (!inserted) {
      throw new HttpError(409, TIME_ENTRY_RUNNING_TEXT, { code: 'timer_running' });
    }
    return inserted;
  });
  return toTimeEntry(row, now);
}

export async function stopTimeEntry(
  context: AppContext,
  auth: AuthContext,
  params: ChartParams & { entryId: string },
  note: string | undefined,
): Promise<TimeEntry> {
  await requirePatient(context, params);
  const now = context.now();
  const owner = ownerOf(auth, params);
  // In a transaction, so the audit events commit with the change (decision 0064); a refusal rolls back.
  const row = await context.db.transaction(async (tx) => {
    const stopped = await stopEntry(tx, owner, params.entryId, now, note ? note : null);
    if (stopped) {
      return stopped;
    }
    if (await findEntry(tx, owner, params.entryId)) {
      throw new HttpError(409, TIME_ENTRY_STOPPED_TEXT, { code: 'timer_stopped' });
    }
    throw new HttpError(404, 'Time entry not found.', { code: 'not_found' });
  });
  return toTimeEntry(row, now);
}
