import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fixtureAppointmentResponseSchema,
  fixtureAppointmentSchema,
  fixtureClinicResponseSchema,
  fixtureClinicSchema,
  fixtureUserResponseSchema,
  fixtureUserSchema,
} from '@app/contracts/dev-fixtures';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { createFixtureClinic, createFixtureUser } from './dev-fixtures.service.ts';
import { createFixtureAppointment } from './dev-fixture-appointments.ts';

/** Development-only: lets end-to-end tests own their data. Never registered in production. */
export async function devFixturesRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  if (context.env.NODE_ENV === 'production') {
    return;
  }
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/dev/fixtures/users',
    {
      config: { access: access.dev },
      schema: { body: fixtureUserSchema, response: { 201: fixtureUserResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createFixtureUser(context.db, request.body, context.now())),
  );
  routes.post(
    '/dev/fixtures/clinics',
    {
      config: { access: access.dev },
      schema: { body: fixtureClinicSchema, response: { 201: fixtureClinicResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createFixtureClinic(context.db, request.body, context.signingKey)),
  );
  routes.post(
    '/dev/fixtures/appointments',
    {
      config: { access: access.dev },
      schema: { body: fixtureAppointmentSchema, response: { 201: fixtureAppointmentResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createFixtureAppointment(context.db, request.body, context.now())),
  );
}
