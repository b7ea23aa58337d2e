import {
  VOICE_CALL_PERMISSION,
  VOICE_CALL_TEXTS,
  phoneSuffixOf,
  type VoiceCall,
} from '@app/contracts/voice-calls';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { toE164 } from '../../platform/phone-validation.ts';
import { createTelephonyAdapter } from '../../platform/telephony/create-telephony-adapter.ts';
import type { TelephonyAdapter, TelephonyLog } from '../../platform/telephony/telephony-adapter.ts';
import {
  clinicPermissionsOf,
  endActiveCall,
  endActiveCallsOfVisit,
  findActiveCallTo,
  findCall,
  findClinicPatient,
  findClinicVisit,
  insertCall,
  listCalls,
  patientNameOf,
  updateCall,
  type CallablePatient,
  type VoiceCallRow,
} from './voice-calls.repository.ts';

// Issue 17 item 4 (decision 0043). spec 3 §2: only providers update voice calls (the routes admit
// providers only); ending a video call ends the visit's voice calls (endVisitVoiceCalls, called by
// the video module); the dialer exists only where the clinic's OUTBOUND_CALLING module is on (the
// routes' access rule, checked for the clinic in the path).

/** Phone numbers on file are US numbers (spec 1 §9 region US). */
const PHONE_REGION = 'US';

/** One adapter per app (its context), made on first use from the environment. */
const adapters = new WeakMap<AppContext, { adapter: TelephonyAdapter | null }>();

export function telephonyOf(context: AppContext, log: TelephonyLog): TelephonyAdapter | null {
  let entry = adapters.get(context);
  if (!entry) {
    entry = { adapter: createTelephonyAdapter({ env: context.env, db: context.db, now: context.now, log }) };
    adapters.set(context, entry);
  }
  return entry.adapter;
}

/** Tests swap the provider (a failing one, say) without another app. */
export function setTelephonyForTests(context: AppContext, adapter: TelephonyAdapter | null): void {
  adapters.set(context, { adapter });
}

export function resetTelephonyForTests(context: AppContext): void {
  adapters.delete(context);
}

function toView(row: VoiceCallRow, patient: { firstName: string; lastName: string }): VoiceCall {
  return {
    id: row.id,
    clinicId: row.clinicId,
    appointmentId: row.appointmentId,
    patientId: row.patientUserId,
    patientName: `${patient.firstName} ${patient.lastName}`,
    phoneSuffix: phoneSuffixOf(row.toPhone),
    status: row.status,
    endedReason: (row.endedReason as VoiceCall['endedReason']) ?? null,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/**
 * spec 3 §6: the patient's phone numbers are patient details, so the caller needs PATIENT in this very
 * clinic (the access rule only knows the union of the caller's clinics).
 */
async function requirePatientPermission(context: AppContext, auth: AuthContext, clinicId: string) {
  const permissions = await clinicPermissionsOf(context.db, auth.userId, clinicId);
  if (!permissions.includes(VOICE_CALL_PERMISSION)) {
    throw new HttpError(403, VOICE_CALL_TEXTS.noPermission, { code: 'forbidden' });
  }
}

async function patientNumbers(patient: CallablePatient): Promise<string[]> {
  const given = [patient.mobilePhone, patient.homePhone].filter((phone): phone is string => Boolean(phone));
  const numbers = (await Promise.all(given.map((phone) => toE164(phone, PHONE_REGION)))).filter(
    (phone): phone is string => phone !== null,
  );
  return [...new Set(numbers)];
}

/** The number to dial: the one asked for if it is the patient's, else the mobile, else the home phone. */
async function numberToDial(patient: CallablePatient, asked: string | undefined): Promise<string> {
  const numbers = await patientNumbers(patient);
  if (asked !== undefined) {
    const wanted = await toE164(asked, PHONE_REGION);
    if (wanted === null || !numbers.includes(wanted)) {
      throw new HttpError(400, VOICE_CALL_TEXTS.notPatientsNumber, {
        code: 'not_patients_number',
        errors: [{ detail: VOICE_CALL_TEXTS.notPatientsNumber, field: 'phone' }],
      });
    }
    return wanted;
  }
  const first = numbers[0];
  if (first === undefined) {
    throw new HttpError(409, VOICE_CALL_TEXTS.noPhone, { code: 'no_phone' });
  }
  return first;
}

async function resolveTarget(
  context: AppContext,
  clinicId: string,
  input: { patientId?: string | undefined; appointmentId?: string | undefined },
): Promise<{ patient: CallablePatient; appointmentId: string | null }> {
  if (input.appointmentId !== undefined) {
    const visit = await findClinicVisit(context.db, clinicId, input.appointmentId);
    if (!visit || visit.status === 'cancelled') {
      throw new HttpError(404, VOICE_CALL_TEXTS.appointmentNotFound, { code: 'not_found' });
    }
    if (visit.roomEndedAt) {
      // spec 3 §2: an ended video call has ended its voice calls; a new one would outlive it.
      throw new HttpError(409, VOICE_CALL_TEXTS.visitEnded, { code: 'room_ended' });
    }
    return { patient: visit.patient, appointmentId: visit.id };
  }
  const patient = input.patientId ? await findClinicPatient(context.db, clinicId, input.patientId) : null;
  if (!patient) {
    throw new HttpError(404, VOICE_CALL_TEXTS.patientNotFound, { code: 'not_found' });
  }
  return { patient, appointmentId: null };
}

export async function placeVoiceCall(
  context: AppContext,
  log: TelephonyLog,
  auth: AuthContext,
  clinicId: string,
  input: { patientId?: string | undefined; appointmentId?: string | undefined; phone?: string | undefined },
): Promise<VoiceCall> {
  await requirePatientPermission(context, auth, clinicId);
  const { patient, appointmentId } = await resolveTarget(context, clinicId, input);
  const toPhone = await numberToDial(patient, input.phone);
  const adapter = telephonyOf(context, log);
  if (!adapter) {
    throw new HttpError(503, VOICE_CALL_TEXTS.notConfigured, { code: 'telephony_not_configured' });
  }
  // Stored before dialling, so a video end that comes while the provider rings still finds it. Its own
  // transaction (the request's first: it carries the audit events, decision 0064), committed before
  // the telephony provider is called; the outcome is written by a second one.
  const row = await context.db.transaction(async (tx) => {
    if (await findActiveCallTo(tx, clinicId, patient.id, auth.userId)) {
      throw new HttpError(409, VOICE_CALL_TEXTS.alreadyCalling, { code: 'call_in_progress' });
    }
    return insertCall(tx, {
      clinicId,
      appointmentId,
      patientUserId: patient.id,
      placedByUserId: auth.userId,
      toPhone,
      status: 'dialing',
      startedAt: context.now(),
    });
  });
  let placed;
  try {
    placed = await adapter.placeCall({
      callId: row.id,
      to: toPhone,
      note: `Outbound call for patient ${patient.firstName} ${patient.lastName}, placed from the provider workspace.`,
    });
  } catch (error) {
    await context.db.transaction((tx) =>
      updateCall(tx, row.id, {
        status: 'failed',
        endedAt: context.now(),
        endedReason: 'failed',
      }),
    );
    log.warn(
      {
        callId: row.id,
        adapter: adapter.name,
        reason: error instanceof Error ? error.message : String(error),
      },
      'outbound call failed',
    );
    throw new HttpError(502, VOICE_CALL_TEXTS.providerFailed, { code: 'telephony_failed' });
  }
  // The visit may have ended while the provider rang: then this call ends too (spec 3 §2).
  const updated = await context.db.transaction(async (tx) =>
    updateCall(tx, row.id, {
      externalId: placed.externalId,
      ...((await visitStillOpen(tx, clinicId, appointmentId))
        ? { status: placed.status }
        : { status: 'ended' as const, endedAt: context.now(), endedReason: 'video-ended' }),
    }),
  );
  if (updated?.status === 'ended') {
    await hangUpQuietly(adapter, placed.externalId, log);
  }
  return toView(updated ?? row, patient);
}

async function visitStillOpen(db: Db, clinicId: string, appointmentId: string | null) {
  if (appointmentId === null) {
    return true;
  }
  const visit = await findClinicVisit(db, clinicId, appointmentId);
  return !visit?.roomEndedAt;
}

async function hangUpQuietly(adapter: TelephonyAdapter, externalId: string, log: TelephonyLog) {
  try {
    await adapter.hangUp(externalId);
  } catch (error) {
    log.warn(
      { externalId, adapter: adapter.name, reason: error instanceof Error ? error.message : String(error) },
      'hanging up an outbound call failed',
    );
  }
}

/** Hang up: the provider ends one call. */
export async function endVoiceCall(
  context: AppContext,
  log: TelephonyLog,
  auth: AuthContext,
  clinicId: string,
  callId: string,
): Promise<VoiceCall> {
  await requirePatientPermission(context, auth, clinicId);
  const call = await findCall(context.db, clinicId, callId);
  if (!call) {
    throw new HttpError(404, VOICE_CALL_TEXTS.callNotFound, { code: 'not_found' });
  }
  if (call.status === 'ended' || call.status === 'failed') {
    throw new HttpError(409, VOICE_CALL_TEXTS.alreadyEnded, { code: 'call_ended' });
  }
  const adapter = telephonyOf(context, log);
  if (adapter && call.externalId) {
    // Hung up at the provider first: if that fails the call is still live and the provider may retry.
    try {
      await adapter.hangUp(call.externalId);
    } catch (error) {
      log.warn(
        { callId, adapter: adapter.name, reason: error instanceof Error ? error.message : String(error) },
        'hanging up an outbound call failed',
      );
      throw new HttpError(502, VOICE_CALL_TEXTS.providerFailed, { code: 'telephony_failed' });
    }
  }
  // After the provider hung up: the DB write alone, in a transaction with the audit events (0064).
  const ended = await context.db.transaction(async (tx) => {
    const row = await endActiveCall(tx, callId, {
      endedAt: context.now(),
      endedByUserId: auth.userId,
      endedReason: 'provider',
    });
    if (!row) {
      throw new HttpError(409, VOICE_CALL_TEXTS.alreadyEnded, { code: 'call_ended' });
    }
    return row;
  });
  const name = (await patientNameOf(context.db, ended.patientUserId)) ?? { firstName: '', lastName: '' };
  return toView(ended, name);
}

export async function listVoiceCalls(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  query: { patientId?: string | undefined; appointmentId?: string | undefined },
): Promise<VoiceCall[]> {
  await requirePatientPermission(context, auth, clinicId);
  const filter =
    query.appointmentId !== undefined
      ? { appointmentId: query.appointmentId }
      : { patientId: query.patientId ?? '' };
  const rows = await listCalls(context.db, clinicId, filter);
  return rows.map((row) => toView(row.call, row));
}

/**
 * spec 3 §2 "Providers with an ended video call end all voice calls": the video module calls this
 * once it has ended the visit's room. Marks the calls ended, then hangs them up at the provider.
 */
export async function endVisitVoiceCalls(
  context: AppContext,
  appointmentId: string,
  endedByUserId: string | null,
  log: TelephonyLog,
): Promise<number> {
  const ended = await endActiveCallsOfVisit(context.db, appointmentId, {
    endedAt: context.now(),
    endedByUserId,
  });
  const adapter = telephonyOf(context, log);
  if (adapter) {
    await Promise.all(
      ended
        .filter((call) => call.externalId)
        .map((call) => hangUpQuietly(adapter, call.externalId ?? '', log)),
    );
  }
  return ended.length;
}
