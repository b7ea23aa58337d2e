import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { checkInTaskListSchema } from '@app/contracts/check-in';
import type { Form } from '@app/contracts/questionnaires';
import {
  APPOINTMENT_CHANGED_EVENT,
  appointmentChangedPayloadSchema,
  realtimeTopic,
  type RealtimeEvent,
} from '@app/contracts/realtime';
import { taskSettings } from '../../db/schema/check-in.ts';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { signDocuments } from '../../db/schema/documents.ts';
import { questionnaireForms } from '../../db/schema/questionnaires.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { PORTAL_CLIENT, tokenRequest } from '../auth/auth-test-helpers.ts';
import { insertAppointment, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { buildCheckInTestWorld, type CheckInTestWorld } from '../check-in/check-in-test-helpers.ts';
import { issueQuickLink } from '../quick-links/quick-links.service.ts';

// Issue 17 item 3 (decision 0042): every write that changes an appointment the day schedule, the
// waiting rooms or the clinic's list shows publishes 'appointment.changed' on the clinic topic, after
// it committed, with the changed appointment ids only. A refused write publishes nothing.

const TYPED_FORM: Omit<Form, 'formId'> = {
  title: 'Allergies',
  description: null,
  groupList: [
    {
      id: 'g',
      title: 'Allergies',
      order: 1,
      questionList: [
        {
          id: 'q',
          text: 'Any allergies?',
          isExcluded: false,
          isDeleted: false,
          fieldList: [
            {
              fieldId: 'allergies-text',
              label: 'Allergies',
              type: 'text',
              typeView: null,
              answer: null,
              required: false,
              invalid: false,
              multi: false,
              variantList: [],
            },
          ],
        },
      ],
    },
  ],
};

describe("'appointment.changed' after each appointment write (issue 17 item 3)", () => {
  let checkIn: CheckInTestWorld;
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };
  let provider: string;
  let otherProvider: string;
  let documentId: string;
  const events: RealtimeEvent[] = [];
  const elsewhere: RealtimeEvent[] = [];
  const stops: (() => void)[] = [];
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const zone = 'America/New_York';
  const at = (days: number, hour: number, minute = 0) =>
    DateTime.now().setZone(zone).startOf('day').plus({ days }).set({ hour, minute });
  const clinicBase = () => `/api/provider/clinics/${world.clinicId}`;

  /** Ids named by the events received since the last call. */
  function takeIds(): string[] {
    const ids = events.flatMap((event) => {
      expect(event.type).toBe(APPOINTMENT_CHANGED_EVENT);
      // Only ids travel: nothing else is in the payload.
      const payload = appointmentChangedPayloadSchema.strict().parse(event.payload);
      return payload.appointmentIds;
    });
    events.length = 0;
    return ids;
  }

  /** Runs a write, checks its status, and waits for the event naming these appointments. */
  async function publishes(
    write: () => Promise<LightMyRequestResponse>,
    status: number,
    ids: () => string[],
  ): Promise<LightMyRequestResponse> {
    takeIds();
    const response = await write();
    expect(response.statusCode, response.body).toBe(status);
    const expected = ids();
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(new Set(takeIds())).toEqual(new Set(expected));
    return response;
  }

  async function appointment(days: number, hour: number, patientUserId = jane.id, type?: 'video_call') {
    return insertAppointment(t.context.db, world, {
      patientUserId,
      startAt: at(days, hour).toJSDate(),
      ...(type ? { type, consultationTypeId: world.videoTypeId } : {}),
    });
  }

  async function tasksOf(appointmentId: string) {
    const response = await t.app.inject({
      url: `/api/check-in/appointments/${appointmentId}/tasks`,
      headers: auth(jane.token),
    });
    return checkInTaskListSchema.parse(response.json());
  }

  beforeAll(async () => {
    checkIn = await buildCheckInTestWorld('live-schedule');
    ({ t, world, jane, mark } = checkIn);
    provider = checkIn.provider.token;
    otherProvider = checkIn.otherProvider.token;
    // Permissions are read per request, so the signed-in provider gets the waiting rooms now.
    await t.context.db
      .update(providers)
      .set({ permissions: ['APPOINTMENTS', 'PATIENT', 'VIRTUAL_WAITING_ROOM', 'TELEHEALTH_WAITING_ROOM'] })
      .where(eq(providers.userId, world.provider.userId));
    await t.context.db
      .update(clinics)
      .set({ modules: ['waitlist', 'PATIENT_OUTSIDE'] })
      .where(eq(clinics.id, world.clinicId));
    const [form] = await t.context.db
      .insert(questionnaireForms)
      .values({ clinicId: world.clinicId, title: TYPED_FORM.title, definition: TYPED_FORM })
      .returning({ id: questionnaireForms.id });
    const [document] = await t.context.db
      .insert(signDocuments)
      .values({ clinicId: world.clinicId, title: 'Consent', paragraphs: ['I consent.'] })
      .returning({ id: signDocuments.id });
    documentId = document?.id ?? '';
    await t.context.db.insert(taskSettings).values([
      {
        clinicId: world.clinicId,
        title: 'Intake form',
        actionType: 'questionnaire',
        order: 1,
        config: { formIds: [form?.id ?? ''] },
      },
      {
        clinicId: world.clinicId,
        title: 'Consent',
        actionType: 'sign_document',
        order: 2,
        config: { documentIds: [documentId] },
      },
      { clinicId: world.clinicId, title: 'Bring your ID', actionType: 'regular', order: 3 },
    ]);
    stops.push(
      t.context.realtime.subscribe(realtimeTopic.clinic(world.clinicId), (event) => {
        events.push(event);
      }),
    );
    // The other clinics (the world's second clinic among them): nothing of this clinic's may reach them.
    for (const other of await t.context.db.select({ id: clinics.id }).from(clinics)) {
      if (other.id !== world.clinicId) {
        stops.push(
          t.context.realtime.subscribe(realtimeTopic.clinic(other.id), (event) => {
            elsewhere.push(event);
          }),
        );
      }
    }
  });
  afterAll(async () => {
    for (const stop of stops) {
      stop();
    }
    await checkIn.close();
  });

  it('booking by the patient and by a provider, then a reschedule naming both visits', async () => {
    const body = (days: number, hour: number, extra: Record<string, unknown> = {}) => ({
      clinicUuid: world.clinicId,
      departmentUuid: world.departmentId,
      providerId: world.provider.providerId,
      consultationTypeId: world.officeTypeId,
      startAt: at(days, hour).toISO({ suppressMilliseconds: true }),
      finishAt: at(days, hour, 30).toISO({ suppressMilliseconds: true }),
      flexibleDayList: [],
      ...extra,
    });
    const book = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(token), payload });
    let bookedId = '';
    const booked = await publishes(
      async () => {
        const response = await book(jane.token, body(3, 9));
        bookedId = response.json<{ id: string }>().id;
        return response;
      },
      201,
      () => [bookedId],
    );
    let byProvider = '';
    await publishes(
      async () => {
        const response = await book(provider, body(3, 10, { userId: mark.id }));
        byProvider = response.json<{ id: string }>().id;
        return response;
      },
      201,
      () => [byProvider],
    );
    const oldId = booked.json<{ id: string }>().id;
    let movedId = '';
    await publishes(
      async () => {
        const response = await book(jane.token, body(3, 11, { cancelAppointmentId: oldId }));
        movedId = response.json<{ id: string }>().id;
        return response;
      },
      201,
      () => [movedId, oldId],
    );
  });

  it('cancel by the patient, by a provider (appointments and schedule routes); a refused cancel publishes nothing', async () => {
    const mine = await appointment(4, 9);
    const marks = await appointment(4, 10, mark.id);
    // Refused (another patient's visit: 404), then a real one: only the real one's id arrives.
    takeIds();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/appointments/${marks.id}`,
      headers: auth(jane.token),
    });
    expect(refused.statusCode).toBe(404);
    await publishes(
      () =>
        t.app.inject({ method: 'DELETE', url: `/api/appointments/${mine.id}`, headers: auth(jane.token) }),
      204,
      () => [mine.id],
    );
    const byProvider = await appointment(4, 11);
    await publishes(
      () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/appointments/${byProvider.id}`,
          headers: auth(provider),
        }),
      204,
      () => [byProvider.id],
    );
    await publishes(
      () =>
        t.app.inject({
          method: 'DELETE',
          url: `${clinicBase()}/appointments/${marks.id}`,
          headers: auth(provider),
        }),
      204,
      () => [marks.id],
    );
  });

  it('waitlist and conversion to telehealth', async () => {
    const later = await appointment(5, 9);
    await publishes(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/clinics/${world.clinicId}/appointments/${later.id}/waitlist`,
          headers: auth(jane.token),
        }),
      200,
      () => [later.id],
    );
    await publishes(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/appointments/${later.id}/convert-to-telehealth`,
          headers: auth(provider),
        }),
      200,
      () => [later.id],
    );
  });

  it('the waiting-room status, the check-in by the provider and a reminder', async () => {
    const today = await appointment(0, 23, jane.id);
    const url = `${clinicBase()}/appointments/${today.id}`;
    await publishes(
      () =>
        t.app.inject({
          method: 'PUT',
          url: `${url}/patient-status`,
          headers: auth(provider),
          payload: { patientStatus: 'in-office' },
        }),
      200,
      () => [today.id],
    );
    await publishes(
      () => t.app.inject({ method: 'POST', url: `${url}/check-in`, headers: auth(provider) }),
      200,
      () => [today.id],
    );
    await publishes(
      () => t.app.inject({ method: 'POST', url: `${url}/reminder`, headers: auth(provider) }),
      200,
      () => [today.id],
    );
    // A bad status is refused before anything is written: nothing is published for it.
    takeIds();
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${url}/patient-status`,
      headers: auth(provider),
      payload: { patientStatus: 'asleep' },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${url}/patient-status`,
      headers: auth(otherProvider),
      payload: { patientStatus: 'outside' },
    });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.statusCode).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(takeIds()).toEqual([]);
  });

  it("a quick link sent, and the patient's 'outside' link marking the arrival", async () => {
    const visit = await appointment(0, 22, jane.id);
    await publishes(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/clinics/${world.clinicId}/appointments/${visit.id}/quick-links`,
          headers: auth(provider),
          payload: { type: 'check-in' },
        }),
      201,
      () => [visit.id],
    );
    const sent = await issueQuickLink(
      t.context.db,
      { type: 'outside', clinicId: world.clinicId, userId: jane.id, appointmentId: visit.id },
      t.context.now(),
      'http://localhost',
    );
    await publishes(
      () =>
        tokenRequest(t.app, {
          grant_type: 'quick_link',
          client_id: PORTAL_CLIENT,
          code: sent.code,
          user_id: jane.id,
        }),
      200,
      () => [visit.id],
    );
  });

  it("the patient's check-in: a task marked, the questionnaire saved, the document signed, the check-in finished", async () => {
    const visit = await appointment(6, 9);
    const tasks = await tasksOf(visit.id);
    const regular = tasks.find((task) => task.title === 'Bring your ID');
    const questionnaire = tasks.find((task) => task.title === 'Intake form');
    const consent = tasks.find((task) => task.title === 'Consent');
    if (!regular || !questionnaire || !consent) {
      throw new Error('tasks missing');
    }
    await publishes(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/check-in/appointments/${visit.id}/tasks/${regular.taskId}/status`,
          headers: auth(jane.token),
          payload: { status: 'DONE' },
        }),
      200,
      () => [visit.id],
    );
    const forms = await t.app.inject({
      url: `/api/questionnaires/tasks/${questionnaire.taskId}`,
      headers: auth(jane.token),
    });
    const formId = forms.json<{ forms: { formId: string }[] }>().forms[0]?.formId ?? '';
    await publishes(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/questionnaires/tasks/${questionnaire.taskId}/forms/${formId}`,
          headers: auth(jane.token),
          payload: { answers: { 'allergies-text': 'None' } },
        }),
      200,
      () => [visit.id],
    );
    const png = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="150"><path d="M20 100 C 80 20, 140 140, 220 60" stroke="black" stroke-width="3" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    await publishes(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/documents/tasks/${consent.taskId}/signatures`,
          headers: auth(jane.token),
          payload: {
            documentId,
            signature: { kind: 'drawn', image: `data:image/png;base64,${png.toString('base64')}` },
          },
        }),
      201,
      () => [visit.id],
    );
    const finished = await publishes(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/check-in/finish',
          headers: auth(jane.token),
          payload: { appointmentIds: [visit.id] },
        }),
      200,
      () => [visit.id],
    );
    expect(finished.json()).toMatchObject({ finished: true });
  });

  it("sends nothing to another clinic's topic", () => {
    expect(elsewhere).toEqual([]);
  });
});
