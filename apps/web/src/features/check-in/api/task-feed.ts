import type { CheckInEntry, CheckInTask } from '@app/contracts/check-in';
import { queryOptions } from '@tanstack/react-query';
import { CHECK_IN_PATH, listCheckInEntries, listTasksOfAppointments } from './check-in-api.ts';

export interface TaskFeedEntry {
  entry: CheckInEntry;
  /** The entry's tasks that are not done yet. */
  tasks: CheckInTask[];
}

/** Every open task of the upcoming, unfinished check-ins (the task feed and the patient home's count). */
export async function listTaskFeed(signal?: AbortSignal): Promise<TaskFeedEntry[]> {
  const entries = (await listCheckInEntries(signal)).filter((entry) => !entry.isFinished);
  const lists = await Promise.all(
    entries.map(async (entry) => ({
      entry,
      tasks: (await listTasksOfAppointments(entry.appointmentIds, signal)).filter((task) => !task.isDone),
    })),
  );
  return lists.filter((item) => item.tasks.length > 0);
}

export function taskFeedQuery() {
  return queryOptions({
    queryKey: [CHECK_IN_PATH, 'feed'],
    queryFn: ({ signal }) => listTaskFeed(signal),
  });
}
