import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fixtureUserSchema } from '@app/contracts/dev-fixtures';
import {
  fixtureVideoWorldResponseSchema,
  fixtureVideoWorldSchema,
  type FixtureVideoWorldResponse,
} from '@app/contracts/video-fixtures';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { clinics, consultationTypes, departments, providers } from '../../db/schema/clinics.ts';
import { appointments, providerConsultationTypes } from '../../db/schema/scheduling.ts';
import { access } from '../../platform/access.ts';
import { createFixtureClinic, createFixtureUser } from './dev-fixtures.service.ts';

type WorldInput = z.output<typeof fixtureVideoWorldSchema>;

const VISIT_MINUTES = 30;

/**
 * Issue 7 e2e: a clinic of the test's own with a telehealth doctor (the telehealth waiting room's
 * permission and the clinic module its sidebar item needs), a patient and one video appointment.
 */
export async function createVideoWorld(
  db: Db,
  input: WorldInput,
  now: Date,
): Promise<FixtureVideoWorldResponse> {
  const clinic = await createFixtureClinic(db, { name: `Video clinic ${input.name}`, masterPassword: null });
  await db
    .update(clinics)
    .set({ modules: ['PATIENT_OUTSIDE', ...input.extraModules] })
    .where(eq(clinics.id, clinic.id));
  const suffix = input.name.replace(/[^a-z0-9]/gi, '').slice(-8);
  const person = (role: 'doctor' | 'patient', firstName: string) => ({
    username: `${input.name}.${role}`,
    firstName,
    lastName: `Video${suffix}`,
  });
  const doctorPerson = person('doctor', 'Vera');
  const patientPerson = person('patient', 'Victor');
  const common = {
    password: input.password,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex',
    clinicNumbers: [clinic.clinicNumber],
  };
  const doctor = await createFixtureUser(
    db,
    fixtureUserSchema.parse({
      ...doctorPerson,
      ...common,
      memberType: 'doctor',
      email: `${doctorPerson.username}@example.com`,
      permissions: ['APPOINTMENTS', 'PATIENT', 'TELEHEALTH_WAITING_ROOM'],
    }),
    now,
  );
  const patient = await createFixtureUser(
    db,
    fixtureUserSchema.parse({
      ...patientPerson,
      ...common,
      memberType: 'patient',
      email: `${patientPerson.username}@example.com`,
      birthdate: '1980-04-12',
      mobilePhone: input.patientMobilePhone ?? null,
    }),
    now,
  );
  return db.transaction(async (tx) => {
    const [department] = await tx
      .insert(departments)
      .values({
        clinicId: clinic.id,
        name: 'Telehealth',
        timezone: 'America/New_York',
        city: 'Albany',
        state: 'NY',
      })
      .returning({ id: departments.id });
    const [type] = await tx
      .insert(consultationTypes)
      .values({ clinicId: clinic.id, name: 'Telehealth visit', durationMinutes: VISIT_MINUTES })
      .returning({ id: consultationTypes.id });
    const [provider] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.userId, doctor.id));
    if (!department || !type || !provider) {
      throw new Error('video fixture world was not created');
    }
    await tx
      .insert(providerConsultationTypes)
      .values({ providerId: provider.id, departmentId: department.id, consultationTypeId: type.id });
    // Whole minutes, so the schedule shows a tidy time; "now" stays inside spec 2 §6's join window.
    const startAt = new Date(Math.floor((now.getTime() + input.minutesAhead * 60_000) / 60_000) * 60_000);
    const [appointment] = await tx
      .insert(appointments)
      .values({
        clinicId: clinic.id,
        patientUserId: patient.id,
        providerId: provider.id,
        departmentId: department.id,
        consultationTypeId: type.id,
        startAt,
        finishAt: new Date(startAt.getTime() + VISIT_MINUTES * 60_000),
        type: 'video_call',
        status: 'booked',
        bookedByUserId: patient.id,
        createdAt: now,
      })
      .returning({ id: appointments.id });
    if (!appointment) {
      throw new Error('video fixture appointment was not created');
    }
    return {
      clinicId: clinic.id,
      appointmentId: appointment.id,
      patient: { userId: patient.id, ...patientPerson },
      doctor: { userId: doctor.id, ...doctorPerson },
    };
  });
}

/** Development-only video fixtures (issue 7); never registered in production. */
export function videoFixturesRoutes(
  app: FastifyInstance,
  { context }: { context: AppContext },
  done: () => void,
) {
  if (context.env.NODE_ENV !== 'production') {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/dev/fixtures/video/world',
      {
        config: { access: access.dev },
        schema: { body: fixtureVideoWorldSchema, response: { 201: fixtureVideoWorldResponseSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createVideoWorld(context.db, request.body, context.now())),
    );
  }
  done();
}
