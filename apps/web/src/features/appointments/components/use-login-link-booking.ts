import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { createAppointment } from '../api/create-appointment.ts';
import { APPOINTMENTS_PATH } from '../api/get-appointment.ts';
import { joinWaitlist } from '../api/join-waitlist.ts';
import {
  LOGIN_BOOKING_ALL_PARAMS,
  hasLoginBookingParams,
  loginBookingFrom,
  reasonText,
  type LoginBooking,
} from '../appointment-rules.ts';

export type LoginBookingState =
  { phase: 'idle' } | { phase: 'booking' } | { phase: 'failed'; message: string };

async function book(booking: LoginBooking): Promise<string> {
  const id = await createAppointment({
    clinicUuid: booking.clinicUuid,
    departmentUuid: booking.departmentId,
    providerId: booking.doctorId,
    consultationTypeId: booking.consultationTypeId,
    startAt: booking.startAt,
    finishAt: booking.finishAt,
    externalId: booking.externalId,
    flexibleDayList: [],
    text: reasonText(booking.appointmentComment),
  });
  if (booking.waitlist) {
    // The booking stands even if the waitlist call fails; the summary offers the link again.
    await joinWaitlist(booking.clinicUuid, id).catch(() => undefined);
  }
  return id;
}

/**
 * spec 1 §2 rule 2 / spec 2 §5: a login link that carries a booking lands on /user/appointment with
 * cameFrom=login and the booking's params. A complete one is booked (and put on the waitlist when
 * waitlist=true), then the summary opens; the params leave the URL first, so a reload never books twice.
 */
export function useLoginLinkBooking(): LoginBookingState {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const mutation = useMutation({
    mutationFn: (booking: LoginBooking) => book(booking),
    // The list shows the failure itself.
    meta: { url: APPOINTMENTS_PATH, errorBanner: false },
    onSuccess: async (id, booking) => {
      const summary = new URLSearchParams({ appointmentId: id, startAt: booking.startAt });
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
    return { phase: 'failed', message: isApiRequestError(error) ? errorText(error) : error.message };
  }
  return { phase: 'idle' };
}
