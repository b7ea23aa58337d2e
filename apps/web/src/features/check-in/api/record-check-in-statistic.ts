import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';

export type CheckInStatistic = 'started' | 'finished' | 'session_expired';

/**
 * POST /api/statistic/appointment/check-in. Figures are best effort: a failed call never stops the
 * patient's check-in. Its own module: the kiosk's idle time-out loads it on demand (kiosk-idle.ts),
 * and check-in-api.ts, which the patient home needs at once, must not be a chunk of its own for that
 * (decision 0074).
 */
export async function recordCheckInStatistic(appointmentId: string, status: CheckInStatistic): Promise<void> {
  try {
    await apiRequest('/api/statistic/appointment/check-in', anyBody, {
      method: 'POST',
      body: { appointmentId, status },
    });
  } catch {
    // best effort
  }
}
