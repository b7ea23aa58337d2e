import type { Appointment } from '@app/contracts/appointments';
import type { CheckInEntry, CheckInTask } from '@app/contracts/check-in';
import type { StatusRole } from '../../components/ui/status-chip.tsx';
import { videoCallPath } from './appointment-rules.ts';
import { calendarDateIn, formatZoned, type TimeValue } from '../../lib/dates/format-time.ts';

// The patient home (issue 18 item 2, decision 0051): the pure rules of its next-visit card and its
// summary, kept apart from the components so each has its own unit test.

const MINUTE = 60_000;

function isLive(appointment: Pick<Appointment, 'status'>): boolean {
  return appointment.status === 'booked' || appointment.status === 'confirmed';
}

/**
 * The next visit: the soonest booked or confirmed visit that has not finished yet. A visit under way
 * (started, not finished) is still the next one: its video room is open and its check-in may matter.
 */
export function nextVisit(appointments: readonly Appointment[], now: Date): Appointment | null {
  const ahead = appointments
    .filter((appointment) => isLive(appointment) && Date.parse(appointment.finishAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  return ahead[0] ?? null;
}

export interface CheckInProgress {
  done: number;
  total: number;
}

/**
 * "3 of 6 done": the tasks that hold up the check-in. Video tasks are left out, as the check-in's own
 * finish rule (spec 2 §4 "all non-video tasks") and the provider schedule's progress leave them out.
 */
export function checkInProgress(tasks: readonly CheckInTask[]): CheckInProgress {
  const counted = tasks.filter((task) => !task.isVideo);
  return { done: counted.filter((task) => task.isDone).length, total: counted.length };
}

export function isCheckInComplete(progress: CheckInProgress): boolean {
  return progress.total > 0 && progress.done === progress.total;
}

/** Percent for the progress bar (0 when there is nothing to do). */
export function progressPercent(progress: CheckInProgress): number {
  return progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
}

/**
 * The appointments whose tasks make up the visit's check-in: its whole check-in entry (spec 2 §4:
 * visits of one department on one day check in together), as the task list the card links to shows.
 */
export function checkInAppointmentIds(
  entries: readonly CheckInEntry[] | undefined,
  appointmentId: string,
): string[] {
  const entry = entries?.find((item) => item.appointmentIds.includes(appointmentId));
  return entry ? [...entry.appointmentIds] : [appointmentId];
}

/** The existing task list of the visit's check-in (features/check-in task dashboard). */
export function checkInPath(appointmentId: string): string {
  return `/user/task?appointmentId=${encodeURIComponent(appointmentId)}`;
}

/** Tasks due: the open tasks of the upcoming check-ins that still hold them up (video tasks aside). */
export function tasksDueCount(tasks: readonly CheckInTask[]): number {
  return tasks.filter((task) => !task.isVideo && !task.isDone).length;
}

/**
 * "Join video" appears exactly when the details page's Start video visit does: the server's
 * allowVideoCall (spec 2 §6, from 15 minutes before the start until the planned finish), read through
 * the same rule (appointment-rules.ts videoCallPath).
 */
export function joinVideoPath(
  appointment: Pick<Appointment, 'id' | 'type' | 'status' | 'allowVideoCall'>,
): string | null {
  return videoCallPath(appointment, 'patient');
}

/** How long before the start the home starts asking again whether the video room has opened. */
export const JOIN_WATCH_LEAD_MINUTES = 60;
export const JOIN_WATCH_INTERVAL_MS = MINUTE;

/**
 * The window opens while the home is on screen: within the hour before a telehealth visit, the list
 * is read again every minute so "Join video" appears without a reload. Otherwise no polling.
 */
export function joinWatchInterval(
  appointment: Pick<Appointment, 'type' | 'status' | 'allowVideoCall' | 'startAt' | 'finishAt'> | null,
  now: Date,
): number | false {
  if (
    !appointment ||
    appointment.type !== 'video_call' ||
    !isLive(appointment) ||
    appointment.allowVideoCall
  ) {
    return false;
  }
  const untilStart = Date.parse(appointment.startAt) - now.getTime();
  const running = Date.parse(appointment.finishAt) > now.getTime();
  return running && untilStart <= JOIN_WATCH_LEAD_MINUTES * MINUTE ? JOIN_WATCH_INTERVAL_MS : false;
}

/** The colour role of an appointment status chip (docs/design.md): the word always goes with it. */
export function appointmentStatusRole(status: Appointment['status']): StatusRole {
  switch (status) {
    case 'confirmed':
      return 'success';
    case 'booked':
      return 'info';
    case 'completed':
      return 'neutral';
    case 'cancelled':
      return 'danger';
  }
}

/**
 * The visit's time in its department's zone with the zone's abbreviation ("Tue, Dec 1, 9:30 AM EST"),
 * the year only when it is not this year's. The zone is always named here: the home is about the
 * patient's own visits, which may be in another zone than the phone's (decision 0053's formatter).
 */
export function formatVisitTime(startAt: string, zone: string, language: string, now: Date): string {
  const yearOf = (instant: TimeValue) => calendarDateIn(instant, zone).slice(0, 4);
  const style = yearOf(startAt) === yearOf(now) ? 'weekdayTime' : 'weekdayDateTime';
  return formatZoned(startAt, zone, { language, style, zoneName: 'always' });
}
