import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** The security page ({role}/security, spec 1 §2): new password and security question. */
export async function securityRoutes(_app: FastifyInstance, _options: { context: AppContext }) {
  // Routes arrive with issue 3.
}
