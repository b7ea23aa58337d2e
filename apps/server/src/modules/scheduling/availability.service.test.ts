import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_HELD_TEXT, SLOT_OUTSIDE_SCHEDULE_TEXT, SLOT_TAKEN_TEXT } from '@app/contracts/appointments';
import { appointments, providerTimeOff, slotHolds } from '../../db/schema/scheduling.ts';
import { HttpError } from '../../platform/http-error.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  checkBookable,
  findFreeSlots,
  releaseHoldsForSlot,
  type CheckBookableInput,
} from './availability.service.ts';
import {
  createPatient,
  createProvider,
  createSchedulingWorld,
  type SchedulingWorld,
} from './scheduling-test-helpers.ts';

const NOW = new Date('2026-03-06T12:00:00Z');
const minutes = (n: number) => n * 60_000;

describe('scheduling engine: findFreeSlots, checkBookable, releaseHoldsForSlot', () => {
  let t: TestApp;
  let w: SchedulingWorld;
  let other: { id: string };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await createSchedulingWorld(t.context.db);
    other = await createPatient(t.context.db, w.clinicId);
  });
  afterAll(async () => {
    await t.close();
  });

  const key = () => ({
    clinicId: w.clinicId,
    providerId: w.providerId,
    departmentId: w.departmentId,
    consultationTypeId: w.typeId,
  });
  const check = (startIso: string, overrides: Partial<CheckBookableInput> = {}) => {
    const startAt = new Date(startIso);
    return checkBookable(t.context.db, {
      ...key(),
      startAt,
      finishAt: new Date(startAt.getTime() + minutes(30)),
      patientUserId: w.patient.id,
      bookedByProvider: false,
      now: NOW,
      ...overrides,
    });
  };
  async function expectHttpError(promise: Promise<unknown>, status: number, detail?: string) {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(status);
    if (detail) {
      expect((error as HttpError).message).toBe(detail);
      expect((error as HttpError).body.errors).toEqual([{ detail }]);
    }
  }

  it('finds the grid slots across the spring DST change with correct offsets', async () => {
    const slots = await findFreeSlots(t.context.db, {
      ...key(),
      fromDate: '2026-03-07',
      toDate: '2026-03-08',
      patientUserId: w.patient.id,
      now: NOW,
    });
    // Two blocks a day: 09-12 (6 slots) and 13-17 (8 slots).
    expect(slots).toHaveLength(28);
    expect(slots[0]).toMatchObject({
      startAt: '2026-03-07T09:00:00-05:00',
      finishAt: '2026-03-07T09:30:00-05:00',
      startTimestamp: Date.parse('2026-03-07T14:00:00Z') / 1000,
    });
    expect(slots[14]?.startAt).toBe('2026-03-08T09:00:00-04:00');
    expect(slots[14]?.startTimestamp).toBe(Date.parse('2026-03-08T13:00:00Z') / 1000);
    // externalId is deterministic per slot.
    const again = await findFreeSlots(t.context.db, {
      ...key(),
      fromDate: '2026-03-07',
      toDate: '2026-03-07',
      patientUserId: w.patient.id,
      now: NOW,
    });
    expect(again[0]?.externalId).toBe(slots[0]?.externalId);
    expect(new Set(slots.map((slot) => slot.externalId)).size).toBe(slots.length);
  });

  it('accepts a free grid slot and tells create what it needs', async () => {
    const bookable = await check('2026-03-09T13:00:00Z');
    expect(bookable).toMatchObject({ durationMinutes: 30, type: 'office', timezone: 'America/New_York' });
  });

  it('refuses times off the grid, in the past, or of the wrong length', async () => {
    await expectHttpError(check('2026-03-09T13:10:00Z'), 409, SLOT_OUTSIDE_SCHEDULE_TEXT);
    await expectHttpError(check('2026-03-09T03:00:00Z'), 409, SLOT_OUTSIDE_SCHEDULE_TEXT);
    await expectHttpError(check('2026-03-05T14:00:00Z'), 409, SLOT_OUTSIDE_SCHEDULE_TEXT);
    const startAt = new Date('2026-03-09T13:00:00Z');
    await expectHttpError(
      check(startAt.toISOString(), { finishAt: new Date(startAt.getTime() + minutes(45)) }),
      400,
    );
  });

  it('answers 404 for an offer that does not exist, and for internal types asked by a patient', async () => {
    await expectHttpError(check('2026-03-09T13:00:00Z', { consultationTypeId: w.internalTypeId }), 404);
    const internal = await check('2026-03-09T13:00:00Z', {
      consultationTypeId: w.internalTypeId,
      finishAt: new Date(Date.parse('2026-03-09T13:20:00Z')),
      bookedByProvider: true,
    });
    expect(internal.durationMinutes).toBe(20);
    await expectHttpError(check('2026-03-09T13:00:00Z', { clinicId: w.departmentId }), 404);
  });

  it('reports taken, held and time-off slots with their texts; the holder may still book', async () => {
    const db = t.context.db;
    await db.insert(appointments).values({
      clinicId: w.clinicId,
      patientUserId: other.id,
      providerId: w.providerId,
      departmentId: w.departmentId,
      consultationTypeId: w.typeId,
      startAt: new Date('2026-03-10T13:00:00Z'),
      finishAt: new Date('2026-03-10T13:30:00Z'),
      type: 'office',
      bookedByUserId: other.id,
    });
    await expectHttpError(check('2026-03-10T13:00:00Z'), 409, SLOT_TAKEN_TEXT);

    await db.insert(slotHolds).values({
      clinicId: w.clinicId,
      providerId: w.providerId,
      departmentId: w.departmentId,
      consultationTypeId: w.typeId,
      patientUserId: other.id,
      heldByUserId: other.id,
      startAt: new Date('2026-03-10T14:00:00Z'),
      finishAt: new Date('2026-03-10T14:30:00Z'),
      expiresAt: new Date(NOW.getTime() + minutes(10)),
    });
    await expectHttpError(check('2026-03-10T14:00:00Z'), 409, SLOT_HELD_TEXT);
    await expect(check('2026-03-10T14:00:00Z', { patientUserId: other.id })).resolves.toBeDefined();
    // Once expired, the hold no longer blocks anyone.
    await expect(
      check('2026-03-10T14:00:00Z', { now: new Date(NOW.getTime() + minutes(11)) }),
    ).resolves.toBeDefined();

    await db.insert(providerTimeOff).values({
      providerId: w.providerId,
      startAt: new Date('2026-03-11T00:00:00Z'),
      finishAt: new Date('2026-03-12T00:00:00Z'),
    });
    await expectHttpError(check('2026-03-11T14:00:00Z'), 409, SLOT_OUTSIDE_SCHEDULE_TEXT);

    const slots = await findFreeSlots(db, {
      ...key(),
      fromDate: '2026-03-10',
      toDate: '2026-03-11',
      patientUserId: w.patient.id,
      now: NOW,
    });
    const starts = slots.map((slot) => slot.startAt);
    expect(starts).not.toContain('2026-03-10T09:00:00-04:00');
    expect(starts).not.toContain('2026-03-10T10:00:00-04:00');
    expect(starts).toContain('2026-03-10T09:30:00-04:00');
    expect(starts.some((start) => start.startsWith('2026-03-11'))).toBe(false);

    await releaseHoldsForSlot(db, {
      patientUserId: other.id,
      providerId: w.providerId,
      startAt: new Date('2026-03-10T14:00:00Z'),
    });
    await expect(check('2026-03-10T14:00:00Z')).resolves.toBeDefined();
  });

  it('applies the booking window to patients only', async () => {
    const limited = await createProvider(t.context.db, w, {
      bookingOpenDate: '2026-03-12',
      bookingCloseDate: '2026-03-13',
    });
    const input = { providerId: limited.providerId };
    await expectHttpError(check('2026-03-10T13:00:00Z', input), 409, SLOT_OUTSIDE_SCHEDULE_TEXT);
    await expectHttpError(check('2026-03-14T13:00:00Z', input), 409, SLOT_OUTSIDE_SCHEDULE_TEXT);
    await expect(check('2026-03-12T13:00:00Z', input)).resolves.toBeDefined();
    await expect(check('2026-03-10T13:00:00Z', { ...input, bookedByProvider: true })).resolves.toBeDefined();

    const search = { ...key(), ...input, fromDate: '2026-03-09', toDate: '2026-03-16', now: NOW };
    const forPatient = await findFreeSlots(t.context.db, { ...search, patientUserId: w.patient.id });
    expect(new Set(forPatient.map((slot) => slot.startAt.slice(0, 10)))).toEqual(
      new Set(['2026-03-12', '2026-03-13']),
    );
    const forProvider = await findFreeSlots(t.context.db, {
      ...search,
      patientUserId: w.patient.id,
      ignoreBookingWindow: true,
    });
    expect(new Set(forProvider.map((slot) => slot.startAt.slice(0, 10))).size).toBe(8);
  });

  it('does not offer providers without the scheduling permission', async () => {
    const off = await createProvider(t.context.db, w, { scheduling: false });
    await expectHttpError(check('2026-03-10T13:00:00Z', { providerId: off.providerId }), 404);
    const slots = await findFreeSlots(t.context.db, {
      ...key(),
      providerId: off.providerId,
      fromDate: '2026-03-09',
      toDate: '2026-03-09',
      patientUserId: null,
      now: NOW,
    });
    expect(slots).toEqual([]);
  });
});
