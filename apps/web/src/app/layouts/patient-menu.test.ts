import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/en.ts';
import { signedInEn } from '../i18n/signed-in-en.ts';
import { ROUTE_MAP } from '../signed-in-route-map.ts';
import { PATIENT_MENU, patientMenu } from './user-layout.tsx';

// spec 1 §2 "Patient side menu (paths)": each entry, where it goes.
const SPEC_MENU: [label: string, path: string][] = [
  ['Account settings', '/user/account-settings'],
  ['Health card', '/user/single/health-card'],
  ['Documents', '/user/documents'],
  ['Graphs', '/user/vital/group'],
  ['Family', '/user/family'],
  ['Clinics', '/user/provider'],
  ['Language', '/user/single/languages'],
  ['Outstanding balance', '/user/outstanding-balance-list?cameFrom=login'],
  ['Change appointment', '/user/choose-appointment'],
  ['Schedule appointment', '/user/appointment/create'],
  ['Switch patient', '/user/switch-patient'],
];

describe('patient side menu (spec 1 §2)', () => {
  it('has every path of the spec, each with its own readable label', () => {
    const texts: Record<string, string> = { ...en, ...signedInEn };
    const menu = PATIENT_MENU.map((item) => [texts[item.labelKey], item.to]);
    for (const entry of SPEC_MENU) {
      expect(menu).toContainEqual(entry);
    }
    const labels = menu.map(([label]) => label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('leads only to screens that exist in the patient area', () => {
    const userPaths = new Set(ROUTE_MAP.filter((route) => route.area === 'user').map((route) => route.path));
    for (const item of PATIENT_MENU) {
      expect(userPaths.has(item.to.split('?')[0] ?? '')).toBe(true);
    }
  });
});

describe('external patient portal link (spec 1 §2)', () => {
  it('is added, opening outside the app, when the deployment names a portal', () => {
    const menu = patientMenu('https://portal.example.org/login');
    expect(menu.at(-1)).toEqual({
      to: 'https://portal.example.org/login',
      labelKey: 'menu.patientPortal',
      external: true,
    });
    expect(signedInEn['menu.patientPortal']).toBe('Patient portal');
  });

  it('is absent without a portal, or for an address that is not http(s)', () => {
    expect(patientMenu(null)).toEqual(PATIENT_MENU);
    expect(patientMenu(undefined)).toEqual(PATIENT_MENU);
    expect(patientMenu('javascript:alert(1)')).toEqual(PATIENT_MENU);
  });
});
