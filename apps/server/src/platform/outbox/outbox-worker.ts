import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';

// Placeholder replaced in this session by the outbox work (issue 2 item 5).
export function startOutboxWorker(_context: AppContext, _log: FastifyBaseLogger): { stop(): Promise<void> } {
  return { stop: async () => {} };
}
