import type { CheckInTask } from '@app/contracts/check-in';

/** A check-in task for tests: a new regular task of appointment a1, with the given changes. */
export function checkInTask(id: string, overrides: Partial<CheckInTask> = {}): CheckInTask {
  return {
    taskId: id,
    settingId: `s-${id}`,
    title: id,
    description: null,
    status: 'NEW',
    isDone: false,
    valueType: 'REGULAR',
    actions: [{ type: 'regular' }],
    clinicUuid: 'c1',
    userId: 'u1',
    appointmentId: 'a1',
    source: { appointment: { id: 'a1' } },
    todo: { source: { appointment_id: 'a1' } },
    isVideo: false,
    dueAt: null,
    doneAt: null,
    isActive: true,
    listAttachmentId: [],
    config: {},
    order: 0,
    ...overrides,
  };
}

/** The changes that make a task finished. */
export const DONE_TASK = { status: 'DONE', isDone: true } as const;
