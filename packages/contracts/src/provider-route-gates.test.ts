import { describe, expect, it } from 'vitest';
import { decideProviderRoute, gateHolds, isGuardedRoute, providerRouteGate } from './provider-route-gates.ts';

const ALL_MODULES = ['PATIENT_OUTSIDE', 'FLOWS', 'USER_INSURANCE', 'BULK_MESSAGING', 'PATIENT_NAVIGATION'];

describe('provider route gates (spec 3 §6)', () => {
  it('opens a screen without a gate to any provider', () => {
    expect(decideProviderRoute('/provider/appointment', { permissions: [], modules: [] })).toEqual({
      kind: 'allow',
    });
    expect(isGuardedRoute(providerRouteGate('/provider/news'))).toBe(false);
  });

  it('needs both the permission and the module (sidebar table)', () => {
    const gate = providerRouteGate('/provider/bulk-message');
    expect(gate && gateHolds(gate, { permissions: ['BULK_MESSAGING'], modules: [] })).toBe(false);
    expect(gate && gateHolds(gate, { permissions: [], modules: ['BULK_MESSAGING'] })).toBe(false);
    expect(gate && gateHolds(gate, { permissions: ['BULK_MESSAGING'], modules: ['BULK_MESSAGING'] })).toBe(
      true,
    );
    expect(decideProviderRoute('/provider/bulk-message', { permissions: [], modules: ALL_MODULES })).toEqual({
      kind: 'deny',
      noAccess: 'bulkMessaging',
    });
  });

  it("decides a patient tab by the shell first: without PATIENT, the shell's sentence", () => {
    const health = '/provider/patient/:patientId/health';
    expect(
      decideProviderRoute(health, { permissions: ['REMOTE_PATIENT_MONITORING'], modules: ALL_MODULES }),
    ).toEqual({ kind: 'deny', noAccess: 'patient' });
    expect(
      decideProviderRoute('/provider/patient/:patientId/message', { permissions: ['PATIENT'], modules: [] }),
    ).toEqual({ kind: 'deny', noAccess: 'messaging' });
    expect(
      decideProviderRoute(health, {
        permissions: ['PATIENT', 'REMOTE_PATIENT_MONITORING'],
        modules: [],
      }),
    ).toEqual({ kind: 'allow' });
  });

  it('lets APPOINTMENTS alone look a patient up and book (issue 17 item 2), not open the chart', () => {
    const grants = { permissions: ['APPOINTMENTS'], modules: ALL_MODULES };
    expect(decideProviderRoute('/provider/appointment/search-patient', grants).kind).toBe('allow');
    expect(decideProviderRoute('/provider/patient/:patientId/appointments/create/:step', grants).kind).toBe(
      'allow',
    );
    expect(decideProviderRoute('/provider/patient/:patientId', grants)).toEqual({
      kind: 'deny',
      noAccess: 'patient',
    });
    expect(decideProviderRoute('/provider/search-patient', grants).kind).toBe('deny');
  });

  it('leaves a path outside the table to its own rules', () => {
    expect(
      decideProviderRoute('/provider/video-call/:appointmentId', { permissions: [], modules: [] }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('needs PATIENT for the kiosk, whose task pages change the patient’s data (issue 19 item 6)', () => {
    for (const path of ['/provider/patient/search', '/provider/patient/task/demographic/:step']) {
      expect(decideProviderRoute(path, { permissions: ['APPOINTMENTS'], modules: ALL_MODULES }).kind).toBe(
        'deny',
      );
      expect(decideProviderRoute(path, { permissions: ['PATIENT'], modules: [] })).toEqual({ kind: 'allow' });
    }
  });
});
