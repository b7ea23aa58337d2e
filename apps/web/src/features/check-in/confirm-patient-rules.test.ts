import { describe, expect, it } from 'vitest';
import type { ConfirmPatientAppointment } from '@app/contracts/confirm-patient';
import {
  formatBirthdate,
  formatVisitTime,
  kioskConfirmUrl,
  patientCheckInUrl,
  switchPatientUrl,
} from './confirm-patient-rules.ts';

function visit(id: string, overrides: Partial<ConfirmPatientAppointment> = {}): ConfirmPatientAppointment {
  return {
    id,
    startAt: '2026-12-01T14:00:00-05:00',
    finishAt: '2026-12-01T14:30:00-05:00',
    timezone: 'America/New_York',
    type: 'office',
    doctorName: 'Alice Smith',
    clinicName: 'Demo Clinic',
    departmentUuid: 'main',
    departmentName: 'Main Street',
    consultationTypeTitle: 'Follow-up',
    isCheckedIn: false,
    ...overrides,
  };
}

describe('patientCheckInUrl (where "Yes, this is me" goes)', () => {
  it('has nowhere to go without a visit', () => {
    expect(patientCheckInUrl([])).toBeNull();
  });

  it('starts the check-in of the first visit not checked in, through the routing landing', () => {
    expect(patientCheckInUrl([visit('a', { isCheckedIn: true }), visit('b'), visit('c')])).toBe(
      '/user/check-in-landing?appointmentId=b',
    );
  });

  it('opens the finished check-in when every visit is checked in (the landing shows the final page)', () => {
    expect(patientCheckInUrl([visit('a', { isCheckedIn: true })])).toBe(
      '/user/check-in-landing?appointmentId=a',
    );
  });

  it('lets the patient choose on the landing when open visits are at more than one department', () => {
    expect(patientCheckInUrl([visit('a'), visit('b', { departmentUuid: 'north' })])).toBe(
      '/user/check-in-landing',
    );
    // A checked-in visit elsewhere does not count.
    expect(patientCheckInUrl([visit('a', { departmentUuid: 'north', isCheckedIn: true }), visit('b')])).toBe(
      '/user/check-in-landing?appointmentId=b',
    );
  });
});

describe('addresses', () => {
  it('sends the family switch back to the confirm step, and the kiosk to its confirm step', () => {
    expect(switchPatientUrl()).toBe('/user/switch-patient?returnTo=%2Fuser%2Fconfirm-patient');
    expect(kioskConfirmUrl('x y')).toBe('/provider/confirm-patient?appointmentId=x+y');
  });
});

describe('formats', () => {
  it('reads a date of birth as a calendar date, whatever the zone', () => {
    expect(formatBirthdate('1980-04-12', 'en')).toBe('April 12, 1980');
    expect(formatBirthdate('1980-01-01', 'es')).toBe('1 de enero de 1980');
    expect(formatBirthdate('not a date', 'en')).toBe('not a date');
  });

  it("shows a visit's time in its own zone, with the date only when asked", () => {
    expect(formatVisitTime('2026-12-01T14:00:00-05:00', 'America/New_York', 'en', false)).toBe('2:00 PM EST');
    expect(formatVisitTime('2026-12-01T14:00:00-05:00', 'America/Chicago', 'en', false)).toBe('1:00 PM CST');
    expect(formatVisitTime('2026-12-02T09:00:00-05:00', 'America/New_York', 'en', true)).toBe(
      'Wednesday, December 2 at 9:00 AM EST',
    );
  });
});
