import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import {
  moduleCheckParamsSchema,
  moduleCheckResponseSchema,
  providerWorkspaceResponseSchema,
} from '@app/contracts/provider-workspace';
import { WORKSPACE_MODULES, type WorkspaceModule } from '@app/contracts/workspace-modules';
import { providerPermissionSchema } from '@app/contracts/roles';
import { apiErrorSchema } from '@app/contracts/errors';
import { providerAdminCodeSchema, providerAdminCodeResponseSchema } from '@app/contracts/provider-schedule';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { issueProviderAdminCode } from './provider-admin-code.ts';

const known: readonly string[] = WORKSPACE_MODULES;
const isWorkspaceModule = (name: string): name is WorkspaceModule => known.includes(name);

/**
 * spec 3 §2 provider shell: the provider's name, permissions and clinics with their workspace
 * modules, in one call, so the sidebar, footer tabs and side menu are drawn without waiting on
 * several requests.
 */
export async function providerWorkspaceRoutes(app: FastifyInstance, options: { context: AppContext }) {
  const { db } = options.context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/provider/workspace',
    {
      config: { access: access.provider() },
      schema: { response: { 200: providerWorkspaceResponseSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [user] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          image: users.image,
        })
        .from(users)
        .where(eq(users.id, auth.userId));
      const memberships = await db
        .select({ id: clinics.id, name: clinics.name, modules: clinics.modules })
        .from(providers)
        .innerJoin(clinics, eq(clinics.id, providers.clinicId))
        .where(eq(providers.userId, auth.userId))
        .orderBy(asc(clinics.clinicNumber));
      const [first] = memberships;
      if (!user || !first) {
        throw new HttpError(403, 'You are not a member of any clinic.', { code: 'no_clinic' });
      }
      return {
        providerId: auth.userId,
        name: `${user.firstName} ${user.lastName}`,
        firstName: user.firstName,
        email: user.email,
        image: user.image,
        permissions: auth.permissions
          .filter((name) => providerPermissionSchema.safeParse(name).success)
          .sort(),
        clinicId: first.id,
        clinics: memberships.map((clinic) => ({
          id: clinic.id,
          name: clinic.name,
          modules: clinic.modules.filter(isWorkspaceModule),
        })),
        supportUrl: options.context.env.PROVIDER_SUPPORT_URL ?? `mailto:${options.context.env.SUPPORT_EMAIL}`,
      };
    },
  );

  // spec 3 §7 Clinic module active check. The access rule has already refused other clinics.
  routes.get(
    '/api/provider/clinics/:clinicId/modules/:module',
    {
      config: { access: access.provider() },
      schema: { params: moduleCheckParamsSchema, response: { 200: moduleCheckResponseSchema } },
    },
    async (request) => {
      const [clinic] = await db
        .select({ modules: clinics.modules })
        .from(clinics)
        .where(eq(clinics.id, request.params.clinicId));
      return { active: clinic?.modules.includes(request.params.module) ?? false };
    },
  );

  // spec 3 §2 side menu ANALYTICS / ADMIN SETTINGS, §7 provider one-time OAuth code (decision 0024).
  routes.post(
    '/api/provider/one-time-code',
    {
      config: { access: access.provider() },
      schema: {
        body: providerAdminCodeSchema,
        response: {
          200: providerAdminCodeResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => issueProviderAdminCode(options.context, requireAuth(request), request.body),
  );
}
