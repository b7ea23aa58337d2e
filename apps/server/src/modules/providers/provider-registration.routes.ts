import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Doctor registration with pin code and provider self-registration (spec 1 §2, §7). */
export async function providerRegistrationRoutes(_app: FastifyInstance, _options: { context: AppContext }) {
  // Routes arrive with issue 3.
}
