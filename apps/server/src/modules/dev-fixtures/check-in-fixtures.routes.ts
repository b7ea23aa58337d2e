import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TaskValueType } from '@app/contracts/check-in';
import {
  fixtureCheckInWorldResponseSchema,
  fixtureCheckInWorldSchema,
  type FIXTURE_TASK_TYPES,
  type FixtureCheckInWorldResponse,
} from '@app/contracts/check-in-fixtures';
import { fixtureUserSchema } from '@app/contracts/dev-fixtures';
import { fixtureQuickLinkResponseSchema, fixtureQuickLinkSchema } from '@app/contracts/quick-links';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import { taskSettings, tasks } from '../../db/schema/check-in.ts';
import { clinicPatients, consultationTypes, departments, providers } from '../../db/schema/clinics.ts';
import { signDocuments } from '../../db/schema/documents.ts';
import { questionnaireForms } from '../../db/schema/questionnaires.ts';
import { appointments, providerConsultationTypes } from '../../db/schema/scheduling.ts';
import { HttpError } from '../../platform/http-error.ts';
import { access } from '../../platform/access.ts';
import { DEMO_CONSENT_PARAGRAPHS, DEMO_CONSENT_TITLE } from '../../seed/seed-demo-documents.ts';
import { HEALTH_HISTORY_FORM } from '../../seed/seed-demo-questionnaires.ts';
import { issueQuickLink } from '../quick-links/quick-links.service.ts';
import { createFixtureClinic, createFixtureUser } from './dev-fixtures.service.ts';

type WorldInput = z.output<typeof fixtureCheckInWorldSchema>;

/** spec 2 §3 value types of the task types a world can ask for (as the demo clinic's, seed-demo-tasks.ts). */
const TASK_VALUE_TYPE_OF_FIXTURE: Record<(typeof FIXTURE_TASK_TYPES)[number], TaskValueType> = {
  regular: 'REGULAR',
  questionnaire: 'REGULAR',
  demographics: 'DEMOGRAPHICS',
  insurance_card: 'INSURANCE_CARD',
  sign_document: 'REGULAR',
  vital: 'VITAL',
  copay: 'REGULAR',
};

/**
 * A clinic of the test's own with a department, a provider, a patient, appointments and only the
 * task settings asked for (issue 5 e2e: a check-in whose tasks are all of types this branch owns).
 */
export async function createCheckInWorld(
  db: Db,
  input: WorldInput,
  now: Date,
): Promise<FixtureCheckInWorldResponse> {
  // Found before anything is created: an unknown patient leaves nothing behind.
  const known = input.patientUsername ? await existingPatient(db, input.patientUsername) : null;
  const clinic = await createFixtureClinic(db, {
    name: `Check-in clinic ${input.name}`,
    masterPassword: null,
  });
  const doctorName = `${input.name}.doctor`;
  const patientName = `${input.name}.patient`;
  const doctor = await createFixtureUser(
    db,
    fixtureUserSchema.parse({
      memberType: 'doctor',
      username: doctorName,
      password: input.password,
      firstName: 'Kiosk',
      lastName: 'Doctor',
      email: `${doctorName}@example.com`,
      securityQuestion: 'First pet?',
      securityAnswer: 'Rex',
      clinicNumbers: [clinic.clinicNumber],
      permissions: ['APPOINTMENTS', 'PATIENT'],
    }),
    now,
  );
  if (known) {
    await db
      .insert(clinicPatients)
      .values({ clinicId: clinic.id, userId: known.patientUser.id, registeredAt: now });
  }
  const { patient, patientUser } =
    known ?? (await newPatient(db, input, patientName, clinic.clinicNumber, now));
  return db.transaction(async (tx) => {
    const [department] = await tx
      .insert(departments)
      .values({
        clinicId: clinic.id,
        name: 'Check-in Main Street',
        timezone: 'America/New_York',
        city: 'Albany',
        state: 'NY',
      })
      .returning({ id: departments.id });
    const [type] = await tx
      .insert(consultationTypes)
      .values({ clinicId: clinic.id, name: 'Check-in visit', durationMinutes: 30 })
      .returning({ id: consultationTypes.id });
    const [provider] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.userId, doctor.id));
    if (!department || !type || !provider) {
      throw new Error('check-in fixture world was not created');
    }
    await tx
      .insert(providerConsultationTypes)
      .values({ providerId: provider.id, departmentId: department.id, consultationTypeId: type.id });
    const first = Math.round((now.getTime() + input.minutesAhead * 60_000) / 300_000) * 300_000;
    const appointmentIds: string[] = [];
    for (let index = 0; index < input.appointmentCount; index += 1) {
      const startAt = new Date(first + index * 30 * 60_000);
      const [row] = await tx
        .insert(appointments)
        .values({
          clinicId: clinic.id,
          patientUserId: patientUser.id,
          providerId: provider.id,
          departmentId: department.id,
          consultationTypeId: type.id,
          startAt,
          finishAt: new Date(startAt.getTime() + 30 * 60_000),
          type: 'office',
          status: 'booked',
          bookedByUserId: patientUser.id,
          createdAt: now,
        })
        .returning({ id: appointments.id });
      if (row) {
        appointmentIds.push(row.id);
      }
    }
    const typed = input.tasks ?? input.taskTitles.map((title) => ({ title, actionType: 'regular' as const }));
    for (const [index, task] of typed.entries()) {
      await tx.insert(taskSettings).values({
        clinicId: clinic.id,
        title: task.title,
        description: `Please ${task.title.toLowerCase()}.`,
        actionType: task.actionType,
        valueType: TASK_VALUE_TYPE_OF_FIXTURE[task.actionType],
        order: index + 1,
        config: await fixtureTaskConfig(tx, clinic.id, task.actionType, input.copayCents),
      });
    }
    const onFlySettingIds: string[] = [];
    const onFlyTaskIds: string[] = [];
    for (const [index, title] of input.onFlyTaskTitles.entries()) {
      const [setting] = await tx
        .insert(taskSettings)
        .values({ clinicId: clinic.id, title, actionType: 'regular', isOnFly: true, order: index + 1 })
        .returning({ id: taskSettings.id });
      if (setting) {
        onFlySettingIds.push(setting.id);
        const [task] = await tx
          .insert(tasks)
          .values({ clinicId: clinic.id, userId: patientUser.id, settingId: setting.id })
          .returning({ id: tasks.id });
        onFlyTaskIds.push(task?.id ?? '');
      }
    }
    return {
      clinicUuid: clinic.id,
      clinicNumber: clinic.clinicNumber,
      departmentUuid: department.id,
      doctor: { userId: doctor.id, username: doctorName },
      patient: { userId: patientUser.id, ...patient },
      appointmentIds,
      onFlySettingIds,
      onFlyTaskIds,
    };
  });
}

/** What a typed task's page needs: the demo intake form, the demo consent, the copay amount. */
async function fixtureTaskConfig(
  tx: Db,
  clinicId: string,
  actionType: keyof typeof TASK_VALUE_TYPE_OF_FIXTURE,
  copayCents: number,
): Promise<Record<string, unknown>> {
  switch (actionType) {
    case 'questionnaire': {
      const [form] = await tx
        .insert(questionnaireForms)
        .values({ clinicId, title: HEALTH_HISTORY_FORM.title, definition: HEALTH_HISTORY_FORM })
        .returning({ id: questionnaireForms.id });
      return { formIds: form ? [form.id] : [] };
    }
    case 'sign_document': {
      const [document] = await tx
        .insert(signDocuments)
        .values({ clinicId, title: DEMO_CONSENT_TITLE, paragraphs: DEMO_CONSENT_PARAGRAPHS })
        .returning({ id: signDocuments.id });
      return { documentIds: document ? [document.id] : [] };
    }
    case 'copay':
      return { amountCents: copayCents };
    case 'regular':
    case 'demographics':
    case 'insurance_card':
    case 'vital':
      return {};
  }
}

async function newPatient(db: Db, input: WorldInput, username: string, clinicNumber: number, now: Date) {
  const patient = {
    username,
    firstName: 'Casey',
    lastName: `Checkin${input.name.replace(/[^a-z0-9]/gi, '').slice(-8)}`,
    email: `${username}@example.com`,
    birthdate: input.patientBirthdate,
  };
  const patientUser = await createFixtureUser(
    db,
    fixtureUserSchema.parse({
      ...patient,
      memberType: 'patient',
      password: input.password,
      securityQuestion: 'First pet?',
      securityAnswer: 'Rex',
      clinicNumbers: [clinicNumber],
    }),
    now,
  );
  return { patient, patientUser };
}

/** An existing patient (the demo's jane.patient) joins the world's clinic; unknown or not a patient: 404. */
async function existingPatient(db: Db, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.memberType, 'patient')));
  if (!user) {
    throw new HttpError(404, 'No patient with this username.', { code: 'patient_not_found' });
  }
  return {
    patientUser: user,
    patient: {
      username: user.username ?? username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? '',
      birthdate: user.birthdate ?? '',
    },
  };
}

/** Development-only check-in fixtures (issue 5); never registered in production. */
export async function checkInFixturesRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  if (context.env.NODE_ENV === 'production') {
    return;
  }
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/dev/fixtures/check-in/world',
    {
      config: { access: access.dev },
      schema: { body: fixtureCheckInWorldSchema, response: { 201: fixtureCheckInWorldResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createCheckInWorld(context.db, request.body, context.now())),
  );
  // Issues and sends a quick link like the provider's call does, and answers it (tests read the outbox too).
  routes.post(
    '/dev/fixtures/quick-links',
    {
      config: { access: access.dev },
      schema: { body: fixtureQuickLinkSchema, response: { 201: fixtureQuickLinkResponseSchema } },
    },
    async (request, reply) => {
      const { clinicUuid, ...rest } = request.body;
      const base = context.env.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      const sent = await issueQuickLink(context.db, { ...rest, clinicId: clinicUuid }, context.now(), base);
      return reply.status(201).send({ url: sent.url, code: sent.code });
    },
  );
}
