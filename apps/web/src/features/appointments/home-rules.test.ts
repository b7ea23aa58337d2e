import { describe, expect, it } from 'vitest';
import type { Appointment } from '@app/contracts/appointments';
import type { CheckInEntry } from '@app/contracts/check-in';
import {
  appointmentStatusRole,
  checkInAppointmentIds,
  checkInPath,
  checkInProgress,
  formatVisitTime,
  isCheckInComplete,
  joinVideoPath,
  joinWatchInterval,
  JOIN_WATCH_INTERVAL_MS,
  nextVisit,
  progressPercent,
  tasksDueCount,
} from './home-rules.ts';
import { videoCallPath } from './appointment-rules.ts';
import { checkInTask, DONE_TASK } from '../check-in/test/check-in-task.ts';

// A fixed instant: Tuesday 2026-12-01 10:00 in New York (the e2e suite's default instant).
const NOW = new Date('2026-12-01T15:00:00Z');

function visit(id: string, startAt: string, overrides: Partial<Appointment> = {}): Appointment {
  return {
    id,
    appointmentId: id,
    uuid: `u-${id}`,
    clinicUuid: 'c1',
    clinicName: 'Clinic',
    userId: 'p1',
    patientId: 'p1',
    patientName: 'Pat Patient',
    providerId: 'd1',
    departmentUuid: 'dep1',
    departmentName: 'Main Street Office',
    consultationTypeId: 't1',
    consultationTypeTitle: 'Follow-up',
    consultationTypeMessage: null,
    startAt,
    finishAt: new Date(Date.parse(startAt) + 30 * 60_000).toISOString(),
    timezone: 'America/New_York',
    type: 'office',
    status: 'booked',
    confirmedAt: null,
    isCancellable: true,
    canPatientCancel: true,
    allowVideoCall: false,
    hasNewVideoLayout: true,
    isPreCheckIn: true,
    isNewCheckIn: true,
    isInWaitList: false,
    isConvertRequired: false,
    doctorName: 'Alice Smith, MD',
    doctorImage: null,
    address: null,
    attachments: [],
    appointmentComment: null,
    externalId: null,
    waitlist: { isAvailable: false },
    ...overrides,
  };
}

const task = checkInTask;
const done = DONE_TASK;

describe('nextVisit', () => {
  it('is the soonest booked or confirmed visit that has not finished, whatever the list order', () => {
    const later = visit('later', '2026-12-08T14:00:00Z', { status: 'confirmed' });
    const sooner = visit('sooner', '2026-12-02T14:00:00Z');
    expect(nextVisit([later, sooner], NOW)?.id).toBe('sooner');
  });

  it('skips cancelled and completed visits and those already over', () => {
    const over = visit('over', '2026-12-01T13:00:00Z');
    const cancelled = visit('cancelled', '2026-12-01T16:00:00Z', { status: 'cancelled' });
    const completed = visit('completed', '2026-12-01T17:00:00Z', { status: 'completed' });
    const booked = visit('booked', '2026-12-03T14:00:00Z');
    expect(nextVisit([over, cancelled, completed, booked], NOW)?.id).toBe('booked');
  });

  it('keeps a visit under way (started, not finished) as the next one', () => {
    const running = visit('running', '2026-12-01T14:50:00Z');
    const tomorrow = visit('tomorrow', '2026-12-02T14:00:00Z');
    expect(nextVisit([tomorrow, running], NOW)?.id).toBe('running');
  });

  it('is null without an upcoming live visit', () => {
    expect(nextVisit([], NOW)).toBeNull();
    expect(nextVisit([visit('past', '2026-11-20T14:00:00Z')], NOW)).toBeNull();
  });
});

describe('check-in progress', () => {
  it('counts done tasks out of all, leaving video tasks out ("3 of 6 done")', () => {
    const tasks = [
      task('a', done),
      task('b', done),
      task('c', done),
      task('d'),
      task('e'),
      task('f'),
      task('video', { isVideo: true }),
    ];
    expect(checkInProgress(tasks)).toEqual({ done: 3, total: 6 });
    expect(progressPercent(checkInProgress(tasks))).toBe(50);
    expect(isCheckInComplete(checkInProgress(tasks))).toBe(false);
  });

  it('is complete when every counted task is done, never when there is none', () => {
    expect(isCheckInComplete(checkInProgress([task('a', done), task('v', { isVideo: true })]))).toBe(true);
    expect(isCheckInComplete(checkInProgress([]))).toBe(false);
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
    expect(progressPercent({ done: 1, total: 3 })).toBe(33);
  });

  it("takes the tasks of the visit's whole check-in entry, as the task list does", () => {
    const entry: CheckInEntry = {
      departmentUuid: 'dep1',
      departmentName: 'Main Street Office',
      date: '2026-12-02',
      appointmentIds: ['a1', 'a2'],
      startAt: '2026-12-02T09:00:00-05:00',
      timezone: 'America/New_York',
      isFinished: false,
      flow: 'new',
    };
    expect(checkInAppointmentIds([entry], 'a2')).toEqual(['a1', 'a2']);
    expect(checkInAppointmentIds([entry], 'a9')).toEqual(['a9']);
    expect(checkInAppointmentIds(undefined, 'a9')).toEqual(['a9']);
    expect(checkInPath('a 1')).toBe('/user/task?appointmentId=a%201');
  });

  it('tasks due are the open tasks that hold up a check-in', () => {
    expect(tasksDueCount([task('a'), task('b', done), task('v', { isVideo: true }), task('c')])).toBe(2);
    expect(tasksDueCount([])).toBe(0);
  });
});

describe('Join video', () => {
  it('reuses the details page rule: a live telehealth visit whose room the server says is open', () => {
    const open = visit('v', '2026-12-01T15:10:00Z', { type: 'video_call', allowVideoCall: true });
    expect(joinVideoPath(open)).toBe('/user/video-call/v');
    expect(joinVideoPath(open)).toBe(videoCallPath(open, 'patient'));
    expect(joinVideoPath({ ...open, allowVideoCall: false })).toBeNull();
    expect(joinVideoPath({ ...open, type: 'office' })).toBeNull();
    expect(joinVideoPath({ ...open, status: 'cancelled' })).toBeNull();
  });

  it('asks again every minute within the hour before a telehealth visit until its room opens', () => {
    const soon = visit('v', '2026-12-01T15:40:00Z', { type: 'video_call' });
    expect(joinWatchInterval(soon, NOW)).toBe(JOIN_WATCH_INTERVAL_MS);
    expect(joinWatchInterval({ ...soon, allowVideoCall: true }, NOW)).toBe(false);
    expect(joinWatchInterval({ ...soon, startAt: '2026-12-01T17:00:00Z' }, NOW)).toBe(false);
    expect(joinWatchInterval({ ...soon, type: 'office' }, NOW)).toBe(false);
    expect(joinWatchInterval({ ...soon, status: 'cancelled' }, NOW)).toBe(false);
    expect(joinWatchInterval(null, NOW)).toBe(false);
  });
});

describe('formatVisitTime', () => {
  it("says the time in the department's zone with its abbreviation", () => {
    expect(formatVisitTime('2026-12-01T14:30:00Z', 'America/New_York', 'en', NOW)).toBe(
      'Tue, Dec 1, 9:30 AM EST',
    );
    expect(formatVisitTime('2026-12-01T14:30:00Z', 'America/Chicago', 'en', NOW)).toBe(
      'Tue, Dec 1, 8:30 AM CST',
    );
  });

  it('adds the year only when the visit is in another year', () => {
    expect(formatVisitTime('2027-01-05T14:30:00Z', 'America/New_York', 'en', NOW)).toBe(
      'Tue, Jan 5, 2027, 9:30 AM EST',
    );
  });
});

describe('appointmentStatusRole', () => {
  it('gives every status a colour role', () => {
    expect(appointmentStatusRole('confirmed')).toBe('success');
    expect(appointmentStatusRole('booked')).toBe('info');
    expect(appointmentStatusRole('completed')).toBe('neutral');
    expect(appointmentStatusRole('cancelled')).toBe('danger');
  });
});
