import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Clinic login with the clinic ID and master password (spec 1 §2). */
export async function clinicLoginRoutes(_app: FastifyInstance, _options: { context: AppContext }) {
  // Routes arrive with issue 3.
}
