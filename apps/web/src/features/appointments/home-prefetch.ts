import type { QueryClient } from '@tanstack/react-query';
import { currentRole } from '../../lib/auth/session-store.ts';
import { checkInEntriesQuery } from '../check-in/api/check-in-api.ts';
import { taskFeedQuery } from '../check-in/api/task-feed.ts';
import { unreadCountQuery } from '../messaging/api/get-unread-count.ts';
import { balancesQuery } from '../payments/api/list-balances.ts';
import { appointmentListQuery, listRange } from './api/list-appointments.ts';

/**
 * Asks for everything the patient home shows while the home's code is still on its way (issue 18:
 * its requests used to wait for the screen's chunks, then for its first render). The screen's own
 * queries then find the answers, or the requests in flight, under the same keys. Only for a signed-in
 * patient: anyone else is sent elsewhere by the area's guard, and must not call the patient API.
 */
/** A failed prefetch is the screen's to report: its own query asks again and shows the failure. */
function ignore(): void {
  // Nothing: see above.
}

export function prefetchPatientHome(client: QueryClient): void {
  if (currentRole() !== 'user') {
    return;
  }
  client.query(appointmentListQuery(listRange())).catch(ignore);
  client.query(checkInEntriesQuery()).catch(ignore);
  client.query(taskFeedQuery()).catch(ignore);
  client.query(balancesQuery()).catch(ignore);
  client.query(unreadCountQuery({ kind: 'patient' })).catch(ignore);
}
