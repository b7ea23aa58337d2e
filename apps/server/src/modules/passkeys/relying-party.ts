import type { Env } from '../../env.ts';

export interface RelyingParty {
  id: string;
  name: string;
  /** The page origin the browser must report in clientDataJSON. */
  origin: string;
}

/**
 * Who we are to the authenticator (decision 0012). Configured: WEBAUTHN_RP_ID and PUBLIC_URL. Not
 * configured (development, tests): the host the request came to. That is safe because the browser
 * itself binds a credential to the site it was created on; the server check only has to agree.
 */
/** The parts of a request that say where it was sent (a FastifyRequest has them). */
export interface RequestHost {
  protocol: string;
  /** Host name and port. */
  host: string;
  hostname: string;
}

export function relyingPartyOf(env: Env, request: RequestHost): RelyingParty {
  const publicUrl = env.PUBLIC_URL ? new URL(env.PUBLIC_URL) : null;
  const origin = publicUrl ? publicUrl.origin : `${request.protocol}://${request.host}`;
  const id = env.WEBAUTHN_RP_ID ?? publicUrl?.hostname ?? request.hostname;
  return { id, name: env.WEBAUTHN_RP_NAME, origin };
}
