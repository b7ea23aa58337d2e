import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import {
  MAX_ACTIVE_HOLDS_PER_PATIENT,
  MAX_SLOT_WINDOW_DAYS,
  SLOT_HOLD_MINUTES,
  type FreezeTimeSlotInput,
} from '@app/contracts/scheduling';
import type { Db } from '../../db/client.ts';
import { slotHolds } from '../../db/schema/scheduling.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { daysBetween, formatInstant } from './availability.ts';
import { findOffer, findSlotSearchContext, loadOfferBlocks } from './availability.repository.ts';
import {
  checkBookable,
  freeSlotsOfOfferUntil,
  OFFER_NOT_FOUND_TEXT,
  toTimeSlot,
} from './availability.service.ts';
import { findDepartment, isClinicPatient } from './catalogue.repository.ts';
import {
  callerOf,
  CLINIC_NOT_FOUND_TEXT,
  requireClinicAccess,
  DEPARTMENT_NOT_FOUND_TEXT,
} from './catalogue.service.ts';
import type { SlotSearchCache } from './slot-search-cache.ts';

export const PATIENT_NOT_FOUND_TEXT = 'Patient not found.';
export const USER_ID_REQUIRED_TEXT = 'Choose the patient to book for (userId).';
export const WINDOW_TOO_LONG_TEXT = `Time slots are loaded for at most ${MAX_SLOT_WINDOW_DAYS} days at a time.`;

/** Advisory-lock namespace of slot holds (the second key is the provider's hash). */
const HOLD_LOCK_NAMESPACE = 7_310_002;
const HOLD_PATIENT_LOCK_NAMESPACE = 7_310_003;

/**
 * The patient a request is for: a patient books for themselves; a provider names the patient
 * (userId), who must be registered at the clinic (404 otherwise, like any record of another clinic).
 */
async function patientOfRequest(
  db: Db,
  auth: AuthContext,
  clinicId: string,
  userId: string | undefined,
  required: boolean,
): Promise<string | null> {
  if (auth.role !== 'provider') {
    return auth.userId;
  }
  if (!userId) {
    if (required) {
      throw new HttpError(400, USER_ID_REQUIRED_TEXT, {
        code: 'validation_failed',
        errors: [{ detail: USER_ID_REQUIRED_TEXT, field: 'userId' }],
      });
    }
    return null;
  }
  if (!(await isClinicPatient(db, clinicId, userId))) {
    throw new HttpError(404, PATIENT_NOT_FOUND_TEXT, { code: 'patient_not_found' });
  }
  return userId;
}

async function requireDepartment(db: Db, auth: AuthContext, clinicId: string, departmentId: string) {
  const department = await findDepartment(db, departmentId);
  // spec 2 §6: outside the care-manager app only departments open for scheduling are bookable.
  if (
    !department ||
    department.clinicId !== clinicId ||
    (auth.role !== 'provider' && !department.isScheduling)
  ) {
    throw new HttpError(404, DEPARTMENT_NOT_FOUND_TEXT, { code: 'department_not_found' });
  }
  return department;
}

/**
 * GET /api/scheduling/time-slots (spec 2 §7 Time slots list, §4 time-slot loading), answered as the
 * JSON text of the slot list. Issue 20 item 3, decision 0070: one statement reads the caller's clinic
 * registration, the offer and the provider's slot version; a cached answer of that version is sent
 * as it is, and only a miss reads the hours and the busy time (two more statements) and serialises.
 */
export async function listTimeSlots(
  db: Db,
  cache: SlotSearchCache,
  auth: AuthContext,
  query: {
    clinicUuid: string;
    providerId: string;
    consultationTypeId: string;
    departmentUuid: string;
    startAt: string;
    finishAt: string;
    userId?: string | undefined;
  },
  now: Date,
): Promise<string> {
  const isProvider = callerOf(auth).isProvider;
  const key = {
    clinicId: query.clinicUuid,
    providerId: query.providerId,
    departmentId: query.departmentUuid,
    consultationTypeId: query.consultationTypeId,
  };
  // requireClinicAccess's rule, folded into the one statement: a provider's clinics come from the
  // token, a patient must be registered at the clinic; anyone else is told it does not exist.
  const context =
    isProvider && !auth.clinicIds.includes(query.clinicUuid)
      ? null
      : await findSlotSearchContext(db, key, isProvider ? null : auth.userId);
  if (!context || (!isProvider && !context.isClinicPatient)) {
    throw new HttpError(404, CLINIC_NOT_FOUND_TEXT, { code: 'clinic_not_found' });
  }
  if (daysBetween(query.startAt, query.finishAt) + 1 > MAX_SLOT_WINDOW_DAYS) {
    throw new HttpError(400, WINDOW_TOO_LONG_TEXT, {
      code: 'validation_failed',
      errors: [{ detail: WINDOW_TOO_LONG_TEXT, field: 'finishAt' }],
    });
  }
  const patientUserId = await patientOfRequest(db, auth, query.clinicUuid, query.userId, false);
  const { offer } = context;
  if (offer && !isProvider && !offer.departmentIsScheduling) {
    // spec 2 §6: outside the care-manager app only departments open for scheduling are bookable.
    throw new HttpError(404, DEPARTMENT_NOT_FOUND_TEXT, { code: 'department_not_found' });
  }
  if (!offer || !offer.providerSchedulable || (offer.isInternal && !isProvider)) {
    throw new HttpError(404, OFFER_NOT_FOUND_TEXT, { code: 'offer_not_found' });
  }
  // Everything the answer depends on besides the version and the time: the offer's live settings
  // (a changed duration, zone or booking window is a different entry), the window, whose holds are
  // left out (the patient's own), and whether the booking window applies (providers ignore it).
  const cacheKey = JSON.stringify([
    offer.providerId,
    offer.departmentId,
    offer.consultationTypeId,
    offer.timezone,
    offer.durationMinutes,
    isProvider ? null : offer.bookingOpenDate,
    isProvider ? null : offer.bookingCloseDate,
    query.startAt,
    query.finishAt,
    patientUserId,
    isProvider,
  ]);
  const nowMs = now.getTime();
  const cached = cache.get(cacheKey, context.slotVersion, nowMs);
  if (cached !== null) {
    return cached;
  }
  const blocks = await loadOfferBlocks(db, offer.providerId, offer.departmentId);
  const { slots, validUntil } = await freeSlotsOfOfferUntil(db, offer, blocks, {
    fromDate: query.startAt,
    toDate: query.finishAt,
    patientUserId,
    now,
    ignoreBookingWindow: isProvider,
  });
  const json = JSON.stringify(slots.map((slot) => toTimeSlot(key, slot, offer.timezone)));
  // Stored under the version read before the busy time: a booking committed in between makes the
  // next request see a newer version and compute again, never the other way round.
  cache.set(cacheKey, { version: context.slotVersion, computedAt: nowMs, validUntil, json });
  return json;
}

export interface FreezeResult {
  holdId: string;
  startAt: string;
  finishAt: string;
  expiresAt: string;
}

/** Serialises holds and appointment creates of one provider for the rest of the transaction. */
export async function lockProviderSlots(tx: Pick<Db, 'execute'>, providerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${HOLD_LOCK_NAMESPACE}, hashtext(${providerId}))`);
}

/**
 * POST /api/scheduling/time-slots/freeze (issue 4 "Freeze"): holds the slot for the patient for
 * SLOT_HOLD_MINUTES. Holds of one provider are written under a transaction-level advisory lock, so
 * two people racing for one slot get one hold and one 409 (SLOT_HELD_TEXT). Re-freezing one's own
 * slot refreshes it; a patient's further hold releases their oldest beyond MAX_ACTIVE_HOLDS_PER_PATIENT.
 */
export async function freezeTimeSlot(
  db: Db,
  auth: AuthContext,
  input: FreezeTimeSlotInput,
  now: Date,
): Promise<FreezeResult> {
  await requireClinicAccess(db, auth, input.clinicUuid);
  await requireDepartment(db, auth, input.clinicUuid, input.departmentUuid);
  const patientUserId = (await patientOfRequest(db, auth, input.clinicUuid, input.userId, true)) as string;
  const bookedByProvider = callerOf(auth).isProvider;
  const key = {
    clinicId: input.clinicUuid,
    providerId: input.doctorId,
    departmentId: input.departmentUuid,
    consultationTypeId: input.consultationId,
  };
  const offer = await findOffer(db, key);
  if (!offer) {
    throw new HttpError(404, OFFER_NOT_FOUND_TEXT, { code: 'offer_not_found' });
  }
  const startAt = new Date(input.startAtTimestamp * 1000);
  const finishAt = new Date(startAt.getTime() + offer.durationMinutes * 60_000);
  const expiresAt = new Date(now.getTime() + SLOT_HOLD_MINUTES * 60_000);

  return db.transaction(async (tx) => {
    await lockProviderSlots(tx, key.providerId);
    await tx.execute(
      sql`select pg_advisory_xact_lock(${HOLD_PATIENT_LOCK_NAMESPACE}, hashtext(${patientUserId}))`,
    );
    // Sweep: expired holds of this provider and this patient are gone for good.
    await tx
      .delete(slotHolds)
      .where(
        and(
          lte(slotHolds.expiresAt, now),
          or(eq(slotHolds.providerId, key.providerId), eq(slotHolds.patientUserId, patientUserId)),
        ),
      );
    const bookable = await checkBookable(tx, {
      ...key,
      startAt,
      finishAt,
      patientUserId,
      bookedByProvider,
      now,
    });
    const format = (date: Date) => formatInstant(date.getTime(), bookable.timezone);

    const [own] = await tx
      .update(slotHolds)
      .set({ expiresAt, createdAt: now, heldByUserId: auth.userId })
      .where(
        and(
          eq(slotHolds.patientUserId, patientUserId),
          eq(slotHolds.providerId, key.providerId),
          eq(slotHolds.startAt, startAt),
          gt(slotHolds.expiresAt, now),
        ),
      )
      .returning({ id: slotHolds.id });
    if (own) {
      return {
        holdId: own.id,
        startAt: format(startAt),
        finishAt: format(finishAt),
        expiresAt: expiresAt.toISOString(),
      };
    }

    const active = await tx
      .select({ id: slotHolds.id })
      .from(slotHolds)
      .where(and(eq(slotHolds.patientUserId, patientUserId), gt(slotHolds.expiresAt, now)))
      .orderBy(asc(slotHolds.createdAt));
    // Decision 0017: the patient's oldest holds make room for the new one.
    for (const old of active.slice(0, Math.max(0, active.length - MAX_ACTIVE_HOLDS_PER_PATIENT + 1))) {
      await tx.delete(slotHolds).where(eq(slotHolds.id, old.id));
    }
    const [hold] = await tx
      .insert(slotHolds)
      .values({
        ...key,
        patientUserId,
        heldByUserId: auth.userId,
        startAt,
        finishAt,
        expiresAt,
        createdAt: now,
      })
      .returning({ id: slotHolds.id });
    if (!hold) {
      throw new Error('slot hold was not written');
    }
    return {
      holdId: hold.id,
      startAt: format(startAt),
      finishAt: format(finishAt),
      expiresAt: expiresAt.toISOString(),
    };
  });
}
