import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_OUTBOX_PATH, devOutboxListSchema, devOutboxQuerySchema } from '@app/contracts/dev-outbox';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { outboxHref, renderDevOutboxPage } from './dev-outbox.page.ts';
import { listDevOutbox, wantsJson } from './dev-outbox.service.ts';

/**
 * GET /dev/outbox — development only. JSON for tests and tools, an HTML page for people.
 */
export async function devOutboxRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  // The route must not exist in production (ARCHITECTURE.md): it is not registered there at all, and
  // the access plugin would stop start-up if it were. Deciding it here keeps register-modules.ts to
  // one unconditional line per module and makes the plugin safe wherever it is registered.
  if (context.env.NODE_ENV === 'production') {
    return;
  }
  app.withTypeProvider<ZodTypeProvider>().get(
    DEV_OUTBOX_PATH,
    {
      config: { access: access.dev },
      schema: {
        querystring: devOutboxQuerySchema,
        // The page is a string sent as text/html, which Fastify does not pass through the serializer.
        response: { 200: z.union([devOutboxListSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const { to, format } = request.query;
      const { messages, earlierCursor } = await listDevOutbox(context.db, to, request.query.before);
      void reply.header('cache-control', 'no-store').header('vary', 'accept');
      if (wantsJson(format, request.headers.accept)) {
        if (earlierCursor !== null) {
          // The JSON stays a plain list; the older messages are named as RFC 8288 names a next page.
          const next = outboxHref({ to, format: 'json', before: earlierCursor });
          void reply.header('link', `<${next}>; rel="next"`);
        }
        return devOutboxListSchema.parse(messages);
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(renderDevOutboxPage({ messages, to, earlierCursor }));
    },
  );
}
