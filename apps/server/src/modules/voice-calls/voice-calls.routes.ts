import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import {
  VOICE_CALL_MODULE,
  VOICE_CALL_PERMISSION,
  VOICE_CALL_TEXTS,
  placeVoiceCallSchema,
  voiceCallListQuerySchema,
  voiceCallListSchema,
  voiceCallParamsSchema,
  voiceCallSchema,
} from '@app/contracts/voice-calls';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { endVoiceCall, listVoiceCalls, placeVoiceCall } from './voice-calls.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

/**
 * Issue 17 item 4 (decision 0043): the outbound dialer. Providers only (spec 3 §2 "only providers
 * update voice calls"), with PATIENT (the numbers are patient details, spec 3 §6) and the clinic's
 * OUTBOUND_CALLING module ("dialer is shown only when that clinic module is active").
 */
export async function voiceCallsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/provider/clinics/:clinicId/voice-calls';
  const rule = access.provider(VOICE_CALL_PERMISSION, VOICE_CALL_MODULE, VOICE_CALL_TEXTS.noPermission);

  routes.post(
    base,
    {
      config: { access: rule },
      schema: {
        params: clinicParamsSchema,
        body: placeVoiceCallSchema,
        response: { 201: voiceCallSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await placeVoiceCall(context, app.log, requireAuth(request), request.params.clinicId, request.body),
        ),
  );

  routes.post(
    `${base}/:callId/end`,
    {
      config: { access: rule },
      schema: { params: voiceCallParamsSchema, response: { 200: voiceCallSchema, ...errors } },
    },
    async (request) =>
      endVoiceCall(context, app.log, requireAuth(request), request.params.clinicId, request.params.callId),
  );

  routes.get(
    base,
    {
      config: { access: rule },
      schema: {
        params: clinicParamsSchema,
        querystring: voiceCallListQuerySchema,
        response: { 200: voiceCallListSchema, ...errors },
      },
    },
    async (request) => ({
      calls: await listVoiceCalls(context, requireAuth(request), request.params.clinicId, request.query),
    }),
  );
}
