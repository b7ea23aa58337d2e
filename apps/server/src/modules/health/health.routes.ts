import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';

export async function healthRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: { access: access.public },
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      // The server listens only after migrations ran; this also proves the database answers.
      await context.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
}
