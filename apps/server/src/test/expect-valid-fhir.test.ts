import { describe, expect, it } from 'vitest';
import {
  claimedProfiles,
  observationResource,
  patientResource,
  practitionerResource,
} from '../modules/fhir/fhir-mappers.ts';
import { canValidateProfile, expectValidFhir, fhirProblems } from './expect-valid-fhir.ts';

// The conformance helper must refuse what is wrong, or "every resource passes" proves nothing.
describe('expectValidFhir (decision 0081)', () => {
  const patient = patientResource({
    id: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
    memberId: 'M-1',
    firstName: 'Jane',
    lastName: 'Doe',
    gender: 'female',
    birthdate: '1990-04-01',
    email: null,
    mobilePhone: null,
    communicationLanguage: 'en',
    status: 'active',
    lastUpdated: new Date('2026-02-01T08:00:00Z'),
  });

  it('passes a mapped Patient and a vital-sign Observation', () => {
    expectValidFhir(patient);
    expectValidFhir(
      observationResource({
        id: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e60',
        userId: patient.id ?? '',
        key: 'bmi',
        value: 24.3,
        recordedAt: new Date('2026-02-10T09:00:00Z'),
        lastUpdated: new Date('2026-02-10T09:01:00Z'),
        partnerValue: null,
      }),
    );
  });

  it('refuses an element R4 does not define', () => {
    expect(fhirProblems({ ...patient, favouriteColour: 'blue' }).join('\n')).toMatch(/favouriteColour/);
    expect(() => {
      expectValidFhir({ ...patient, favouriteColour: 'blue' });
    }).toThrow();
  });

  it('refuses a Patient without what US Core Patient requires', () => {
    const withoutIdentifier = { ...patient, identifier: undefined };
    expect(fhirProblems(withoutIdentifier).join('\n')).toMatch(/us-core-patient.*identifier/);
  });

  it('refuses a vital sign without its subject (R4 vital-signs profile)', () => {
    const observation = observationResource({
      id: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e61',
      userId: patient.id ?? '',
      key: 'pulse',
      value: 72,
      recordedAt: new Date('2026-02-10T09:00:00Z'),
      lastUpdated: new Date('2026-02-10T09:01:00Z'),
      partnerValue: null,
    });
    const withoutSubject = { ...observation, subject: undefined };
    expect(fhirProblems(withoutSubject).join('\n')).toMatch(/heartrate.*subject/);
  });

  it('refuses a blood pressure panel without its components (US Core Blood Pressure)', () => {
    const panel = observationResource({
      id: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e62',
      userId: patient.id ?? '',
      key: 'systolic_bp',
      value: 120,
      recordedAt: new Date('2026-02-10T09:00:00Z'),
      lastUpdated: new Date('2026-02-10T09:01:00Z'),
      partnerValue: 80,
    });
    expectValidFhir(panel);
    expect(fhirProblems({ ...panel, component: [] }).join('\n')).toMatch(/us-core-blood-pressure/);
  });

  it('refuses a profile claim it has no definition to validate against (decision 0087)', () => {
    const practitioner = practitionerResource({
      id: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e63',
      memberId: 'P-1',
      firstName: 'Sam',
      lastName: 'Smith',
      status: 'active',
      lastUpdated: new Date('2026-02-10T09:00:00Z'),
    });
    expectValidFhir(practitioner);
    const claimed = {
      ...practitioner,
      meta: { profile: ['http://hl7.org/fhir/us/core/StructureDefinition/us-core-practitioner'] },
    };
    expect(fhirProblems(claimed).join('\n')).toMatch(
      /us-core-practitioner: claimed, but no StructureDefinition/,
    );
  });

  it('can validate every profile the CapabilityStatement says our resources claim', () => {
    const profiles = Object.values(claimedProfiles()).flat();
    expect(profiles.length).toBeGreaterThan(0);
    expect(profiles.filter((url) => !canValidateProfile(url))).toEqual([]);
  });
});
