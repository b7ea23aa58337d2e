import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  fixtureSchedulingProviderResponseSchema,
  fixtureSchedulingProviderSchema,
  fixtureTimeOffResponseSchema,
  fixtureTimeOffSchema,
} from '@app/contracts/scheduling-fixtures';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  clinics,
  consultationTypes,
  departments,
  providers,
  providerSchedules,
} from '../../db/schema/clinics.ts';
import { providerConsultationTypes, providerTimeOff } from '../../db/schema/scheduling.ts';
import { access } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { hashSecret } from '../../platform/passwords.ts';

type ProviderInput = z.output<typeof fixtureSchedulingProviderSchema>;

/** A bookable provider of the fixture's own, so an e2e test does not share slots with others. */
export async function createFixtureSchedulingProvider(db: Db, input: ProviderInput, now: Date) {
  const [clinic] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(eq(clinics.clinicNumber, input.clinicNumber));
  if (!clinic) {
    throw new HttpError(400, 'Unknown clinic number.', { code: 'unknown_clinic' });
  }
  const [department] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.clinicId, clinic.id), eq(departments.name, input.departmentName)));
  const types = await db
    .select({ id: consultationTypes.id, name: consultationTypes.name })
    .from(consultationTypes)
    .where(
      and(
        eq(consultationTypes.clinicId, clinic.id),
        inArray(consultationTypes.name, input.consultationTypeNames),
      ),
    );
  if (!department || types.length !== new Set(input.consultationTypeNames).size) {
    throw new HttpError(400, 'Unknown department or consultation type.', { code: 'unknown_catalogue_item' });
  }
  const passwordHash = input.password ? await hashSecret(input.password) : null;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        memberId: `F-${randomBytes(5).toString('hex')}`,
        username: input.username ?? null,
        passwordHash,
        memberType: 'doctor',
        firstName: input.firstName,
        lastName: input.lastName,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!user) {
      throw new Error('fixture provider was not created');
    }
    const [provider] = await tx
      .insert(providers)
      .values({
        userId: user.id,
        clinicId: clinic.id,
        title: 'MD',
        permissions: input.permissions,
        acceptingNewPatients: input.acceptingNewPatients,
      })
      .returning({ id: providers.id });
    if (!provider) {
      throw new Error('fixture provider was not created');
    }
    await tx.insert(providerSchedules).values(
      input.weekdays.map((weekday) => ({
        providerId: provider.id,
        departmentId: department.id,
        weekday,
        startTime: input.start,
        endTime: input.end,
      })),
    );
    await tx.insert(providerConsultationTypes).values(
      types.map((type) => ({
        providerId: provider.id,
        departmentId: department.id,
        consultationTypeId: type.id,
        bookingOpenDate: input.bookingOpenDate,
        bookingCloseDate: input.bookingCloseDate,
      })),
    );
    return { providerId: provider.id, userId: user.id };
  });
}

/** Development-only scheduling fixtures (issue 4); never registered in production. */
export function schedulingFixturesRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  if (context.env.NODE_ENV === 'production') {
    return;
  }
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/dev/fixtures/scheduling/providers',
    {
      config: { access: access.dev },
      schema: {
        body: fixtureSchedulingProviderSchema,
        response: { 201: fixtureSchedulingProviderResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFixtureSchedulingProvider(context.db, request.body, context.now())),
  );
  routes.post(
    '/dev/fixtures/scheduling/time-off',
    {
      config: { access: access.dev },
      schema: { body: fixtureTimeOffSchema, response: { 201: fixtureTimeOffResponseSchema } },
    },
    async (request, reply) => {
      const [provider] = await context.db
        .select({ id: providers.id })
        .from(providers)
        .where(eq(providers.id, request.body.providerId));
      if (!provider) {
        throw new HttpError(400, 'Unknown provider.', { code: 'unknown_provider' });
      }
      const [row] = await context.db
        .insert(providerTimeOff)
        .values({
          providerId: provider.id,
          startAt: new Date(request.body.startAt),
          finishAt: new Date(request.body.finishAt),
          reason: 'Fixture',
        })
        .returning({ id: providerTimeOff.id });
      return reply.status(201).send({ id: row?.id ?? '' });
    },
  );
}
