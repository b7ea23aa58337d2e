import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  deviceIdParamsSchema,
  deviceIdResponseSchema,
  deviceLookupQuerySchema,
  deviceSchema,
  deviceTicketResponseSchema,
  pushPublicKeyResponseSchema,
} from '@app/contracts/devices';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { pushNotifierOf } from '../../platform/push/push-notifications.ts';
import { createDevice, readDevice, requestDeviceTicket, updateDevice } from './devices.service.ts';

const emptyBodySchema = z.object({}).strict().nullish();

/** spec 1 §4 device registration and §7 device calls; the Web Push public key (decision 0013). */
export async function devicesRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Loaded once at start: outside production this generates the development key pair.
  const push = await pushNotifierOf(context);

  routes.get(
    '/public/push/public-key',
    { config: { access: access.public }, schema: { response: { 200: pushPublicKeyResponseSchema } } },
    () => ({ publicKey: push.publicKey }),
  );

  routes.get(
    '/api/user/device',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: deviceLookupQuerySchema,
        response: { 200: deviceIdResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => readDevice(context, requireAuth(request), request.query.deviceIdentifier),
  );

  routes.post(
    '/api/user/devices',
    {
      config: { access: access.authenticated },
      schema: {
        body: deviceSchema,
        response: { 200: deviceIdResponseSchema, 201: deviceIdResponseSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { deviceId, created } = await createDevice(context, requireAuth(request), request.body);
      return reply.status(created ? 201 : 200).send({ deviceId });
    },
  );

  routes.put(
    '/api/user/devices/:id',
    {
      config: { access: access.authenticated },
      schema: {
        params: deviceIdParamsSchema,
        body: deviceSchema,
        response: { 204: z.null(), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await updateDevice(context, requireAuth(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/user/device/:id/ticket',
    {
      config: { access: access.authenticated },
      schema: {
        params: deviceIdParamsSchema,
        body: emptyBodySchema,
        response: { 200: deviceTicketResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const ticket = await requestDeviceTicket(context, requireAuth(request), request.params.id);
      // The ticket is a credential: never cached.
      void reply.header('cache-control', 'no-store');
      return ticket;
    },
  );
}
