import { DateTime } from 'luxon';
import { SLOT_HELD_TEXT, SLOT_OUTSIDE_SCHEDULE_TEXT, SLOT_TAKEN_TEXT } from '@app/contracts/appointments';
import type { TimeSlot } from '@app/contracts/scheduling';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  computeFreeSlots,
  formatInstant,
  isOnGrid,
  localDateRange,
  type FreeSlot,
  type WeeklyBlock,
} from './availability.ts';
import {
  deleteHoldsForSlot,
  findOffer,
  loadOfferBlocks,
  loadBusy,
  type Offer,
} from './availability.repository.ts';

// The scheduling engine's narrow surface for other modules (appointments calls checkBookable and
// releaseHoldsForSlot inside its create transaction; the slot routes call findFreeSlots).

export const OFFER_NOT_FOUND_TEXT = 'This provider does not offer this visit at this location.';

export interface SlotKey {
  clinicId: string;
  providerId: string;
  departmentId: string;
  consultationTypeId: string;
}

export interface FindFreeSlotsInput extends SlotKey {
  /** Local dates (department zone), both included. */
  fromDate: string;
  toDate: string;
  /** The patient the search is for: their own holds stay offered to them. Null = nobody's. */
  patientUserId: string | null;
  now: Date;
  /** spec 2 §3: the booking open/close dates bind patients only, not the care manager. */
  ignoreBookingWindow?: boolean;
  /** Internal consultation types are bookable only by providers (spec 2 §6). */
  allowInternal?: boolean;
  limit?: number;
}

/** Deterministic per slot, so the same time always carries the same externalId (spec 2 §3). */
export function slotExternalId(key: SlotKey, startMs: number): string {
  return `${key.providerId}.${key.departmentId}.${key.consultationTypeId}.${Math.floor(startMs / 1000)}`;
}

export function toTimeSlot(key: SlotKey, slot: FreeSlot, timezone: string): TimeSlot {
  return {
    startTimestamp: Math.floor(slot.start / 1000),
    startAt: formatInstant(slot.start, timezone),
    finishAt: formatInstant(slot.end, timezone),
    externalId: slotExternalId(key, slot.start),
  };
}

/** Clamps a local date range to the offer's booking window; null when nothing is left. */
export function clampToBookingWindow(
  offer: Pick<Offer, 'bookingOpenDate' | 'bookingCloseDate'>,
  fromDate: string,
  toDate: string,
): { fromDate: string; toDate: string } | null {
  const from = offer.bookingOpenDate && offer.bookingOpenDate > fromDate ? offer.bookingOpenDate : fromDate;
  const to = offer.bookingCloseDate && offer.bookingCloseDate < toDate ? offer.bookingCloseDate : toDate;
  return from <= to ? { fromDate: from, toDate: to } : null;
}

/** Free slots of one offer computed for an already loaded offer and blocks (one busy query). */
export async function freeSlotsOfOffer(
  db: Db,
  offer: Offer,
  blocks: readonly WeeklyBlock[],
  input: Pick<
    FindFreeSlotsInput,
    'fromDate' | 'toDate' | 'patientUserId' | 'now' | 'ignoreBookingWindow' | 'limit'
  >,
): Promise<FreeSlot[]> {
  return (await freeSlotsOfOfferUntil(db, offer, blocks, input)).slots;
}

/**
 * freeSlotsOfOffer, with the instant until which the answer holds if nothing is written: the first
 * free slot's start (it stops being offered then) or the first expiry of another patient's hold
 * (that slot is offered again then), whichever comes first. The slot-search cache keeps it.
 */
export async function freeSlotsOfOfferUntil(
  db: Db,
  offer: Offer,
  blocks: readonly WeeklyBlock[],
  input: Pick<
    FindFreeSlotsInput,
    'fromDate' | 'toDate' | 'patientUserId' | 'now' | 'ignoreBookingWindow' | 'limit'
  >,
): Promise<{ slots: FreeSlot[]; validUntil: number }> {
  const range = input.ignoreBookingWindow
    ? { fromDate: input.fromDate, toDate: input.toDate }
    : clampToBookingWindow(offer, input.fromDate, input.toDate);
  if (!range || blocks.length === 0) {
    return { slots: [], validUntil: Number.POSITIVE_INFINITY };
  }
  const instants = localDateRange(range.fromDate, range.toDate, offer.timezone);
  if (!instants) {
    return { slots: [], validUntil: Number.POSITIVE_INFINITY };
  }
  const busy = await loadBusy(db, {
    providerId: offer.providerId,
    range: instants,
    now: input.now,
    patientUserId: input.patientUserId,
  });
  const slots = computeFreeSlots({
    timezone: offer.timezone,
    blocks,
    durationMinutes: offer.durationMinutes,
    fromDate: range.fromDate,
    toDate: range.toDate,
    busy,
    now: input.now,
    ...(input.limit === undefined ? {} : { limit: input.limit }),
  });
  let validUntil = slots[0]?.start ?? Number.POSITIVE_INFINITY;
  for (const interval of busy) {
    if (interval.expiresAt !== null && interval.expiresAt < validUntil) {
      validUntil = interval.expiresAt;
    }
  }
  return { slots, validUntil };
}

/**
 * Free slots of one provider, department and consultation type over local dates. Answers [] when the
 * provider does not offer that type there (the caller decides whether that is a 404).
 */
export async function findFreeSlots(db: Db, input: FindFreeSlotsInput): Promise<TimeSlot[]> {
  const offer = await findOffer(db, input);
  if (!offer || !offer.providerSchedulable || (offer.isInternal && !input.allowInternal)) {
    return [];
  }
  const blocks = await loadOfferBlocks(db, offer.providerId, offer.departmentId);
  const slots = await freeSlotsOfOffer(db, offer, blocks, input);
  return slots.map((slot) => toTimeSlot(input, slot, offer.timezone));
}

export interface CheckBookableInput extends SlotKey {
  startAt: Date;
  finishAt: Date;
  patientUserId: string;
  /** A provider booking for the patient (the care-manager app): booking window not applied. */
  bookedByProvider: boolean;
  now: Date;
}

export interface Bookable {
  durationMinutes: number;
  /** spec 2 §3 Appointment.type from consultation_types.is_telehealth. */
  type: 'video_call' | 'office';
  timezone: string;
  offer: Offer;
}

function conflict(detail: string): HttpError {
  return new HttpError(409, detail, { code: 'slot_unavailable', errors: [{ detail }] });
}

/**
 * Throws unless [startAt, finishAt) can be booked now for this patient: 404 when the provider does
 * not offer the type in the department (or the type is internal and a patient asks), 400 when the
 * times do not match the type's duration, 409 with errors[].detail otherwise. The appointment
 * overlap is enforced again by the EXCLUDE constraint at insert; this check gives the clear message.
 */
export async function checkBookable(tx: Db, input: CheckBookableInput): Promise<Bookable> {
  const offer = await findOffer(tx, input);
  if (!offer || !offer.providerSchedulable || (offer.isInternal && !input.bookedByProvider)) {
    throw new HttpError(404, OFFER_NOT_FOUND_TEXT, { code: 'offer_not_found' });
  }
  const start = input.startAt.getTime();
  const end = input.finishAt.getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || end - start !== offer.durationMinutes * 60_000) {
    throw new HttpError(
      400,
      `The visit lasts ${offer.durationMinutes} minutes: finishAt does not match startAt.`,
      {
        code: 'invalid_times',
        errors: [{ detail: 'finishAt does not match the visit length', field: 'finishAt' }],
      },
    );
  }
  if (start <= input.now.getTime()) {
    throw conflict(SLOT_OUTSIDE_SCHEDULE_TEXT);
  }
  const blocks = await loadOfferBlocks(tx, offer.providerId, offer.departmentId);
  if (!isOnGrid({ start, end }, blocks, offer.durationMinutes, offer.timezone)) {
    throw conflict(SLOT_OUTSIDE_SCHEDULE_TEXT);
  }
  if (!input.bookedByProvider) {
    const localDay = DateTime.fromMillis(start, { zone: offer.timezone }).toISODate() ?? '';
    if (!clampToBookingWindow(offer, localDay, localDay)) {
      throw conflict(SLOT_OUTSIDE_SCHEDULE_TEXT);
    }
  }
  const busy = await loadBusy(tx, {
    providerId: offer.providerId,
    range: { start, end },
    now: input.now,
    patientUserId: input.patientUserId,
  });
  const overlapping = busy.filter((interval) => interval.start < end && interval.end > start);
  if (overlapping.some((interval) => interval.kind === 'time-off')) {
    throw conflict(SLOT_OUTSIDE_SCHEDULE_TEXT);
  }
  if (overlapping.some((interval) => interval.kind === 'appointment')) {
    throw conflict(SLOT_TAKEN_TEXT);
  }
  if (overlapping.some((interval) => interval.kind === 'hold')) {
    throw conflict(SLOT_HELD_TEXT);
  }
  return {
    durationMinutes: offer.durationMinutes,
    type: offer.isTelehealth ? 'video_call' : 'office',
    timezone: offer.timezone,
    offer,
  };
}

/** After a successful create: the patient's holds on that slot are no longer needed. */
export async function releaseHoldsForSlot(
  tx: Db,
  key: { patientUserId: string; providerId: string; startAt: Date },
): Promise<void> {
  await deleteHoldsForSlot(tx, key);
}
