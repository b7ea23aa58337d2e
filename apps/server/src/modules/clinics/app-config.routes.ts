import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema } from '@app/contracts/variants';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { buildAppConfig } from './app-config.service.ts';

/**
 * GET /public/app-config — the runtime variant configuration (ARCHITECTURE.md, App variants): one web
 * build, and the server's APP_VARIANT decides the defaults. Public: the login page needs it first.
 */
export async function appConfigRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/app-config',
    {
      config: { access: access.public },
      schema: { response: { 200: appConfigSchema } },
    },
    async (_request, reply) => {
      // Branding can change while the app is open; let the browser revalidate instead of caching.
      void reply.header('cache-control', 'no-cache');
      return appConfigSchema.parse(await buildAppConfig(context.env, context.db));
    },
  );
}
