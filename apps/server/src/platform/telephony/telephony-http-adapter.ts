import type { PlacedCall, TelephonyAdapter } from './telephony-adapter.ts';

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Calls through a generic HTTP telephony provider (TELEPHONY_PROVIDER_URL), with a contract as small
 * as the SMS gateway's, so any vendor can be fronted by a tiny relay:
 *
 *   POST <URL>/calls                 { "to": "+15551234567", "from": "<TELEPHONY_CALLER_ID>", "reference": "<our call id>" }
 *     2xx { "id": "<provider call id>", "status"?: "dialing" | "in-progress" }
 *   POST <URL>/calls/<id>/hangup     (no body)   2xx, or 404/409/410 when the call is already over
 *
 * Both with `Authorization: Bearer <TELEPHONY_PROVIDER_TOKEN>` when the token is set. Errors name the
 * HTTP status only: a provider may echo the number back.
 */
export function createTelephonyHttpAdapter(options: {
  url: string;
  token?: string | undefined;
  callerId: string;
}): TelephonyAdapter {
  const base = options.url.replace(/\/+$/, '');
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  });
  return {
    name: 'telephony-http',
    placeCall: async (call): Promise<PlacedCall> => {
      const response = await fetch(`${base}/calls`, {
        method: 'POST',
        headers: headers(true),
        body: JSON.stringify({ to: call.to, from: options.callerId, reference: call.callId }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.arrayBuffer().catch(() => undefined);
        throw new Error(`Telephony provider answered HTTP ${response.status}`);
      }
      const answer = (await response.json().catch(() => null)) as { id?: unknown; status?: unknown } | null;
      if (typeof answer?.id !== 'string' || answer.id === '') {
        throw new Error('Telephony provider answered without a call id');
      }
      return { externalId: answer.id, status: answer.status === 'in-progress' ? 'in-progress' : 'dialing' };
    },
    hangUp: async (externalId) => {
      const response = await fetch(`${base}/calls/${encodeURIComponent(externalId)}/hangup`, {
        method: 'POST',
        headers: headers(false),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      // A call the callee already hung up is over: that is what we wanted.
      if (!response.ok && ![404, 409, 410].includes(response.status)) {
        throw new Error(`Telephony provider answered HTTP ${response.status}`);
      }
    },
  };
}
