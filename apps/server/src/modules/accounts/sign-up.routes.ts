import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Sign-up (spec 1 §2 sign-up wizard): user check, create, phone validation, gender list, security data. */
export async function signUpRoutes(_app: FastifyInstance, _options: { context: AppContext }) {
  // Routes arrive with issue 3.
}
