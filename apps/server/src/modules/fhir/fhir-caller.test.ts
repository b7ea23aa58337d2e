import { describe, expect, it } from 'vitest';
import { mayRead } from './fhir-caller.ts';

const withScopes = (...scopes: string[]) => ({ scopes });

describe('mayRead (SMART scopes, decision 0081)', () => {
  it('lets the portal’s own tokens read and search everything', () => {
    expect(mayRead({ scopes: 'all' }, 'Observation', 'read')).toBe(true);
    expect(mayRead({ scopes: 'all' }, 'Patient', 'search')).toBe(true);
  });

  it('matches v2 patient/*.rs and patient/<Type>.rs', () => {
    expect(mayRead(withScopes('patient/*.rs'), 'Observation', 'read')).toBe(true);
    expect(mayRead(withScopes('patient/*.rs'), 'Appointment', 'search')).toBe(true);
    expect(mayRead(withScopes('patient/Observation.rs'), 'Observation', 'search')).toBe(true);
    expect(mayRead(withScopes('patient/Observation.rs'), 'Patient', 'read')).toBe(false);
  });

  it('keeps .r to reads and .s to searches', () => {
    expect(mayRead(withScopes('patient/Patient.r'), 'Patient', 'read')).toBe(true);
    expect(mayRead(withScopes('patient/Patient.r'), 'Patient', 'search')).toBe(false);
    expect(mayRead(withScopes('patient/Patient.s'), 'Patient', 'search')).toBe(true);
    expect(mayRead(withScopes('patient/Patient.s'), 'Patient', 'read')).toBe(false);
  });

  it('grants no read with write-only v2 scopes', () => {
    expect(mayRead(withScopes('patient/*.cud'), 'Observation', 'read')).toBe(false);
  });

  it('matches user/ scopes for provider apps', () => {
    expect(mayRead(withScopes('user/*.rs'), 'Practitioner', 'search')).toBe(true);
    expect(mayRead(withScopes('user/Organization.rs'), 'Location', 'read')).toBe(false);
  });

  it('matches v1 patient/*.read and patient/<Type>.*, not .write', () => {
    expect(mayRead(withScopes('patient/*.read'), 'Observation', 'search')).toBe(true);
    expect(mayRead(withScopes('patient/Appointment.*'), 'Appointment', 'read')).toBe(true);
    expect(mayRead(withScopes('patient/*.write'), 'Observation', 'read')).toBe(false);
  });

  it('grants nothing with system/ scopes, scopes with a query, or unrelated scopes', () => {
    expect(mayRead(withScopes('system/*.rs'), 'Observation', 'read')).toBe(false);
    expect(mayRead(withScopes('patient/Observation.rs?category=vital-signs'), 'Observation', 'read')).toBe(
      false,
    );
    expect(
      mayRead(withScopes('openid', 'fhirUser', 'offline_access', 'launch/patient'), 'Patient', 'read'),
    ).toBe(false);
    expect(mayRead(withScopes(), 'Patient', 'read')).toBe(false);
  });
});
