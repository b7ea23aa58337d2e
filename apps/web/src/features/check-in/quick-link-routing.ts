import type { CheckInEntry, CheckInTask } from '@app/contracts/check-in';
import type { QuickLinkParams } from '@app/contracts/quick-links';
import { allNonVideoTasksDone } from './task-flow.ts';

// spec 2 §2 Quick-link entry, §4 "Check-in quick link" (decision 0019): where each link lands.

/** The patient home: care-plan links land here until their screen exists. */
export const PATIENT_HOME = '/user/appointment';

/** Where the link goes once logged in (a /user/ path, so the post-login redirect order keeps it). */
export function quickLinkDestination(params: QuickLinkParams): string {
  switch (params.type) {
    case 'check-in':
      return params.appointmentId
        ? `/user/check-in-landing?appointmentId=${encodeURIComponent(params.appointmentId)}`
        : '/user/check-in-landing';
    case 'on-fly': {
      const query = new URLSearchParams({ flow: 'on-fly', clinicUuid: params.clinicUuid ?? '' });
      if (params.taskId) {
        query.set('taskId', params.taskId);
      }
      return `/user/task?${query.toString()}`;
    }
    case 'confirm':
    case 'outside':
      // The server marked the patient outside while logging in; the details show the visit.
      return params.appointmentId
        ? `/user/appointment/${encodeURIComponent(params.appointmentId)}`
        : PATIENT_HOME;
    case 'messaging':
      // spec 2 §2: a messaging link names its thread (decision 0026).
      return params.threadId ? `/user/message/${encodeURIComponent(params.threadId)}` : '/user/message';
    case 'careplan':
      return PATIENT_HOME;
  }
}

export type CheckInLinkDecision =
  | { kind: 'final'; appointmentIds: string[] }
  | { kind: 'landing' }
  | { kind: 'single'; appointmentIds: string[] };

/**
 * spec 2 §4 "Check-in quick link": all of the appointment's tasks done -> the final page; several
 * appointments of the department that day -> the check-in landing; else a single check-in.
 */
export function decideCheckInLink(
  appointmentId: string,
  entries: readonly CheckInEntry[],
  tasks: readonly CheckInTask[],
): CheckInLinkDecision {
  const entry = entries.find((item) => item.appointmentIds.includes(appointmentId));
  if (tasks.length > 0 && allNonVideoTasksDone(tasks)) {
    return { kind: 'final', appointmentIds: entry?.appointmentIds ?? [appointmentId] };
  }
  if (entry && entry.appointmentIds.length > 1) {
    return { kind: 'landing' };
  }
  return { kind: 'single', appointmentIds: [appointmentId] };
}
