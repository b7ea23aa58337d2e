import { describe, expect, it } from 'vitest';
import type { ProviderAppointment } from '@app/contracts/provider-schedule';
import {
  addDays,
  dollars,
  filterIconFor,
  scheduleTitle,
  showsCheckInButton,
  showsFilterIcon,
  showsQuickLinkButton,
} from './schedule-rules.ts';

const row = (over: Partial<ProviderAppointment>) =>
  ({
    visitStatus: null,
    patientStatus: null,
    type: 'office',
    isPreCheckIn: false,
    hasUndoneTasks: false,
    ...over,
  }) as ProviderAppointment;

describe('schedule rules (spec 3 §2, §4)', () => {
  it('shows Check in when arrived and in the office or on a video call', () => {
    expect(showsCheckInButton(row({ visitStatus: 'arrived', patientStatus: 'in-office' }))).toBe(true);
    expect(showsCheckInButton(row({ visitStatus: 'arrived', type: 'video_call' }))).toBe(true);
    expect(showsCheckInButton(row({ visitStatus: 'arrived', patientStatus: 'outside' }))).toBe(false);
    expect(showsCheckInButton(row({ visitStatus: 'check-in', patientStatus: 'in-office' }))).toBe(false);
  });

  it('hides the quick link when outside with undone pre-check-in tasks, or checked in or out', () => {
    expect(showsQuickLinkButton(row({}))).toBe(true);
    expect(
      showsQuickLinkButton(row({ patientStatus: 'outside', isPreCheckIn: true, hasUndoneTasks: true })),
    ).toBe(false);
    expect(showsQuickLinkButton(row({ patientStatus: 'outside', isPreCheckIn: true }))).toBe(true);
    expect(showsQuickLinkButton(row({ visitStatus: 'check-in' }))).toBe(false);
    expect(showsQuickLinkButton(row({ visitStatus: 'check-out' }))).toBe(false);
  });

  it('shows the filter icon in the care-manager app on the three pages without extra path', () => {
    expect(showsFilterIcon('care-manager', '/provider/appointment')).toBe(true);
    expect(showsFilterIcon('care-manager', '/provider/waiting-room-telehealth/')).toBe(true);
    expect(showsFilterIcon('care-manager', '/provider/appointment/select-departments')).toBe(false);
    expect(showsFilterIcon('care-plan', '/provider/appointment')).toBe(false);
  });

  it('shows the filter in the women’s-healthcare app too, with its own icon (spec 3 §2, §6)', () => {
    expect(showsFilterIcon('womens-healthcare', '/provider/appointment')).toBe(true);
    expect(showsFilterIcon('womens-healthcare', '/provider/waiting-room')).toBe(true);
    expect(filterIconFor('womens-healthcare', '/provider/appointment')).toBe('womens-health');
    expect(filterIconFor('care-manager', '/provider/appointment')).toBe('funnel');
    expect(filterIconFor('womens-healthcare', '/provider/appointment/select-providers')).toBeNull();
    for (const variant of ['care-plan', 'check-in', 'quick-link', 'unitedmd'] as const) {
      expect(filterIconFor(variant, '/provider/appointment')).toBeNull();
    }
  });

  it('formats dollars and days', () => {
    expect(dollars(12.5)).toBe('$12.50');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('titles the schedule', () => {
    expect(scheduleTitle([], 'Alice Smith')).toEqual({ kind: 'all' });
    expect(scheduleTitle([{ id: '1', name: 'Alice Smith, MD' }], 'Alice Smith')).toEqual({ kind: 'mine' });
    expect(scheduleTitle([{ id: '2', name: 'Raj Patel, MD' }], 'Alice Smith')).toEqual({
      kind: 'provider',
      name: 'Raj Patel, MD',
    });
  });
});
