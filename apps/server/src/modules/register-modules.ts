import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { appConfigRoutes } from './clinics/app-config.routes.ts';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes.ts';

/**
 * Every domain module registers here, one line each. Keeping the list in one place makes it easy to
 * see what the server offers, and keeps app.ts free of domain knowledge.
 */
export async function registerModules(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(authRoutes, { context });
  await app.register(appConfigRoutes, { context });
  await app.register(devOutboxRoutes, { context });
}
