import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clinicParamsSchema, countResponseSchema } from '@app/contracts/provider-workspace';
import {
  flowCreateSchema,
  flowListQuerySchema,
  flowListResponseSchema,
  flowParamsSchema,
  flowSchema,
  flowUpdateSchema,
  followUpAlertSchema,
  followUpListResponseSchema,
  followUpParamsSchema,
  navigationEntrySchema,
  navigationListResponseSchema,
  navigationParamsSchema,
  navigationUpdateSchema,
  newsListResponseSchema,
} from '@app/contracts/worklists';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import {
  countNewFollowUps,
  insertFlow,
  isClinicPatient,
  listFlows,
  listFollowUps,
  listNavigation,
  listNews,
  markFollowUpSeen,
  updateFlowStatus,
  updateNavigation,
} from './worklists.repository.ts';

const fullName = (first: string | null, last: string | null): string | null =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

const notFound = (what: string) => new HttpError(404, `${what} not found.`, { code: 'not_found' });

type FlowRow = Awaited<ReturnType<typeof listFlows>>[number];
const flowOf = (row: FlowRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  dueDate: row.dueDate,
  patientId: row.patientId,
  patientName: fullName(row.patientFirstName, row.patientLastName),
  createdByName: `${row.creatorFirstName} ${row.creatorLastName}`,
  createdAt: row.createdAt.toISOString(),
});

/**
 * spec 3 §2 provider routes news (Newsfeed: no permission, sidebar table), flows (Worklist: FLOWS and
 * the FLOWS module), follow-ups (Follow Up List: REMOTE_PATIENT_MONITORING) and patient-navigation
 * (Tracker: PATIENT_NAVIGATION and its module). Models: decision 0027.
 */
export async function worklistsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;
  const base = '/api/provider/clinics/:clinicId';

  routes.get(
    `${base}/news`,
    {
      config: { access: access.provider() },
      schema: { params: clinicParamsSchema, response: { 200: newsListResponseSchema } },
    },
    async (request) =>
      (await listNews(db, request.params.clinicId)).map((row) => ({
        ...row,
        publishedAt: row.publishedAt.toISOString(),
      })),
  );

  const flowsAccess = access.provider('FLOWS', 'FLOWS');
  routes.get(
    `${base}/flows`,
    {
      config: { access: flowsAccess },
      schema: {
        params: clinicParamsSchema,
        querystring: flowListQuerySchema,
        response: { 200: flowListResponseSchema },
      },
    },
    async (request) => (await listFlows(db, request.params.clinicId, request.query.patientId)).map(flowOf),
  );

  routes.post(
    `${base}/flows`,
    {
      config: { access: flowsAccess },
      schema: { params: clinicParamsSchema, body: flowCreateSchema, response: { 201: flowSchema } },
    },
    async (request, reply) => {
      const { clinicId } = request.params;
      const { patientId, ...fields } = request.body;
      if (patientId !== null && !(await isClinicPatient(db, clinicId, patientId))) {
        throw new HttpError(400, 'The patient is not registered at this clinic.', {
          code: 'unknown_patient',
          errors: [{ field: 'patientId', detail: 'The patient is not registered at this clinic.' }],
        });
      }
      const id = await insertFlow(db, {
        clinicId,
        patientUserId: patientId,
        ...fields,
        createdByUserId: requireAuth(request).userId,
        createdAt: context.now(),
      });
      const created = (await listFlows(db, clinicId, patientId ?? undefined)).find((row) => row.id === id);
      if (!created) {
        throw new Error('created flow vanished');
      }
      return reply.status(201).send(flowOf(created));
    },
  );

  routes.patch(
    `${base}/flows/:flowId`,
    {
      config: { access: flowsAccess },
      schema: { params: flowParamsSchema, body: flowUpdateSchema, response: { 200: flowSchema } },
    },
    async (request) => {
      const { clinicId, flowId } = request.params;
      if (!(await updateFlowStatus(db, clinicId, flowId, request.body.status))) {
        throw notFound('Flow');
      }
      const row = (await listFlows(db, clinicId)).find((flow) => flow.id === flowId);
      if (!row) {
        throw notFound('Flow');
      }
      return flowOf(row);
    },
  );

  const followUpsAccess = access.provider('REMOTE_PATIENT_MONITORING');
  routes.get(
    `${base}/follow-ups`,
    {
      config: { access: followUpsAccess },
      schema: { params: clinicParamsSchema, response: { 200: followUpListResponseSchema } },
    },
    async (request) =>
      (await listFollowUps(db, request.params.clinicId)).map((row) => ({
        id: row.id,
        patientId: row.patientId,
        patientName: `${row.patientFirstName} ${row.patientLastName}`,
        message: row.message,
        severity: row.severity,
        createdAt: row.createdAt.toISOString(),
        seenAt: row.seenAt?.toISOString() ?? null,
      })),
  );

  // BRIEF-dots: the sidebar's new follow-up alert dot.
  routes.get(
    `${base}/follow-ups/new-alert-count`,
    {
      config: { access: followUpsAccess },
      schema: { params: clinicParamsSchema, response: { 200: countResponseSchema } },
    },
    async (request) => ({ count: await countNewFollowUps(db, request.params.clinicId) }),
  );

  routes.post(
    `${base}/follow-ups/:alertId/seen`,
    {
      config: { access: followUpsAccess },
      schema: { params: followUpParamsSchema, response: { 200: followUpAlertSchema } },
    },
    async (request) => {
      const { clinicId, alertId } = request.params;
      const by = requireAuth(request).userId;
      // In a transaction, so the audit events commit with the change (decision 0064).
      const seen = await db.transaction((tx) => markFollowUpSeen(tx, clinicId, alertId, by, context.now()));
      if (!seen) {
        throw notFound('Alert');
      }
      const row = (await listFollowUps(db, clinicId)).find((alert) => alert.id === alertId);
      if (!row) {
        throw notFound('Alert');
      }
      return {
        id: row.id,
        patientId: row.patientId,
        patientName: `${row.patientFirstName} ${row.patientLastName}`,
        message: row.message,
        severity: row.severity,
        createdAt: row.createdAt.toISOString(),
        seenAt: row.seenAt?.toISOString() ?? null,
      };
    },
  );

  const navigationAccess = access.provider('PATIENT_NAVIGATION', 'PATIENT_NAVIGATION');
  const entryOf = (row: Awaited<ReturnType<typeof listNavigation>>[number]) => ({
    id: row.id,
    patientId: row.patientId,
    patientName: `${row.patientFirstName} ${row.patientLastName}`,
    stage: row.stage,
    note: row.note,
    updatedAt: row.updatedAt.toISOString(),
  });
  routes.get(
    `${base}/patient-navigation`,
    {
      config: { access: navigationAccess },
      schema: { params: clinicParamsSchema, response: { 200: navigationListResponseSchema } },
    },
    async (request) => (await listNavigation(db, request.params.clinicId)).map(entryOf),
  );

  routes.patch(
    `${base}/patient-navigation/:entryId`,
    {
      config: { access: navigationAccess },
      schema: {
        params: navigationParamsSchema,
        body: navigationUpdateSchema,
        response: { 200: navigationEntrySchema },
      },
    },
    async (request) => {
      const { clinicId, entryId } = request.params;
      if (!(await updateNavigation(db, clinicId, entryId, request.body, context.now()))) {
        throw notFound('Tracker entry');
      }
      const row = (await listNavigation(db, clinicId)).find((entry) => entry.id === entryId);
      if (!row) {
        throw notFound('Tracker entry');
      }
      return entryOf(row);
    },
  );
}
