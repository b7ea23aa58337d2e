import { describe, expect, it } from 'vitest';
import { newAppointmentPath } from './new-appointment-path.ts';

describe('newAppointmentPath (decision 0041)', () => {
  it('sends a provider without PATIENT to the appointment look-up', () => {
    expect(newAppointmentPath(['APPOINTMENTS'])).toBe('/provider/appointment/search-patient');
    expect(newAppointmentPath([])).toBe('/provider/appointment/search-patient');
  });

  it('keeps the patient search for a provider with PATIENT', () => {
    expect(newAppointmentPath(['APPOINTMENTS', 'PATIENT'])).toBe('/provider/search-patient');
  });
});
