import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { createAppointment } from '../api/create-appointment.ts';
import { APPOINTMENTS_PATH } from '../api/get-appointment.ts';
import { joinWaitlist } from '../api/join-waitlist.ts';
import { listDepartments } from '../../booking/api/list-departments.ts';
import {
  LOGIN_BOOKING_ALL_PARAMS,
  hasLoginBookingParams,
  hasOffset,
  withOffset,
  loginBookingFrom,
  reasonText,
  type LoginBooking,
} from '../appointment-rules.ts';

/** The link names a department the provider does not work in. */
class DepartmentNotFoundError extends Error {}

export type LoginBookingState =
  { phase: 'idle' } | { phase: 'booking' } | { phase: 'failed'; message: string };

/** Both times with their offset; wall-clock ones are read in the department's zone. */
async function timesOf(booking: LoginBooking): Promise<{ startAt: string; finishAt: string }> {
  if (hasOffset(booking.startAt) && hasOffset(booking.finishAt)) {
    return { startAt: booking.startAt, finishAt: booking.finishAt };
  }
  const { departments } = await listDepartments({
    clinicUuid: booking.clinicUuid,
    providerId: booking.doctorId,
  });
  const department = departments.find(
    (item) => item.uuid === booking.departmentId || item.id === booking.departmentId,
  );
  if (!department) {
    throw new DepartmentNotFoundError('department not found');
  }
  return {
    startAt: withOffset(booking.startAt, department.timezone),
    finishAt: withOffset(booking.finishAt, department.timezone),
  };
}

async function book(booking: LoginBooking): Promise<{ id: string; startAt: string }> {
  const { startAt, finishAt } = await timesOf(booking);
  const id = await createAppointment({
    clinicUuid: booking.clinicUuid,
    departmentUuid: booking.departmentId,
    providerId: booking.doctorId,
    consultationTypeId: booking.consultationTypeId,
    startAt,
    finishAt,
    externalId: booking.externalId,
    flexibleDayList: [],
    text: reasonText(booking.appointmentComment),
  });
  if (booking.waitlist) {
    // The booking stands even if the waitlist call fails; the summary offers the link again.
    await joinWaitlist(booking.clinicUuid, id).catch(() => undefined);
  }
  return { id, startAt };
}

/**
 * spec 1 §2 rule 2 / spec 2 §5: a login link that carries a booking lands on /user/appointment with
 * cameFrom=login and the booking's params. A complete one is booked (and put on the waitlist when
 * waitlist=true), then the summary opens; the params leave the URL first, so a reload never books twice.
 */
export function useLoginLinkBooking(): LoginBookingState {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation('appointments');
  const started = useRef(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (booking: LoginBooking) => book(booking),
    // The list shows the failure itself.
    meta: { url: APPOINTMENTS_PATH, errorBanner: false },
    onSuccess: async ({ id, startAt }) => {
      await queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_PATH] });
      const summary = new URLSearchParams({ appointmentId: id, startAt });
      await navigate(`/user/appointment/create/summary?${summary.toString()}`);
    },
  });
  const { mutate } = mutation;

  useEffect(() => {
    if (started.current || !hasLoginBookingParams(params)) {
      return;
    }
    started.current = true;
    const booking = loginBookingFrom(params);
    const rest = new URLSearchParams(params);
    for (const name of LOGIN_BOOKING_ALL_PARAMS) {
      rest.delete(name);
    }
    setParams(rest, { replace: true });
    if (booking) {
      mutate(booking);
    }
  }, [params, setParams, mutate]);

  if (mutation.isPending) {
    return { phase: 'booking' };
  }
  if (mutation.error) {
    const error = mutation.error;
    if (error instanceof DepartmentNotFoundError) {
      return { phase: 'failed', message: t('list.departmentNotFound') };
    }
    return { phase: 'failed', message: isApiRequestError(error) ? errorText(error) : error.message };
  }
  return { phase: 'idle' };
}
