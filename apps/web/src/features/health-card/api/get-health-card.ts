import { queryOptions } from '@tanstack/react-query';
import { HEALTH_CARD_PATH, healthCardSchema, type HealthCard } from '@app/contracts/health-card';
import { apiRequest } from '../../../lib/api/api-client.ts';

// The health card screen is a lazy chunk of its own, so its schema comes with it (decision 0006).

/** GET /api/users/me/health-card: the signed-in patient's card (issue 16, decision 0034). */
export function getHealthCard(signal?: AbortSignal): Promise<HealthCard> {
  return apiRequest(HEALTH_CARD_PATH, healthCardSchema, { signal });
}

export function healthCardQuery(userId: string) {
  // Keyed by the user: a family switch (spec 3 §4) shows the other person's card, never a cached one.
  return queryOptions({
    queryKey: [HEALTH_CARD_PATH, userId],
    queryFn: ({ signal }) => getHealthCard(signal),
  });
}
