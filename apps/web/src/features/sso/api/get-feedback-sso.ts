import type { FeedbackSsoResponse } from '@app/contracts/sso';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const FEEDBACK_SSO_PATH = '/api/feedback-sso';

/** GET /api/feedback-sso: the feedback service's sign-on URL for the signed-in provider, or "not configured". */
export async function getFeedbackSso(redirect: string | null): Promise<FeedbackSsoResponse> {
  const { feedbackSsoResponseSchema } = await import('@app/contracts/sso');
  const query = redirect ? `?${new URLSearchParams({ redirect }).toString()}` : '';
  return apiRequest(`${FEEDBACK_SSO_PATH}${query}`, feedbackSsoResponseSchema);
}
