import type { FastifyInstance } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@app/contracts/auth';
import {
  creationOptionsSchema,
  passkeyListSchema,
  passkeyParamsSchema,
  passkeySchema,
  registerPasskeyRequestSchema,
  requestOptionsSchema,
} from '@app/contracts/passkeys';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  authenticationOptions,
  passkeysOf,
  registerPasskey,
  registrationOptions,
  removePasskey,
} from './passkeys.service.ts';
import { relyingPartyOf } from './relying-party.ts';

const ONE_MINUTE = 60_000;
const emptyBodySchema = z.object({}).strict().nullish();

/** Passkeys for biometric login (spec 1 §4, decision 0012). The login itself is the `passkey` grant. */
export async function passkeysRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Login options are public and each stores a challenge: the auth routes' per-address budget applies.
  const perIp = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    keyGenerator: (r) => `passkeys-ip:${normalizeIP(r.ip)}`,
  });

  routes.post(
    '/public/passkeys/login-options',
    {
      config: { access: access.public },
      onRequest: perIp,
      schema: { body: emptyBodySchema, response: { 200: requestOptionsSchema } },
    },
    async (request) => {
      const options = await authenticationOptions(context, relyingPartyOf(context.env, request));
      // WebAuthn's own JSON shape, handed to the browser as it is.
      return options as unknown as z.infer<typeof requestOptionsSchema>;
    },
  );

  routes.post(
    '/api/passkeys/registration-options',
    {
      config: { access: access.provider() },
      onRequest: perIp,
      schema: { body: emptyBodySchema, response: { 200: creationOptionsSchema } },
    },
    async (request) => {
      const rp = relyingPartyOf(context.env, request);
      const options = await registrationOptions(context, requireAuth(request), rp);
      return options as unknown as z.infer<typeof creationOptionsSchema>;
    },
  );

  routes.post(
    '/api/passkeys',
    {
      config: { access: access.provider() },
      onRequest: perIp,
      schema: { body: registerPasskeyRequestSchema, response: { 201: passkeySchema } },
    },
    async (request, reply) => {
      const passkey = await registerPasskey(
        context,
        requireAuth(request),
        relyingPartyOf(context.env, request),
        {
          name: request.body.name,
          credential: request.body.credential,
        },
      );
      return reply.status(201).send(passkey);
    },
  );

  routes.get(
    '/api/passkeys',
    { config: { access: access.authenticated }, schema: { response: { 200: passkeyListSchema } } },
    async (request) => passkeysOf(context, requireAuth(request)),
  );

  routes.delete(
    '/api/passkeys/:passkeyId',
    {
      config: { access: access.authenticated },
      schema: { params: passkeyParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await removePasskey(context, requireAuth(request), request.params.passkeyId);
      return { message: 'The passkey was removed.' };
    },
  );
}
