import type { z } from 'zod';
import { SLOT_TAKEN_TEXT, reasonProblem, type createAppointmentSchema } from '@app/contracts/appointments';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { exclusionViolation } from '../../platform/db-errors.ts';
import { HttpError } from '../../platform/http-error.ts';
import { publishAppointmentChanged } from '../../platform/realtime/appointment-events.ts';
import { checkBookable, releaseHoldsForSlot } from '../scheduling/availability.service.ts';
import { lockProviderSlots } from '../scheduling/slots.service.ts';
import { CLINIC_NOT_FOUND_TEXT } from '../scheduling/catalogue.service.ts';
import { isClinicPatient } from '../scheduling/catalogue.repository.ts';
import { appointmentRules } from './appointment-read-model.ts';
import {
  findAppointmentRow,
  findCommentRules,
  insertAppointmentRow,
  lockAppointment,
} from './appointments.repository.ts';
import { appointmentNotFound, canSee, cancelLockedAppointment } from './appointments.service.ts';
import { CANNOT_CANCEL_TEXT } from '@app/contracts/appointments';

export const BOOK_FOR_YOURSELF_TEXT = 'Patients can only book appointments for themselves.';
export const USER_ID_REQUIRED_TEXT = 'Choose the patient to book for (userId).';
export const NOT_CLINIC_PATIENT_TEXT = 'This patient is not registered at this clinic.';
export const NOT_YOUR_CLINIC_TEXT = 'You do not work for this clinic.';
export const REASON_REQUIRED_TEXT = 'Please enter the reason for your visit.';
export const RESCHEDULE_NOT_LIVE_TEXT = 'The appointment to reschedule is no longer active.';
export const reasonTooLongText = (max: number) => `The reason must be at most ${max} characters.`;

type CreateAppointment = z.output<typeof createAppointmentSchema>;

function badRequest(message: string, field: string, code: string): HttpError {
  return new HttpError(400, message, { code, errors: [{ detail: message, field }] });
}

/** Who the appointment is for: patients book for themselves, providers for a patient of their clinic. */
async function patientOf(context: AppContext, auth: AuthContext, body: CreateAppointment): Promise<string> {
  if (auth.role === 'user') {
    if (body.userId && body.userId !== auth.userId) {
      throw new HttpError(403, BOOK_FOR_YOURSELF_TEXT, { code: 'forbidden' });
    }
    // Patients book only where they are registered, as the catalogue shows them only those clinics
    // (decision 0017); a clinic joins them through sign-up by its link or a provider's registration.
    if (!(await isClinicPatient(context.db, body.clinicUuid, auth.userId))) {
      throw new HttpError(404, CLINIC_NOT_FOUND_TEXT, { code: 'clinic_not_found' });
    }
    return auth.userId;
  }
  if (!auth.clinicIds.includes(body.clinicUuid)) {
    throw new HttpError(403, NOT_YOUR_CLINIC_TEXT, { code: 'forbidden' });
  }
  if (!body.userId) {
    throw badRequest(USER_ID_REQUIRED_TEXT, 'userId', 'user_id_required');
  }
  if (!(await isClinicPatient(context.db, body.clinicUuid, body.userId))) {
    throw badRequest(NOT_CLINIC_PATIENT_TEXT, 'userId', 'not_clinic_patient');
  }
  return body.userId;
}

/**
 * spec 2 §3 create payload, §4 booking and reschedule. One transaction: the replaced appointment is
 * cancelled first (so a move inside its own time is possible), the slot is checked by the scheduling
 * engine, the row is written and the caller's hold released. Anything failing rolls it all back, so a
 * failed reschedule leaves the old appointment live. Concurrent requests for one slot are decided by
 * the appointments_no_overlap constraint: exactly one wins, the others get 409 SLOT_TAKEN_TEXT.
 */
export async function createAppointment(
  context: AppContext,
  auth: AuthContext,
  body: CreateAppointment,
  linkBase: string,
): Promise<{ id: string }> {
  const patientUserId = await patientOf(context, auth, body);
  const startAt = new Date(body.startAt);
  const finishAt = new Date(body.finishAt);
  const now = context.now();
  const bookedByProvider = auth.role === 'provider';
  try {
    const created = await context.db.transaction(async (tx) => {
      let rescheduledFromId: string | null = null;
      if (body.cancelAppointmentId) {
        await lockAppointment(tx, body.cancelAppointmentId);
        const old = await findAppointmentRow(tx, body.cancelAppointmentId);
        if (!old || !canSee(auth, old) || old.patientUserId !== patientUserId) {
          throw appointmentNotFound();
        }
        const rules = appointmentRules(old, now);
        if (!rules.isCancellable) {
          throw new HttpError(409, RESCHEDULE_NOT_LIVE_TEXT, {
            code: 'cannot_reschedule',
            errors: [{ detail: RESCHEDULE_NOT_LIVE_TEXT }],
          });
        }
        // A reschedule cancels the old visit: patients only inside the same window as a cancel (spec 2 §6).
        if (!bookedByProvider && !rules.canPatientCancel) {
          throw new HttpError(409, CANNOT_CANCEL_TEXT, {
            code: 'cannot_cancel',
            errors: [{ detail: CANNOT_CANCEL_TEXT }],
          });
        }
        await cancelLockedAppointment(tx, old, auth.userId, now, linkBase);
        rescheduledFromId = old.id;
      }

      // Holds and creates of one provider queue behind one lock, so a create cannot slip between
      // another patient's freeze check and its insert (the exclusion constraint alone would let the
      // holder lose the slot they were promised).
      await lockProviderSlots(tx, body.providerId);
      const bookable = await checkBookable(tx, {
        clinicId: body.clinicUuid,
        providerId: body.providerId,
        departmentId: body.departmentUuid,
        consultationTypeId: body.consultationTypeId,
        startAt,
        finishAt,
        patientUserId,
        bookedByProvider,
        now,
      });

      const rules = await findCommentRules(tx, body.clinicUuid, body.consultationTypeId);
      if (rules) {
        // spec 2 §5: the reason is required only if the type says so, and at most commentLength long.
        const problem = reasonProblem(body.text ?? '', rules);
        if (problem === 'required') {
          throw badRequest(REASON_REQUIRED_TEXT, 'text', 'reason_required');
        }
        if (problem === 'too-long') {
          throw badRequest(reasonTooLongText(rules.commentLength), 'text', 'reason_too_long');
        }
      }

      const id = await insertAppointmentRow(tx, {
        clinicId: body.clinicUuid,
        patientUserId,
        providerId: body.providerId,
        departmentId: body.departmentUuid,
        consultationTypeId: body.consultationTypeId,
        startAt,
        finishAt,
        type: bookable.type,
        comment: body.text ?? null,
        externalId: body.externalId ?? null,
        bookedByUserId: auth.userId,
        rescheduledFromId,
        createdAt: now,
      });
      await releaseHoldsForSlot(tx, { patientUserId, providerId: body.providerId, startAt });
      return { id };
    });
    // Booking, reschedule and a waitlist offer taken: the new visit and the one it replaced (decision 0042).
    await publishAppointmentChanged(context, { appointmentIds: [created.id, body.cancelAppointmentId] });
    return created;
  } catch (error) {
    if (exclusionViolation(error)) {
      throw new HttpError(409, SLOT_TAKEN_TEXT, {
        code: 'slot_taken',
        errors: [{ detail: SLOT_TAKEN_TEXT }],
      });
    }
    throw error;
  }
}
