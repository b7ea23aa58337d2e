import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

/**
 * Every domain module registers here, one line each. Keeping the list in one place makes it easy to
 * see what the server offers, and keeps app.ts free of domain knowledge.
 */
export async function registerModules(_app: FastifyInstance, _context: AppContext): Promise<void> {
  // Modules are added by the issues that build them.
}
