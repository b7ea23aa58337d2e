import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  appointmentQuickLinkParamsSchema,
  sendAppointmentQuickLinkSchema,
  sentQuickLinkSchema,
} from '@app/contracts/quick-links';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { changedBy, publishAppointmentChangedOnSuccess } from '../../platform/realtime/appointment-events.ts';
import { sendAppointmentQuickLink } from './quick-links.service.ts';

/** Where links in messages point: PUBLIC_URL, else the origin the request came to. */
function baseUrlOf(context: AppContext, request: FastifyRequest): string {
  return (context.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

/** spec 2 §2 quick links (decision 0019). The login itself is the token endpoint's quick_link grant. */
export async function quickLinksRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/clinics/:clinicUuid/appointments/:appointmentId/quick-links',
    {
      config: { access: access.authenticated },
      schema: {
        params: appointmentQuickLinkParamsSchema,
        body: sendAppointmentQuickLinkSchema,
        response: { 201: sentQuickLinkSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
      onResponse: publishAppointmentChangedOnSuccess(context, changedBy.appointmentParam('appointmentId')),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await sendAppointmentQuickLink(
            context.db,
            requireAuth(request),
            request.params,
            request.body.type,
            context.now(),
            baseUrlOf(context, request),
          ),
        ),
  );
}
