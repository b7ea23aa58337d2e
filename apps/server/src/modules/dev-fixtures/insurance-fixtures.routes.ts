import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '@app/contracts/errors';
import { fixtureInsuranceCardResponseSchema, fixtureInsuranceCardSchema } from '@app/contracts/insurance';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinics } from '../../db/schema/clinics.ts';
import { access } from '../../platform/access.ts';
import { fileStoreOf } from '../../platform/files/stored-files.ts';
import { HttpError } from '../../platform/http-error.ts';
import { storeCardWithPhoto } from '../../seed/seed-demo-insurance.ts';

/** e2e specs own their insurance cards (issue 6 insurance review): one card, status new, updated now. */
export async function insuranceFixturesRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  if (context.env.NODE_ENV === 'production') {
    return;
  }
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/dev/fixtures/insurance-cards',
    {
      config: { access: access.dev },
      schema: {
        body: fixtureInsuranceCardSchema,
        response: { 201: fixtureInsuranceCardResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const [clinic] = await context.db
        .select({ id: clinics.id })
        .from(clinics)
        .where(eq(clinics.clinicNumber, input.clinicNumber));
      const [user] = await context.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, input.userId));
      if (!clinic || !user) {
        throw new HttpError(404, 'Clinic or user not found.');
      }
      const id = await storeCardWithPhoto(context.db, fileStoreOf(context), {
        clinicId: clinic.id,
        userId: input.userId,
        kind: input.kind,
        ircName: input.ircName,
        planName: 'Fixture plan',
        insuranceNumber: input.insuranceNumber,
        policyHolderName: `${user.firstName} ${user.lastName}`,
        appointmentIds: input.appointmentId ? [input.appointmentId] : [],
        updatedAt: context.now(),
      });
      return reply.status(201).send({ id });
    },
  );
}
