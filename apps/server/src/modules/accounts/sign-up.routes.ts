import type { FastifyInstance } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { SIGN_UP_PATHS } from '@app/contracts/sign-up-texts';
import {
  genderListSchema,
  phoneValidationRequestSchema,
  phoneValidationResponseSchema,
  signUpSecurityDataSchema,
  userCheckRequestSchema,
  userCheckResponseSchema,
  userCreateRequestSchema,
  userCreateResponseSchema,
} from '@app/contracts/sign-up';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  checkUser,
  createUser,
  listGenders,
  saveSignUpSecurityData,
  validatePhone,
} from './sign-up.service.ts';
import { loginDeviceOf } from '../auth/session-tokens.ts';

const ONE_MINUTE = 60_000;
const TEN_MINUTES = 10 * ONE_MINUTE;

/** Sign-up (spec 1 §2 sign-up wizard): user check, create, phone validation, gender list, security data. */
export async function signUpRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The user check and the create tell whether a person or a username has an account (spec 1 §4
  // needs it), so they share a firm per-address budget over ten minutes (decision 0010).
  const accountLookups = app.rateLimit({
    max: context.env.SIGN_UP_RATE_LIMIT_PER_IP,
    timeWindow: TEN_MINUTES,
    keyGenerator: (r) => `sign-up-ip:${normalizeIP(r.ip)}`,
  });
  // The phone check and the gender list reveal nothing about accounts; the wizard calls the phone
  // check as people type, so they get the auth routes' per-minute allowance, counted apart.
  const lookups = app.rateLimit({
    max: context.env.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: ONE_MINUTE,
    keyGenerator: (r) => `sign-up-lookup-ip:${normalizeIP(r.ip)}`,
  });

  routes.post(
    SIGN_UP_PATHS.userCheck,
    {
      config: { access: access.public },
      onRequest: accountLookups,
      schema: { body: userCheckRequestSchema, response: { 200: userCheckResponseSchema } },
    },
    async (request) => checkUser(context, request.body),
  );

  routes.post(
    SIGN_UP_PATHS.create,
    {
      config: { access: access.public },
      onRequest: accountLookups,
      schema: {
        body: userCreateRequestSchema,
        response: { 201: userCreateResponseSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await createUser(context, request.body, loginDeviceOf(request));
      // Tokens must never be cached (RFC 6749 §5.1), as on the token endpoint.
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return reply.status(201).send(created);
    },
  );

  routes.post(
    SIGN_UP_PATHS.phoneValidation,
    {
      config: { access: access.public },
      onRequest: lookups,
      schema: { body: phoneValidationRequestSchema, response: { 200: phoneValidationResponseSchema } },
    },
    async (request) => validatePhone(request.body),
  );

  routes.get(
    SIGN_UP_PATHS.genders,
    {
      config: { access: access.public },
      onRequest: lookups,
      schema: { response: { 200: genderListSchema } },
    },
    async () => listGenders(),
  );

  routes.patch(
    SIGN_UP_PATHS.securityData,
    {
      config: { access: access.patientOwnSession },
      schema: { body: signUpSecurityDataSchema, response: { 204: z.null(), 409: apiErrorSchema } },
    },
    async (request, reply) => {
      await saveSignUpSecurityData(context, requireAuth(request), request.body);
      return reply.status(204).send(null);
    },
  );
}
