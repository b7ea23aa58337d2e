import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/**
 * Clinic login with the clinic ID and master password (spec 1 §2) is the clinic_password grant of
 * POST /oauth/v2/token (auth.service.ts -> clinic-login.service.ts), so it shares that endpoint's
 * rate limits and error shape; this plugin has no routes of its own (decision 0009).
 */
export async function clinicLoginRoutes(_app: FastifyInstance, _options: { context: AppContext }) {
  // Intentionally empty: see above.
}
