import { DateTime } from 'luxon';
import { and, asc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import type { Db } from '../../db/client.ts';
import { appointments, waitlistEntries } from '../../db/schema/scheduling.ts';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { doctorNameOf, type appointmentRules } from './appointment-read-model.ts';
import type { AppointmentRow } from './appointments.repository.ts';

export const WAITLIST_OFFER_SUBJECT = 'An earlier appointment time is available';
export const WAITLIST_OFFER_PURPOSE = 'waitlist-offer';

/** The freed appointment's own entry leaves the line: it is cancelled or has been rescheduled. */
export async function closeWaitlistEntryOf(tx: Db, appointmentId: string): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: 'closed' })
    .where(and(eq(waitlistEntries.appointmentId, appointmentId), sql`${waitlistEntries.status} <> 'closed'`));
}

/**
 * The booking screen opened on the freed slot's day, as a reschedule of the patient's own later
 * appointment (spec 2 §2 time-slot query params; a login first remembers the URL).
 */
export function waitlistOfferLink(linkBase: string, freed: AppointmentRow, ownAppointmentId: string): string {
  const params = new URLSearchParams({
    clinicUuid: freed.clinicId,
    providerId: freed.providerId,
    departmentId: freed.departmentId,
    consultationTypeId: freed.consultationTypeId,
    cancelAppointmentId: ownAppointmentId,
    date: DateTime.fromJSDate(freed.startAt, { zone: freed.timezone }).toISODate() ?? '',
  });
  return `${linkBase.replace(/\/$/, '')}/user/appointment/create/time-slots?${params.toString()}`;
}

export function waitlistOfferText(freed: AppointmentRow, link: string): string {
  const when = DateTime.fromJSDate(freed.startAt, { zone: freed.timezone }).toFormat(
    "cccc, LLLL d, yyyy 'at' h:mm a ZZZZ",
  );
  return (
    `An earlier time is free with ${doctorNameOf(freed)} (${freed.consultationTypeTitle}): ${when}. ` +
    `To move your appointment to this time, choose it here: ${link}`
  );
}

/**
 * Issue 4 automatic waitlist offers, in the cancelling transaction: the oldest entry in line for the
 * same provider and consultation type whose own appointment is live and later than the freed slot is
 * offered that slot by email and SMS. An entry stays 'offered' (still in the waitlist) until its
 * appointment is rescheduled or cancelled; once the offered slot has started, the offer has lapsed
 * and the entry takes its old place in line again for the next freed slot.
 */
export async function offerFreedSlot(
  tx: Db,
  freed: AppointmentRow,
  rules: ReturnType<typeof appointmentRules>,
  now: Date,
  linkBase: string,
): Promise<{ entryId: string } | null> {
  if (!rules.future) {
    return null;
  }
  const [candidate] = await tx
    .select({
      id: waitlistEntries.id,
      appointmentId: waitlistEntries.appointmentId,
      email: users.email,
      mobilePhone: users.mobilePhone,
    })
    .from(waitlistEntries)
    .innerJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
    .innerJoin(users, eq(users.id, waitlistEntries.patientUserId))
    .where(
      and(
        eq(waitlistEntries.providerId, freed.providerId),
        eq(waitlistEntries.consultationTypeId, freed.consultationTypeId),
        ne(waitlistEntries.patientUserId, freed.patientUserId),
        or(
          eq(waitlistEntries.status, 'waiting'),
          and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offeredSlotStartAt, now)),
        ),
        inArray(appointments.status, ['booked', 'confirmed']),
        gt(appointments.startAt, freed.startAt),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(1)
    .for('update', { of: waitlistEntries, skipLocked: true });
  if (!candidate) {
    return null;
  }
  await tx
    .update(waitlistEntries)
    .set({ status: 'offered', offeredAt: now, offeredSlotStartAt: freed.startAt })
    .where(eq(waitlistEntries.id, candidate.id));
  const body = waitlistOfferText(freed, waitlistOfferLink(linkBase, freed, candidate.appointmentId));
  if (candidate.email) {
    await enqueueMessage(
      tx,
      {
        channel: 'email',
        recipient: candidate.email,
        subject: WAITLIST_OFFER_SUBJECT,
        body,
        purpose: WAITLIST_OFFER_PURPOSE,
      },
      now,
    );
  }
  if (candidate.mobilePhone) {
    await enqueueMessage(
      tx,
      { channel: 'sms', recipient: candidate.mobilePhone, body, purpose: WAITLIST_OFFER_PURPOSE },
      now,
    );
  }
  return { entryId: candidate.id };
}
