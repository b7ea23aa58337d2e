import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Credential recovery (spec 1 §2): forgot username, forgot password, temporary password, activation link. */
export async function recoveryRoutes(_app: FastifyInstance, _options: { context: AppContext }) {
  // Routes arrive with issue 3.
}
