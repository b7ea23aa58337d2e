import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@app/contracts/auth';
import {
  familyConnectResponseSchema,
  familyConnectSchema,
  familyListResponseSchema,
  familyParamsSchema,
  familyRemoveQuerySchema,
} from '@app/contracts/family';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { connectFamilyMember, familyList, removeFamilyMember } from './family.service.ts';

/** spec 3 §7: exactly GET / POST / DELETE /api/users/{userId}/family/members. */
export async function familyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/users/:userId/family/members';

  routes.get(
    path,
    {
      config: { access: access.patient },
      schema: { params: familyParamsSchema, response: { 200: familyListResponseSchema } },
    },
    async (request) => familyList(context, requireAuth(request), request.params.userId),
  );

  routes.post(
    path,
    {
      config: { access: access.patientOwnSession },
      schema: {
        params: familyParamsSchema,
        body: familyConnectSchema,
        response: { 200: familyConnectResponseSchema },
      },
    },
    async (request) => ({
      connected: await connectFamilyMember(
        context,
        requireAuth(request),
        request.params.userId,
        request.body,
        request.ip,
      ),
    }),
  );

  routes.delete(
    path,
    {
      config: { access: access.patientOwnSession },
      schema: {
        params: familyParamsSchema,
        querystring: familyRemoveQuerySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await removeFamilyMember(
        context,
        requireAuth(request),
        request.params.userId,
        request.query.familyUserId,
      );
      return { message: 'The family member was removed.' };
    },
  );
}
