import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Answer } from '@app/contracts/questionnaires';
import { auditEvents } from '../../db/schema/audit.ts';
import { taskSettings, tasks } from '../../db/schema/check-in.ts';
import { questionnaireForms, questionnaireResponses } from '../../db/schema/questionnaires.ts';
import { HEALTH_HISTORY_FORM } from '../../seed/seed-demo-questionnaires.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { expectOutcome, fhirGet, fhirSearch, idsOf } from './fhir-test-client.ts';
import type { FhirResource } from './fhir-types.ts';
import { createTwoClinicWorld } from './fhir-test-world.ts';

// Issue 21 item 1 (decision 0085): Questionnaire (the clinics' forms) and QuestionnaireResponse (a
// patient's saved answers, in the patient compartment): jane reads hers, never olive's; a provider
// reads the answers given at their PATIENT clinics only; bad parameters are 400; all validated.

const ANSWERS: Record<string, Answer> = {
  symptoms: ['symptoms-cough'],
  'pain-scale': 0,
  smoking: ['smoking-never'],
  allergies: ['allergy-other'],
  'allergy-other-text': 'Bee stings',
  'last-visit': { year: 2025, month: 3, day: 14 },
};

type Item = { linkId: string; text?: string; type?: string; item?: Item[]; answer?: unknown[] } & Record<
  string,
  unknown
>;

function flatten(items: Item[] | undefined): Item[] {
  return (items ?? []).flatMap((item) => [item, ...flatten(item.item)]);
}

describe('FHIR R4 Questionnaire and QuestionnaireResponse', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let other: SchedulingWorld;
  let jane: { id: string; username: string };
  let olive: { id: string; username: string };
  let janeToken: string;
  let oliveToken: string;
  let providerToken: string;
  let otherProviderToken: string;
  let formId: string;
  let otherFormId: string;
  let janeResponseIds: string[];
  let oliveResponseId: string;

  const get = (url: string, token?: string) => fhirGet(t, url, token);
  const search = (url: string, token: string) => fhirSearch(t, url, token);

  async function saveResponse(
    clinic: SchedulingWorld,
    patientUserId: string,
    form: string,
    submittedAt: string,
    answers: Record<string, Answer>,
  ) {
    const db = t.context.db;
    const [setting] = await db
      .insert(taskSettings)
      .values({
        clinicId: clinic.clinicId,
        title: 'Intake form',
        actionType: 'questionnaire',
        order: 1,
        config: { formIds: [form] },
      })
      .returning({ id: taskSettings.id });
    const [task] = await db
      .insert(tasks)
      .values({ clinicId: clinic.clinicId, userId: patientUserId, settingId: setting?.id ?? '' })
      .returning({ id: tasks.id });
    const [row] = await db
      .insert(questionnaireResponses)
      .values({
        formId: form,
        taskId: task?.id ?? '',
        patientUserId,
        clinicId: clinic.clinicId,
        answers,
        submittedBy: patientUserId,
        submittedAt: new Date(submittedAt),
      })
      .returning({ id: questionnaireResponses.id });
    return row?.id ?? '';
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.context.db;
    ({ world, other, jane, olive, janeToken, oliveToken, providerToken, otherProviderToken } =
      await createTwoClinicWorld(t));
    const [form] = await db
      .insert(questionnaireForms)
      .values({ clinicId: world.clinicId, title: HEALTH_HISTORY_FORM.title, definition: HEALTH_HISTORY_FORM })
      .returning({ id: questionnaireForms.id });
    const [otherForm] = await db
      .insert(questionnaireForms)
      .values({ clinicId: other.clinicId, title: 'Other clinic form', definition: HEALTH_HISTORY_FORM })
      .returning({ id: questionnaireForms.id });
    formId = form?.id ?? '';
    otherFormId = otherForm?.id ?? '';
    janeResponseIds = [
      await saveResponse(world, jane.id, formId, '2026-03-01T10:00:00Z', ANSWERS),
      await saveResponse(world, jane.id, formId, '2026-05-01T10:00:00Z', { 'pain-scale': 4 }),
    ];
    oliveResponseId = await saveResponse(other, olive.id, otherFormId, '2026-03-02T10:00:00Z', ANSWERS);
  });
  afterAll(() => t.close());

  describe('Questionnaire', () => {
    it('maps the clinic’s form: groups, questions, typed items, choices and conditional fields', async () => {
      const bundle = await search('/fhir/R4/Questionnaire', janeToken);
      expect(idsOf(bundle)).toEqual([formId]);
      const questionnaire = bundle.entry[0]?.resource as FhirResource & { item: Item[] };
      expect(questionnaire).toMatchObject({ status: 'active', title: HEALTH_HISTORY_FORM.title });
      const items = flatten(questionnaire.item);
      const byId = (linkId: string) => items.find((item) => item.linkId === linkId);
      expect(byId('pain-scale')).toMatchObject({ type: 'decimal', required: true });
      expect(byId('last-visit')).toMatchObject({ type: 'date' });
      expect(byId('symptoms')).toMatchObject({ type: 'choice', repeats: true });
      expect(byId('allergy-other-text')).toMatchObject({
        type: 'text',
        enableWhen: [{ question: 'allergies', operator: '=', answerCoding: { code: 'allergy-other' } }],
      });
      const linkIds = items.map((item) => item.linkId);
      expect(new Set(linkIds).size).toBe(linkIds.length);

      const read = await get(`/fhir/R4/Questionnaire/${formId}`, janeToken);
      expect(read.body).toEqual(questionnaire);
    });

    it('is the caller’s clinics’ only', async () => {
      expect(idsOf(await search('/fhir/R4/Questionnaire', oliveToken))).toEqual([otherFormId]);
      expectOutcome(await get(`/fhir/R4/Questionnaire/${formId}`, oliveToken), 404, 'not-found');
      expect(idsOf(await search('/fhir/R4/Questionnaire', providerToken))).toEqual([formId]);
    });
  });

  describe('QuestionnaireResponse', () => {
    it('gives the patient her own answers, newest first, with the answers typed', async () => {
      const bundle = await search('/fhir/R4/QuestionnaireResponse', janeToken);
      expect(idsOf(bundle)).toEqual([janeResponseIds[1], janeResponseIds[0]]);
      const response = bundle.entry[1]?.resource as FhirResource & { item: Item[] };
      expect(response).toMatchObject({
        questionnaire: `Questionnaire/${formId}`,
        status: 'completed',
        subject: { reference: `Patient/${jane.id}` },
        author: { reference: `Patient/${jane.id}` },
        authored: '2026-03-01T10:00:00.000Z',
      });
      const answers = Object.fromEntries(
        flatten(response.item)
          .filter((item) => item.answer)
          .map((item) => [item.linkId, item.answer]),
      );
      expect(answers).toMatchObject({
        'pain-scale': [{ valueDecimal: 0 }],
        'last-visit': [{ valueDate: '2025-03-14' }],
        'allergy-other-text': [{ valueString: 'Bee stings' }],
        allergies: [{ valueCoding: { code: 'allergy-other' } }],
      });
    });

    it('never shows another patient’s answers: 404 read, empty search', async () => {
      expectOutcome(
        await get(`/fhir/R4/QuestionnaireResponse/${oliveResponseId}`, janeToken),
        404,
        'not-found',
      );
      expect((await search(`/fhir/R4/QuestionnaireResponse?patient=${olive.id}`, janeToken)).total).toBe(0);
      expect(idsOf(await search('/fhir/R4/QuestionnaireResponse', oliveToken))).toEqual([oliveResponseId]);
    });

    it('gives a provider the answers given at their PATIENT clinics only', async () => {
      const own = await search(`/fhir/R4/QuestionnaireResponse?patient=Patient/${jane.id}`, providerToken);
      expect(own.total).toBe(2);
      const foreign = await search(
        `/fhir/R4/QuestionnaireResponse?patient=Patient/${jane.id}`,
        otherProviderToken,
      );
      expect(foreign.total).toBe(0);
    });

    it('searches by questionnaire and authored (prefixes)', async () => {
      expect(
        idsOf(
          await search(`/fhir/R4/QuestionnaireResponse?questionnaire=Questionnaire/${formId}`, janeToken),
        ),
      ).toHaveLength(2);
      expect(
        (await search(`/fhir/R4/QuestionnaireResponse?questionnaire=${otherFormId}`, janeToken)).total,
      ).toBe(0);
      expect(idsOf(await search('/fhir/R4/QuestionnaireResponse?authored=ge2026-04-01', janeToken))).toEqual([
        janeResponseIds[1],
      ]);
      expect(
        idsOf(
          await search('/fhir/R4/QuestionnaireResponse?authored=ge2026-02&authored=lt2026-04', janeToken),
        ),
      ).toEqual([janeResponseIds[0]]);
    });

    it('sorts by authored and _lastUpdated, filters by _lastUpdated (decision 0091)', async () => {
      const [first, second] = janeResponseIds;
      expect(idsOf(await search('/fhir/R4/QuestionnaireResponse?_sort=authored', janeToken))).toEqual([
        first,
        second,
      ]);
      expect(idsOf(await search('/fhir/R4/QuestionnaireResponse?_sort=-_lastUpdated', janeToken))).toEqual([
        second,
        first,
      ]);
      const bundle = await search('/fhir/R4/QuestionnaireResponse?_lastUpdated=lt2026-04', janeToken);
      expect(idsOf(bundle)).toEqual([first]);
      // A resubmission overwrites submitted_at: the response's last change is when it was authored.
      expect(bundle.entry[0]?.resource.meta?.lastUpdated).toBe('2026-03-01T10:00:00.000Z');
    });

    it('includes the form of the answers, once, within the caller’s clinics (decision 0091)', async () => {
      const bundle = await search(
        '/fhir/R4/QuestionnaireResponse?_include=QuestionnaireResponse:questionnaire',
        janeToken,
      );
      expect(bundle.total).toBe(2);
      const included = bundle.entry.filter((entry) => entry.search.mode === 'include');
      expect(included.map((entry) => `${entry.resource.resourceType}/${entry.resource.id ?? ''}`)).toEqual([
        `Questionnaire/${formId}`,
      ]);
      // Olive's provider sees olive's answers with olive's clinic's form, never jane's clinic's.
      const theirs = await search(
        '/fhir/R4/QuestionnaireResponse?_include=QuestionnaireResponse:questionnaire',
        otherProviderToken,
      );
      expect(idsOf(theirs)).toEqual([oliveResponseId]);
      expect(
        theirs.entry.filter((entry) => entry.search.mode === 'include').map((entry) => entry.resource.id),
      ).toEqual([otherFormId]);
    });

    it('refuses bad parameters (400)', async () => {
      for (const query of [
        'status=completed',
        'authored=yesterday',
        'questionnaire=Patient/x',
        'patient:missing=true',
        'authored=ap2026-01-01',
      ]) {
        expectOutcome(await get(`/fhir/R4/QuestionnaireResponse?${query}`, janeToken), 400, 'invalid');
      }
    });

    it('records the read in the audit trail (questionnaires)', async () => {
      await get(`/fhir/R4/QuestionnaireResponse/${janeResponseIds[0] ?? ''}`, janeToken);
      const events = await t.context.db
        .select({ resourceId: auditEvents.resourceId })
        .from(auditEvents)
        .where(and(eq(auditEvents.patientId, jane.id), eq(auditEvents.resourceType, 'questionnaires')));
      expect(events.map((event) => event.resourceId)).toContain(
        `QuestionnaireResponse/${janeResponseIds[0] ?? ''}`,
      );
    });
  });
});
