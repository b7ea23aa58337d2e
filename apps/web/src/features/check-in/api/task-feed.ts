import type { CheckInEntry, CheckInTask } from '@app/contracts/check-in';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CHECK_IN_PATH, checkInEntriesQuery, checkInTasksQuery } from './check-in-api.ts';

export interface TaskFeedEntry {
  entry: CheckInEntry;
  /** The entry's tasks that are not done yet. */
  tasks: CheckInTask[];
}

/**
 * Every open task of the upcoming, unfinished check-ins (the task feed and the patient home's count).
 * Read through the query cache: the patient home's next-visit card asks for the same entries and
 * tasks, and each used to travel twice (decision 0068).
 */
export async function listTaskFeed(client: QueryClient): Promise<TaskFeedEntry[]> {
  const entries = (await client.query(checkInEntriesQuery())).filter((entry) => !entry.isFinished);
  const lists = await Promise.all(
    entries.map(async (entry) => ({
      entry,
      tasks: (await client.query(checkInTasksQuery(entry.appointmentIds))).filter((task) => !task.isDone),
    })),
  );
  return lists.filter((item) => item.tasks.length > 0);
}

export function taskFeedQuery() {
  return queryOptions({
    queryKey: [CHECK_IN_PATH, 'feed'],
    queryFn: ({ client }) => listTaskFeed(client),
  });
}
