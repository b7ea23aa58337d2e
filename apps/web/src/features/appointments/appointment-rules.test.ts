import { describe, expect, it } from 'vitest';
import {
  repeatsVisitKind,
  allAppointmentsPath,
  canCancel,
  canConvertToTelehealth,
  hasOffset,
  isTodayInZone,
  withOffset,
  isWaitlistLinkShown,
  hasLoginBookingParams,
  loginBookingFrom,
  mapSearchUrl,
  reasonText,
  reschedulePath,
  summaryHeading,
  videoCallPath,
} from './appointment-rules.ts';

describe('summaryHeading (spec 2 §2)', () => {
  it('follows the status query param first', () => {
    expect(summaryHeading('rescheduled', null)).toBe('rescheduled');
    expect(summaryHeading('confirmed', null)).toBe('confirmed');
    expect(summaryHeading('scheduled', '2026-11-20T10:00:00Z')).toBe('scheduled');
  });
  it('falls back to confirmedAt without a known param', () => {
    expect(summaryHeading(null, '2026-11-20T10:00:00Z')).toBe('confirmed');
    expect(summaryHeading('bogus', '2026-11-20T10:00:00Z')).toBe('confirmed');
    expect(summaryHeading(null, null)).toBe('scheduled');
    expect(summaryHeading('', null)).toBe('scheduled');
  });
});

describe('isTodayInZone', () => {
  // 2026-11-24 03:30 UTC is still 2026-11-23 in Chicago (UTC-6) but already the 24th in UTC.
  const now = new Date('2026-11-24T03:30:00Z');
  it('compares calendar days in the appointment zone, not UTC', () => {
    expect(isTodayInZone('2026-11-23T20:00:00-06:00', 'America/Chicago', now)).toBe(true);
    expect(isTodayInZone('2026-11-24T09:00:00-06:00', 'America/Chicago', now)).toBe(false);
    expect(isTodayInZone('2026-11-24T09:00:00Z', 'UTC', now)).toBe(true);
  });
});

const base = {
  startAt: '2026-12-01T09:00:00-06:00',
  timezone: 'America/Chicago',
  status: 'booked' as const,
  waitlist: { isAvailable: true },
};

describe('isWaitlistLinkShown (spec 2 §2, §6)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('shows for a future appointment when the server says the waitlist is available', () => {
    expect(isWaitlistLinkShown(base, now)).toBe(true);
  });
  it('hides when the server says the waitlist is not available (module, type flag, source)', () => {
    expect(isWaitlistLinkShown({ ...base, waitlist: { isAvailable: false } }, now)).toBe(false);
  });
  it('hides for an appointment today in its own zone', () => {
    // 23:30 Chicago on the 23rd is the 24th in UTC; still today in Chicago at noon UTC on the 23rd.
    expect(isWaitlistLinkShown({ ...base, startAt: '2026-11-23T23:30:00-06:00' }, now)).toBe(false);
  });
  it('shows for tomorrow in the zone even when it is the same UTC day', () => {
    const late = new Date('2026-11-24T05:00:00Z'); // 23:00 on the 23rd in Chicago
    expect(isWaitlistLinkShown({ ...base, startAt: '2026-11-24T20:00:00-06:00' }, late)).toBe(true);
    expect(isWaitlistLinkShown({ ...base, startAt: '2026-11-23T23:30:00-06:00' }, late)).toBe(false);
  });
  it('hides for cancelled and past appointments', () => {
    expect(isWaitlistLinkShown({ ...base, status: 'cancelled' }, now)).toBe(false);
    expect(isWaitlistLinkShown({ ...base, startAt: '2026-11-01T09:00:00-05:00' }, now)).toBe(false);
  });
});

describe('canCancel (spec 2 §6)', () => {
  const booked = { isCancellable: true, canPatientCancel: true, status: 'booked' as const };
  it('patients need isCancellable and canPatientCancel', () => {
    expect(canCancel(booked, 'patient')).toBe(true);
    expect(canCancel({ ...booked, canPatientCancel: false }, 'patient')).toBe(false);
    expect(canCancel({ ...booked, isCancellable: false }, 'patient')).toBe(false);
  });
  it('providers need isCancellable only', () => {
    expect(canCancel({ ...booked, canPatientCancel: false }, 'provider')).toBe(true);
    expect(canCancel({ ...booked, isCancellable: false }, 'provider')).toBe(false);
  });
  it('a cancelled appointment cannot be cancelled again', () => {
    expect(canCancel({ ...booked, status: 'cancelled' }, 'provider')).toBe(false);
  });
});

describe('videoCallPath (spec 2 §6)', () => {
  const video = { id: 'a1', type: 'video_call' as const, status: 'booked' as const, allowVideoCall: false };
  it('providers always may start video', () => {
    expect(videoCallPath(video, 'provider')).toBe('/provider/video-call/a1');
  });
  it('patients only with allowVideoCall', () => {
    expect(videoCallPath(video, 'patient')).toBeNull();
    expect(videoCallPath({ ...video, allowVideoCall: true }, 'patient')).toBe('/user/video-call/a1');
  });
  it('no link for office visits or cancelled ones', () => {
    expect(videoCallPath({ ...video, type: 'office' }, 'provider')).toBeNull();
    expect(videoCallPath({ ...video, status: 'cancelled' }, 'provider')).toBeNull();
  });
});

describe('canConvertToTelehealth (spec 2 §6 care manager)', () => {
  const office = { type: 'office' as const, status: 'booked' as const, isConvertRequired: true };
  it('only providers in the care-manager app, only flagged office visits', () => {
    expect(canConvertToTelehealth(office, 'provider', 'care-manager')).toBe(true);
    expect(canConvertToTelehealth(office, 'provider', 'care-plan')).toBe(false);
    expect(canConvertToTelehealth(office, 'patient', 'care-manager')).toBe(false);
    expect(canConvertToTelehealth({ ...office, isConvertRequired: false }, 'provider', 'care-manager')).toBe(
      false,
    );
    expect(canConvertToTelehealth({ ...office, type: 'video_call' }, 'provider', 'care-manager')).toBe(false);
  });
});

describe('paths', () => {
  const appointment = {
    id: 'a1',
    clinicUuid: 'c1',
    providerId: 'p1',
    departmentUuid: 'd1',
    consultationTypeId: 't1',
    patientId: 'u1',
  };
  it('VIEW ALL APPOINTMENTS: patients their list, providers the patient page', () => {
    expect(allAppointmentsPath('patient', 'u1')).toBe('/user/appointment');
    expect(allAppointmentsPath('provider', 'u1')).toBe('/provider/patient/u1/appointments');
  });
  it('reschedule opens the time-slots step with the cancelAppointmentId', () => {
    const url = new URL(reschedulePath(appointment, 'patient'), 'http://x');
    expect(url.pathname).toBe('/user/appointment/create/time-slots');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clinicUuid: 'c1',
      providerId: 'p1',
      departmentId: 'd1',
      consultationTypeId: 't1',
      cancelAppointmentId: 'a1',
    });
    expect(new URL(reschedulePath(appointment, 'provider'), 'http://x').pathname).toBe(
      '/provider/patient/u1/appointments/create/time-slots',
    );
  });
  it('map link searches the address', () => {
    expect(mapSearchUrl('1 Main St, Springfield')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Springfield',
    );
  });
});

describe('loginBookingFrom (spec 2 §5)', () => {
  const complete = {
    cameFrom: 'login',
    userId: 'u1',
    clinicUuid: 'c1',
    consultationTypeId: 't1',
    departmentId: 'd1',
    doctorId: 'p1',
    startAt: '2026-12-01T09:00:00-06:00',
    finishAt: '2026-12-01T09:30:00-06:00',
    appointmentComment: 'Back pain',
  };
  it('is complete with all seven params', () => {
    expect(loginBookingFrom(new URLSearchParams(complete))).toEqual({
      clinicUuid: 'c1',
      consultationTypeId: 't1',
      departmentId: 'd1',
      doctorId: 'p1',
      startAt: '2026-12-01T09:00:00-06:00',
      finishAt: '2026-12-01T09:30:00-06:00',
      appointmentComment: 'Back pain',
      externalId: null,
      waitlist: false,
    });
  });
  it.each([
    'clinicUuid',
    'consultationTypeId',
    'departmentId',
    'doctorId',
    'finishAt',
    'startAt',
    'appointmentComment',
  ])('is incomplete without %s', (name) => {
    const params = new URLSearchParams(complete);
    params.delete(name);
    expect(loginBookingFrom(params)).toBeNull();
  });
  it('needs cameFrom=login', () => {
    expect(loginBookingFrom(new URLSearchParams({ ...complete, cameFrom: 'mail' }))).toBeNull();
  });
  it('reads the optional externalId and waitlist', () => {
    const booking = loginBookingFrom(
      new URLSearchParams({ ...complete, externalId: 'x9', waitlist: 'true' }),
    );
    expect(booking?.externalId).toBe('x9');
    expect(booking?.waitlist).toBe(true);
  });
  it('an empty comment is present; the reason is then left out of the payload', () => {
    const booking = loginBookingFrom(new URLSearchParams({ ...complete, appointmentComment: '  ' }));
    expect(booking).not.toBeNull();
    expect(reasonText(booking?.appointmentComment ?? 'x')).toBeUndefined();
    expect(reasonText('  Back pain ')).toBe('Back pain');
  });
});

describe('withOffset (login-link times)', () => {
  it('keeps a time that has an offset', () => {
    expect(hasOffset('2026-12-01T09:00:00-05:00')).toBe(true);
    expect(hasOffset('2026-12-01T14:00:00Z')).toBe(true);
    expect(withOffset('2026-12-01T09:00:00-05:00', 'America/Chicago')).toBe('2026-12-01T09:00:00-05:00');
  });
  it('reads a wall-clock time in the department zone, across daylight saving', () => {
    expect(hasOffset('2026-12-01 09:00:00')).toBe(false);
    expect(withOffset('2026-12-01 09:00:00', 'America/New_York')).toBe('2026-12-01T09:00:00-05:00');
    expect(withOffset('2026-07-01 09:00:00', 'America/New_York')).toBe('2026-07-01T09:00:00-04:00');
    expect(withOffset('2026-07-01T09:00:00', 'America/Chicago')).toBe('2026-07-01T09:00:00-05:00');
  });
});

describe('hasLoginBookingParams', () => {
  it('is false for the plain landing after a login (cameFrom=login stays in the URL)', () => {
    expect(hasLoginBookingParams(new URLSearchParams('cameFrom=login'))).toBe(false);
    expect(hasLoginBookingParams(new URLSearchParams(''))).toBe(false);
  });

  it('is true as soon as one booking parameter is present, complete or not', () => {
    expect(hasLoginBookingParams(new URLSearchParams('cameFrom=login&clinicUuid=x'))).toBe(true);
    expect(hasLoginBookingParams(new URLSearchParams('startAt=2026-12-01'))).toBe(true);
  });
});

describe('repeatsVisitKind (issue 18: a telehealth visit says so once)', () => {
  it('matches the kind whatever the case and spaces, and nothing else', () => {
    expect(repeatsVisitKind(' telehealth Visit ', ['Telehealth visit', 'Video visit'])).toBe(true);
    expect(repeatsVisitKind('Video visit', ['Telehealth visit', 'Video visit'])).toBe(true);
    expect(repeatsVisitKind('Follow-up video visit', ['Telehealth visit', 'Video visit'])).toBe(false);
  });
});
