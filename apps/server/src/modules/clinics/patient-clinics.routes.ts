import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clinicInvitationListSchema,
  clinicInvitationParamsSchema,
  clinicInvitationSchema,
  connectClinicResponseSchema,
  connectClinicSchema,
  createClinicInvitationSchema,
  invitationCodeParamsSchema,
  invitationPreviewSchema,
  patientClinicListSchema,
} from '@app/contracts/clinic-invitations';
import { apiErrorSchema } from '@app/contracts/errors';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  connectClinic,
  createInvitation,
  listInvitations,
  listPatientClinics,
  previewInvitation,
  revokeInvitation,
} from './patient-clinics.service.ts';

const ONE_MINUTE = 60_000;
const TEN_MINUTES = 10 * ONE_MINUTE;
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * Issue 16 item 1 (decision 0035): spec 1 §2 clinics (/user/provider) and clinic connect
 * (/user/provider/connect) for patients; a clinic's invitation codes for its admins.
 */
export async function patientClinicsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Codes can be guessed, so trying them is budgeted like the sign-up account checks (decision 0010):
  // per address with the auth routes' per-minute allowance (onRequest, before any work; generous
  // enough for a waiting room on one network), and per account over ten minutes (preHandler, once the
  // access rule knows the caller). The plugin's own hook runs once per request, so the second limit
  // is checked by hand, as the token endpoint does.
  const codeTriesPerIp = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    keyGenerator: (request) => `clinic-code-ip:${normalizeIP(request.ip)}`,
  });
  const accountLimit = app.createRateLimit({
    max: context.env.SIGN_UP_RATE_LIMIT_PER_IP,
    timeWindow: TEN_MINUTES,
    keyGenerator: (request) => `clinic-code-user:${requireAuth(request).userId}`,
  });
  const codeTriesPerAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await accountLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      void reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`, {
        code: 'rate_limited',
      });
    }
  };

  routes.get(
    '/api/user/clinics',
    {
      config: { access: access.patientOrBooking },
      schema: { response: { 200: patientClinicListSchema } },
    },
    async (request) => ({ clinics: await listPatientClinics(context, requireAuth(request)) }),
  );

  routes.get(
    '/api/user/clinic-invitations/:code',
    {
      config: { access: access.patient },
      onRequest: codeTriesPerIp,
      preHandler: codeTriesPerAccount,
      schema: { params: invitationCodeParamsSchema, response: { 200: invitationPreviewSchema, ...errors } },
    },
    async (request) => previewInvitation(context, requireAuth(request), request.params.code),
  );

  routes.post(
    '/api/user/clinics',
    {
      config: { access: access.patientOwnSession },
      onRequest: codeTriesPerIp,
      preHandler: codeTriesPerAccount,
      schema: {
        body: connectClinicSchema,
        response: { 200: connectClinicResponseSchema, 201: connectClinicResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await connectClinic(context, requireAuth(request), request.body.code);
      return reply.status(result.alreadyConnected ? 200 : 201).send(result);
    },
  );

  routes.get(
    '/api/provider/clinics/:clinicId/invitations',
    {
      config: { access: access.provider('SETTING') },
      schema: { params: clinicParamsSchema, response: { 200: clinicInvitationListSchema, ...errors } },
    },
    async (request) => ({
      invitations: await listInvitations(context, requireAuth(request), request.params.clinicId),
    }),
  );

  routes.post(
    '/api/provider/clinics/:clinicId/invitations',
    {
      config: { access: access.provider('SETTING') },
      schema: {
        params: clinicParamsSchema,
        // No body at all means "no expiry" (Fastify hands over null then).
        body: createClinicInvitationSchema.nullish().transform((body) => body ?? {}),
        response: { 201: clinicInvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createInvitation(context, requireAuth(request), request.params.clinicId, request.body)),
  );

  routes.post(
    '/api/provider/clinics/:clinicId/invitations/:code/revoke',
    {
      config: { access: access.provider('SETTING') },
      schema: { params: clinicInvitationParamsSchema, response: { 200: clinicInvitationSchema, ...errors } },
    },
    async (request) =>
      revokeInvitation(context, requireAuth(request), request.params.clinicId, request.params.code),
  );
}
