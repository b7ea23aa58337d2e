import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { TelephonyAdapter, TelephonyLog } from './telephony-adapter.ts';
import { createTelephonyHttpAdapter } from './telephony-http-adapter.ts';
import { createTelephonyOutboxAdapter } from './telephony-outbox-adapter.ts';

/**
 * The telephony provider from the environment, as for SMS (create-outbox-adapters.ts): the HTTP
 * provider when TELEPHONY_PROVIDER_URL is set; otherwise the outbox outside production, and null in
 * production, where pretending to have rung a patient would be worse than saying it cannot be done
 * (the voice-calls service answers 503).
 */
export function createTelephonyAdapter(deps: {
  env: Env;
  db: Db;
  now: () => Date;
  log: TelephonyLog;
}): TelephonyAdapter | null {
  const { env } = deps;
  if (env.TELEPHONY_PROVIDER_URL && env.TELEPHONY_CALLER_ID) {
    return createTelephonyHttpAdapter({
      url: env.TELEPHONY_PROVIDER_URL,
      token: env.TELEPHONY_PROVIDER_TOKEN,
      callerId: env.TELEPHONY_CALLER_ID,
    });
  }
  if (env.NODE_ENV === 'production') {
    deps.log.warn({}, 'TELEPHONY_PROVIDER_URL is not set: the outbound dialer cannot place calls');
    return null;
  }
  return createTelephonyOutboxAdapter(deps);
}
