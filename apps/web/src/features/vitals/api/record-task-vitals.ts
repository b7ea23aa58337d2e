import type { VitalReading, VitalsInput } from '@app/contracts/vitals';
import { apiRequest } from '../../../lib/api/api-client.ts';

export function taskVitalsPath(taskId: string): string {
  return `/api/vitals/tasks/${encodeURIComponent(taskId)}`;
}

/** Issue 5 item 10: POST the vitals of a task (the server computes BMI). */
export async function recordTaskVitals(taskId: string, input: VitalsInput): Promise<VitalReading> {
  const { vitalReadingSchema } = await import('@app/contracts/vitals');
  return apiRequest(taskVitalsPath(taskId), vitalReadingSchema, { method: 'POST', body: input });
}
