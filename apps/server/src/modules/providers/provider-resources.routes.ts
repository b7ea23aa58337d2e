import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { providerIdParamsSchema } from '@app/contracts/provider-registration';
import { providerPermissionSchema, providerResourcesResponseSchema } from '@app/contracts/roles';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';

/**
 * spec 1 §7 Provider resource list, by provider id: the permission names the web stores and checks
 * by membership (spec 1 §4). The provider id is the doctor's user id (decision 0009), so only the
 * provider themself may read it; the names are the union over the clinics they work in.
 */
export async function providerResourcesRoutes(app: FastifyInstance, _options: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/providers/:id/resources',
    {
      config: { access: access.provider() },
      schema: { params: providerIdParamsSchema, response: { 200: providerResourcesResponseSchema } },
    },
    (request) => {
      const auth = requireAuth(request);
      if (auth.userId !== request.params.id) {
        throw new HttpError(403, 'You do not have permission to do this.', { code: 'forbidden' });
      }
      // The access check already loaded the memberships; names this version does not know are left out.
      const resources = auth.permissions.filter((name) => providerPermissionSchema.safeParse(name).success);
      return { resources: [...resources].sort() };
    },
  );
}
