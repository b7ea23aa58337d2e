import type { CarePlan } from '@app/contracts/care-plans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

const OWN_CARE_PLANS_PATH = '/api/care-plans';

/** The signed-in patient's care plans (their goals are drawn on the patient's graphs). */
export async function listOwnCarePlans(signal?: AbortSignal): Promise<CarePlan[]> {
  const { carePlanListSchema } = await import('@app/contracts/care-plans');
  return (await apiRequest(OWN_CARE_PLANS_PATH, carePlanListSchema, { signal })).carePlans;
}

export function ownCarePlansQuery() {
  return queryOptions({ queryKey: [OWN_CARE_PLANS_PATH], queryFn: ({ signal }) => listOwnCarePlans(signal) });
}
