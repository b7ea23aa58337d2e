import type { ProviderAppointment } from '@app/contracts/provider-schedule';
import type { AppVariant } from '@app/contracts/variants';
import { filterIconOf, isProviderApp, type FilterIcon } from '../../lib/variant/variant-traits.ts';

// spec 3 §2 and §4 display rules of a schedule row, as pure functions (tested beside).

/** spec 3 §4: the Check in button shows when arrived and in the office or on a video call. */
export function showsCheckInButton(appointment: ProviderAppointment): boolean {
  return (
    appointment.visitStatus === 'arrived' &&
    (appointment.patientStatus === 'in-office' || appointment.type === 'video_call')
  );
}

/**
 * spec 3 §4: the quick-link button is hidden when the patient is outside and pre-check-in has undone
 * tasks, or when the visit status is check-in or check-out.
 */
export function showsQuickLinkButton(appointment: ProviderAppointment): boolean {
  if (appointment.patientStatus === 'outside' && appointment.isPreCheckIn && appointment.hasUndoneTasks) {
    return false;
  }
  return appointment.visitStatus !== 'check-in' && appointment.visitStatus !== 'check-out';
}

/** spec 3 §2 "Patient balance is shown (dollars, 2 decimals)". */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** The ISO date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return moved.toISOString().slice(0, 10);
}

/** Today in the browser's own calendar. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** spec 3 §2 title: "My schedule", the provider's name, or "Schedule". */
export function scheduleTitle(
  selectedProviders: { id: string; name: string }[],
  ownName: string,
): { kind: 'mine' } | { kind: 'provider'; name: string } | { kind: 'all' } {
  if (selectedProviders.length !== 1 || !selectedProviders[0]) {
    return { kind: 'all' };
  }
  const [only] = selectedProviders;
  return only.name === ownName || only.name.startsWith(`${ownName},`)
    ? { kind: 'mine' }
    : { kind: 'provider', name: only.name };
}

const FILTER_PAGES = ['/provider/appointment', '/provider/waiting-room', '/provider/waiting-room-telehealth'];

/**
 * spec 3 §2: the filter icon shows on provider/appointment, provider/waiting-room and
 * provider/waiting-room-telehealth only in the care-manager or women's-healthcare app (§6: both show
 * the appointment provider filter) and only when the URL has no extra path.
 */
export function showsFilterIcon(variant: AppVariant, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return isProviderApp(variant) && FILTER_PAGES.includes(path);
}

/** The filter icon to show on this page, in the variant's own glyph (decision 0037), or null. */
export function filterIconFor(variant: AppVariant, pathname: string): FilterIcon | null {
  return showsFilterIcon(variant, pathname) ? filterIconOf(variant) : null;
}
