import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { normalizeIP } from '@fastify/rate-limit';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { appointmentActionParamsSchema } from '@app/contracts/provider-schedule';
import {
  videoChatMessageSchema,
  videoRoomInvitationSchema,
  videoRoomJoinRequestSchema,
  videoRoomTicketSchema,
} from '@app/contracts/video-call';
import type { AppContext } from '../../app-context.ts';
import { access, authContextOfRequest, requireAuth, type AuthContext } from '../../platform/access.ts';
import { linkBaseOf } from '../appointments/appointments.routes.ts';
import { clinicChat, createInvitation, joinTicket, registerRoomTopicRule } from './video.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const appointmentParamsSchema = z.object({ appointmentId: z.uuid('The appointment id is not valid') });

/** The caller when a bearer token came along; a guest by invitation has none. */
async function optionalAuth(context: AppContext, request: FastifyRequest): Promise<AuthContext | null> {
  return request.headers.authorization ? authContextOfRequest(context, request) : null;
}

/** Issue 7 video visits (decision 0030): room tickets, public links, the chat transcript. */
export async function videoRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  registerRoomTopicRule();
  // Public (guests by invitation have no login), so budgeted per address like the other public routes.
  const perIp = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: 60_000,
    keyGenerator: (request) => `video-join-ip:${normalizeIP(request.ip)}`,
  });

  routes.post(
    '/api/video-call/:appointmentId/join',
    {
      // Who may enter is decided by the service: the patient, the clinic's providers (bearer token)
      // or whoever holds a live invitation uuid (no login).
      config: { access: access.public },
      onRequest: perIp,
      schema: {
        params: appointmentParamsSchema,
        // A logged-in caller may send no body at all (Fastify then hands over null).
        body: videoRoomJoinRequestSchema.nullish().transform((body) => body ?? {}),
        response: { 200: videoRoomTicketSchema, ...errors },
      },
    },
    async (request) =>
      joinTicket(context, await optionalAuth(context, request), request.params.appointmentId, request.body),
  );

  routes.post(
    '/api/provider/clinics/:clinicId/video-call/:appointmentId/invitations',
    {
      // The telehealth waiting room's gate (spec 3 §2 sidebar).
      config: { access: access.provider('TELEHEALTH_WAITING_ROOM') },
      schema: {
        params: appointmentActionParamsSchema,
        response: { 201: videoRoomInvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createInvitation(
            context,
            requireAuth(request),
            request.params.clinicId,
            request.params.appointmentId,
            linkBaseOf(context, request),
          ),
        ),
  );

  routes.get(
    '/api/provider/clinics/:clinicId/video-call/:appointmentId/chat',
    {
      config: { access: access.provider() },
      schema: {
        params: appointmentActionParamsSchema,
        response: { 200: z.object({ messages: z.array(videoChatMessageSchema) }), ...errors },
      },
    },
    async (request) => ({
      messages: await clinicChat(context, request.params.clinicId, request.params.appointmentId),
    }),
  );
}
