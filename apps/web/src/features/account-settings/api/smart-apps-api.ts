import { z } from 'zod';
import {
  CONNECTED_APPS_PATH,
  connectedAppListSchema,
  registeredAppListSchema,
  smartConsentRequestSchema,
  smartDecisionResultSchema,
  type ConnectedApp,
  type RegisteredApp,
  type SmartConsentRequest,
} from '@app/contracts/smart-apps';
import { apiRequest } from '../../../lib/api/api-client.ts';

// Issue 21 item 3 (decision 0082): the consent screen of a SMART app and the connected apps.

export { CONNECTED_APPS_PATH };

export const smartRequestPath = (requestId: string) => `/api/smart/requests/${encodeURIComponent(requestId)}`;

export function getConsentRequest(requestId: string): Promise<SmartConsentRequest> {
  return apiRequest(smartRequestPath(requestId), smartConsentRequestSchema);
}

/** Allow or deny; the answer is where to send the browser (the app, with a code or access_denied). */
export async function decideConsent(requestId: string, allow: boolean): Promise<string> {
  const result = await apiRequest(`${smartRequestPath(requestId)}/decision`, smartDecisionResultSchema, {
    method: 'POST',
    body: { allow },
  });
  return result.redirectUrl;
}

export function listConnectedApps(): Promise<ConnectedApp[]> {
  return apiRequest(CONNECTED_APPS_PATH, connectedAppListSchema);
}

export async function disconnectApp(grantId: string): Promise<void> {
  await apiRequest(`${CONNECTED_APPS_PATH}/${encodeURIComponent(grantId)}`, z.null(), { method: 'DELETE' });
}

export const registeredAppsPath = (clinicId: string) =>
  `/api/provider/clinics/${encodeURIComponent(clinicId)}/smart-apps`;

export function listRegisteredApps(clinicId: string): Promise<RegisteredApp[]> {
  return apiRequest(registeredAppsPath(clinicId), registeredAppListSchema);
}
