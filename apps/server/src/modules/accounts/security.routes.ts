import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SECURITY_SAVED_TEXT,
  securityMessageSchema,
  securityPasswordSchema,
  securityQuestionSchema,
} from '@app/contracts/security';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { saveSecurityPassword, saveSecurityQuestion } from './security.service.ts';

/**
 * The patient's security page ({role}/security, spec 1 §2, §4). Doctors use
 * /api/providers/{id}/security/* (spec 1 §7), built in the providers module.
 */
export async function securityRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/user/security/password',
    {
      config: { access: access.patientOwnSession },
      schema: { body: securityPasswordSchema, response: { 200: securityMessageSchema } },
    },
    async (request) => {
      await saveSecurityPassword(context, requireAuth(request).userId, request.body.newPassword);
      return { message: SECURITY_SAVED_TEXT };
    },
  );

  routes.patch(
    '/api/user/security/question',
    {
      config: { access: access.patientOwnSession },
      schema: { body: securityQuestionSchema, response: { 200: securityMessageSchema } },
    },
    async (request) => {
      const { question, answer } = request.body;
      await saveSecurityQuestion(context, requireAuth(request).userId, question, answer);
      return { message: SECURITY_SAVED_TEXT };
    },
  );
}
