import type { VitalReading } from '@app/contracts/vitals';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { taskVitalsPath } from './record-task-vitals.ts';

/** The latest reading of a vitals task, if any (a reopened vital task starts from it, spec 2 §4). */
export async function getTaskVitals(taskId: string, signal?: AbortSignal): Promise<VitalReading | null> {
  const { taskVitalsResponseSchema } = await import('@app/contracts/vitals');
  const answer = await apiRequest(taskVitalsPath(taskId), taskVitalsResponseSchema, { signal });
  return answer.reading;
}

export function taskVitalsQuery(taskId: string) {
  return queryOptions({
    queryKey: [taskVitalsPath(taskId)],
    queryFn: ({ signal }) => getTaskVitals(taskId, signal),
  });
}
