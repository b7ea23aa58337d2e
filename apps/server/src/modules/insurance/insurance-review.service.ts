import {
  INSURANCE_CARD_NOT_FOUND_TEXT,
  INSURANCE_STATUS_CONFLICT_TEXT,
  insuranceTransition,
  type InsuranceCardKind,
  type InsuranceNext,
  type InsuranceQueueQuery,
  type InsuranceReviewCard,
  type InsuranceReviewList,
  type InsuranceReviewQuery,
  type InsuranceStatusChange,
} from '@app/contracts/insurance';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../platform/http-error.ts';
import { clinicTimezone } from '../clinics/clinic-lists.repository.ts';
import {
  countQueue,
  findCardAppointment,
  findCards,
  findQueue,
  findQueueAfter,
  findQueueFirstOther,
  findQueueKey,
  lockCard,
  setCardStatus,
} from './insurance.repository.ts';
import { toInsuranceCard } from './insurance.service.ts';

// spec 3 §2 insurance review screens, §4 status machine and next card, §7 calls (decision 0025). The
// access rule has checked PROVIDER_INSURANCE, the USER_INSURANCE module and the clinic.

type Filters = Omit<InsuranceReviewQuery, 'offset' | 'limit'>;

const queueOf = (clinicId: string, query: Filters, offset: number, limit: number): InsuranceQueueQuery => ({
  clinicUuid: clinicId,
  status: query.status,
  listDepartmentUuid: query.listDepartmentUuid,
  listProviderId: query.listProviderId,
  offset,
  limit,
});

export async function listReviewCards(
  context: AppContext,
  clinicId: string,
  query: InsuranceReviewQuery,
): Promise<InsuranceReviewList> {
  const rows = await findQueue(context.db, queueOf(clinicId, query, query.offset, query.limit));
  return { items: rows.map(toInsuranceCard), timezone: await clinicTimezone(context.db, clinicId) };
}

export async function countReviewCards(
  context: AppContext,
  clinicId: string,
  query: Filters,
): Promise<number> {
  return countQueue(context.db, queueOf(clinicId, query, 0, 1));
}

/**
 * spec 3 §4 Next card: limit 1 at offset = order; if none and order > 0, wrap to offset 0.
 * Issue 17 item 8: with `after` (the card on screen) the next card is the first still-new card that
 * sorts after it, wrapping to the first other one: an Import or Remove on screen takes that card out
 * of the queue and moves every later card up by one, so the offset alone would skip a new card.
 */
export async function nextReviewCard(
  context: AppContext,
  clinicId: string,
  query: Filters & { order: number; after?: string | undefined },
): Promise<InsuranceNext> {
  const key = query.after ? await findQueueKey(context.db, clinicId, query.after) : null;
  if (key) {
    const queue = queueOf(clinicId, query, 0, 1);
    const found = await findQueueAfter(context.db, queue, key);
    if (found) {
      return { card: toInsuranceCard(found.row), order: found.offset };
    }
    // Nothing after it: wrap to the top, never answering the card on screen itself.
    const first = await findQueueFirstOther(context.db, queue, key.id);
    return first ? { card: toInsuranceCard(first), order: 0 } : { card: null, order: 0 };
  }
  const [at] = await findQueue(context.db, queueOf(clinicId, query, query.order, 1));
  if (at) {
    return { card: toInsuranceCard(at), order: query.order };
  }
  if (query.order > 0) {
    const [first] = await findQueue(context.db, queueOf(clinicId, query, 0, 1));
    if (first) {
      return { card: toInsuranceCard(first), order: 0 };
    }
  }
  return { card: null, order: 0 };
}

export async function getReviewCard(
  context: AppContext,
  params: { clinicId: string; userId: string; kind: InsuranceCardKind },
): Promise<InsuranceReviewCard> {
  const [row] = await findCards(context.db, {
    clinicId: params.clinicId,
    userId: params.userId,
    kind: params.kind,
  });
  if (!row) {
    throw new HttpError(404, INSURANCE_CARD_NOT_FOUND_TEXT, { code: 'not_found' });
  }
  const appointment = await findCardAppointment(context.db, row.card.listAppointmentId);
  return {
    card: toInsuranceCard(row),
    timezone: await clinicTimezone(context.db, params.clinicId),
    appointment: appointment
      ? {
          id: appointment.id,
          doctorName:
            `${appointment.doctorFirstName} ${appointment.doctorLastName}`.trim() +
            (appointment.doctorTitle ? `, ${appointment.doctorTitle}` : ''),
          departmentName: appointment.departmentName,
          startAt: appointment.startAt.toISOString(),
          timezone: appointment.timezone,
        }
      : null,
  };
}

/**
 * spec 3 §4: new -> approved (Import; repeatable as "Import again"); new or approved -> reviewed (Remove
 * from list). A reviewed card changes no more (409). Locked, so two tabs cannot both count a card
 * down. `onCountChanged` runs when the card left status new (the red-dot counter changed).
 */
export async function changeCardStatus(
  context: AppContext,
  params: { clinicId: string; userId: string; kind: InsuranceCardKind },
  change: InsuranceStatusChange,
  onCountChanged: () => void,
): Promise<InsuranceReviewCard> {
  const leftNew = await context.db.transaction(async (tx) => {
    const card = await lockCard(tx, { id: change.cardId, ...params });
    if (!card) {
      throw new HttpError(404, INSURANCE_CARD_NOT_FOUND_TEXT, { code: 'not_found' });
    }
    const transition = insuranceTransition(card.status, change.status);
    if (!transition.allowed) {
      throw new HttpError(409, INSURANCE_STATUS_CONFLICT_TEXT, { code: 'status_conflict' });
    }
    await setCardStatus(tx, card.id, change.status);
    return transition.leavesNew;
  });
  if (leftNew) {
    onCountChanged();
  }
  return getReviewCard(context, params);
}
