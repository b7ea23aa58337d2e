import { describe, expect, it } from 'vitest';
import type { CheckInEntry, CheckInTask } from '@app/contracts/check-in';
import { decideCheckInLink, PATIENT_HOME, quickLinkDestination } from './quick-link-routing.ts';

const ids = {
  user: '11111111-1111-4111-8111-111111111111',
  a1: '22222222-2222-4222-8222-222222222222',
  a2: '33333333-3333-4333-8333-333333333333',
  clinic: '44444444-4444-4444-8444-444444444444',
  task: '55555555-5555-4555-8555-555555555555',
};

function entry(appointmentIds: string[]): CheckInEntry {
  return {
    departmentUuid: 'd',
    departmentName: 'Main',
    date: '2026-11-23',
    appointmentIds,
    startAt: '2026-11-23T10:00:00-05:00',
    timezone: 'America/New_York',
    isFinished: false,
    flow: 'new',
  };
}
const task = (isDone: boolean, isVideo = false) => ({ isDone, isVideo }) as CheckInTask;

describe('quick-link routing (spec 2 §2 Quick-link entry, §4 Check-in quick link)', () => {
  it('sends each link type where it belongs', () => {
    const base = { oauthCode: 'c', userId: ids.user, appointmentId: ids.a1, clinicUuid: ids.clinic };
    expect(quickLinkDestination({ ...base, type: 'check-in' })).toBe(
      `/user/check-in-landing?appointmentId=${ids.a1}`,
    );
    expect(quickLinkDestination({ ...base, type: 'confirm' })).toBe(`/user/appointment/${ids.a1}`);
    expect(quickLinkDestination({ ...base, type: 'outside' })).toBe(`/user/appointment/${ids.a1}`);
    expect(quickLinkDestination({ ...base, type: 'on-fly', taskId: ids.task })).toBe(
      `/user/task?flow=on-fly&clinicUuid=${ids.clinic}&taskId=${ids.task}`,
    );
    expect(quickLinkDestination({ ...base, type: 'messaging' })).toBe('/user/message');
    expect(quickLinkDestination({ ...base, type: 'messaging', threadId: ids.a2 })).toBe(
      `/user/message/${ids.a2}`,
    );
    expect(quickLinkDestination({ ...base, type: 'careplan' })).toBe(PATIENT_HOME);
  });

  it('goes to the final page when every task is done, the landing for several visits, else a single check-in', () => {
    expect(decideCheckInLink(ids.a1, [entry([ids.a1, ids.a2])], [task(true), task(false, true)])).toEqual({
      kind: 'final',
      appointmentIds: [ids.a1, ids.a2],
    });
    expect(decideCheckInLink(ids.a1, [entry([ids.a1, ids.a2])], [task(false)])).toEqual({ kind: 'landing' });
    expect(decideCheckInLink(ids.a1, [entry([ids.a1])], [task(false)])).toEqual({
      kind: 'single',
      appointmentIds: [ids.a1],
    });
    expect(decideCheckInLink(ids.a1, [], [])).toEqual({ kind: 'single', appointmentIds: [ids.a1] });
  });
});
