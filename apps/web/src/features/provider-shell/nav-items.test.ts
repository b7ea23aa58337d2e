import { describe, expect, it } from 'vitest';
import type { ProviderWorkspace } from '@app/contracts/provider-workspace';
import { passesGate } from '../../lib/provider/provider-workspace.ts';
import { providerShellEn } from './i18n/en.ts';
import { providerShellEs } from './i18n/es.ts';
import {
  FOOTER_TABS,
  isNavItemActive,
  isSidebarCollapsed,
  pageActionOf,
  SIDEBAR_ITEMS,
  sidebarWidth,
} from './nav-items.ts';

const workspace = (
  permissions: ProviderWorkspace['permissions'],
  modules: ProviderWorkspace['clinics'][number]['modules'],
) =>
  ({
    providerId: '00000000-0000-4000-8000-000000000001',
    name: 'Alice Smith',
    firstName: 'Alice',
    email: null,
    image: null,
    permissions,
    clinicId: '00000000-0000-4000-8000-000000000002',
    clinics: [{ id: '00000000-0000-4000-8000-000000000002', name: 'Clinic', modules }],
  }) satisfies ProviderWorkspace;

const item = (id: string) => {
  const found = SIDEBAR_ITEMS.find((candidate) => candidate.id === id);
  if (!found) {
    throw new Error(id);
  }
  return found;
};

describe('provider sidebar (spec 3 §2)', () => {
  it('shows an item only when its permission and module both hold', () => {
    const shown = (w: ProviderWorkspace) =>
      SIDEBAR_ITEMS.filter((entry) => passesGate(w, entry.gate)).map((e) => e.id);
    expect(shown(workspace(['APPOINTMENTS'], ['PATIENT_OUTSIDE', 'FLOWS']))).toEqual(['schedule', 'news']);
    expect(shown(workspace(['VIRTUAL_WAITING_ROOM', 'FLOWS'], []))).toEqual(['schedule', 'news']);
    expect(shown(workspace(['VIRTUAL_WAITING_ROOM', 'FLOWS'], ['PATIENT_OUTSIDE', 'FLOWS']))).toEqual([
      'drive-up',
      'schedule',
      'flows',
      'news',
    ]);
  });

  it('shows the audit trail to clinic admins (SETTING) only (issue 19 item 3)', () => {
    const shown = (w: ProviderWorkspace) =>
      SIDEBAR_ITEMS.filter((entry) => passesGate(w, entry.gate)).map((e) => e.id);
    expect(shown(workspace(['SETTING'], []))).toEqual(['schedule', 'news', 'audit', 'smart-apps']);
    expect(shown(workspace(['PATIENT', 'APPOINTMENTS'], []))).not.toContain('audit');
    expect(item('audit').to).toBe('/provider/audit');
  });

  it('marks Schedule active on video calls and Patient Search on registration and patient views', () => {
    expect(isNavItemActive(item('schedule'), '/provider/video-call/abc')).toBe(true);
    expect(isNavItemActive(item('schedule'), '/provider/appointment/select-providers')).toBe(true);
    expect(isNavItemActive(item('search-patient'), '/provider/create-patient')).toBe(true);
    expect(isNavItemActive(item('search-patient'), '/provider/patient/123/appointments')).toBe(true);
    expect(isNavItemActive(item('message'), '/provider/single-header/')).toBe(true);
    expect(isNavItemActive(item('drive-up'), '/provider/waiting-room-telehealth')).toBe(false);
  });

  it("marks Schedule active on the clinic's appointment list, with the new-appointment action", () => {
    expect(isNavItemActive(item('schedule'), '/provider/appointments')).toBe(true);
    expect(isNavItemActive(item('schedule'), '/provider/appointments-other')).toBe(false);
    expect(pageActionOf('/provider/appointments')).toMatchObject({
      to: '/provider/search-patient',
      gate: { permission: 'APPOINTMENTS' },
    });
  });

  it('starts a new appointment at the look-up for a provider without PATIENT (decision 0041)', () => {
    expect(pageActionOf('/provider/appointment', ['APPOINTMENTS'])).toMatchObject({
      to: '/provider/appointment/search-patient',
      label: 'actionNewAppointment',
    });
    expect(pageActionOf('/provider/appointment', ['APPOINTMENTS', 'PATIENT'])).toMatchObject({
      to: '/provider/search-patient',
    });
  });

  it('is collapsed at width 30 or less, and then 60 px wide', () => {
    expect(isSidebarCollapsed(30)).toBe(true);
    expect(isSidebarCollapsed(31)).toBe(false);
    expect(sidebarWidth(12)).toBe(60);
    expect(sidebarWidth(232)).toBe(232);
  });
});

describe('footer tabs on a phone (decision 0052)', () => {
  it('are the six tabs of spec 3 §2, in order', () => {
    expect(FOOTER_TABS.map((item) => item.id)).toEqual([
      'schedule',
      'message',
      'flows',
      'search-patient',
      'follow-ups',
      'news',
    ]);
  });

  it("each show one short word in English and Spanish, never the sidebar's long name", () => {
    for (const item of FOOTER_TABS) {
      const key = item.shortLabel as keyof typeof providerShellEn;
      for (const texts of [providerShellEn, providerShellEs]) {
        const word = texts[key];
        expect(word, item.id).toMatch(/^\S{2,10}$/);
      }
    }
    expect(providerShellEn[FOOTER_TABS[1]?.shortLabel as keyof typeof providerShellEn]).toBe('Messages');
  });

  it("keep their sidebar item's link, gate and counter", () => {
    for (const item of FOOTER_TABS) {
      const sidebarItem = SIDEBAR_ITEMS.find((candidate) => candidate.id === item.id);
      expect({ ...item, shortLabel: undefined }).toEqual({ ...sidebarItem, shortLabel: undefined });
    }
  });
});
