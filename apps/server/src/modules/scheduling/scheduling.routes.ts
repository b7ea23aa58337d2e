import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  clinicQuerySchema,
  clinicUuidParamsSchema,
  consultationTypeIdParamsSchema,
  consultationTypeListQuerySchema,
  consultationTypeListResponseSchema,
  consultationTypeSchema,
  consultationTypeSettingsQuerySchema,
  consultationTypeSettingsSchema,
  departmentListQuerySchema,
  departmentListResponseSchema,
  freezeTimeSlotResponseSchema,
  freezeTimeSlotSchema,
  providerIdParamsSchema,
  providerListQuerySchema,
  providerListResponseSchema,
  recurringVisitListResponseSchema,
  recurringVisitQuerySchema,
  schedulingOptionsSchema,
  schedulingProviderSchema,
  timeSlotListResponseSchema,
  timeSlotQuerySchema,
} from '@app/contracts/scheduling';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { sendJsonText } from '../../platform/json-text.ts';
import {
  getConsultationTypeForBooking,
  getConsultationTypeSettings,
  getProviderForBooking,
  getSchedulingOptions,
  listConsultationTypesForBooking,
  listDepartmentsForBooking,
  listProvidersForBooking,
} from './catalogue.service.ts';
import { listRecurringVisits } from './recurring.service.ts';
import { SlotSearchCache } from './slot-search-cache.ts';
import { freezeTimeSlot, listTimeSlots } from './slots.service.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/**
 * spec 2 §7 scheduling calls: the catalogue behind the provider list and consultation type screen,
 * time slots and holds, recurring visits. Patients of the clinic and its providers may call them;
 * anyone else gets 404 for that clinic (catalogue.service requireClinicAccess).
 */
export function schedulingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;
  // One per app instance; entries are checked against the database's slot version on every hit.
  const slotCache = new SlotSearchCache();

  routes.get(
    '/api/clinics/:clinicUuid/scheduling-options',
    {
      config: { access: access.authenticated },
      schema: { params: clinicUuidParamsSchema, response: { 200: schedulingOptionsSchema, ...errors } },
    },
    async (request) => getSchedulingOptions(db, requireAuth(request), request.params.clinicUuid),
  );

  routes.get(
    '/api/scheduling/providers',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: providerListQuerySchema,
        response: { 200: providerListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      providers: await listProvidersForBooking(db, requireAuth(request), request.query, context.now()),
    }),
  );

  routes.get(
    '/api/scheduling/providers/:providerId',
    {
      config: { access: access.authenticated },
      schema: {
        params: providerIdParamsSchema,
        querystring: clinicQuerySchema,
        response: { 200: schedulingProviderSchema, ...errors },
      },
    },
    async (request) =>
      getProviderForBooking(
        db,
        requireAuth(request),
        request.query.clinicUuid,
        request.params.providerId,
        context.now(),
      ),
  );

  routes.get(
    '/api/scheduling/departments',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: departmentListQuerySchema,
        response: { 200: departmentListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      departments: await listDepartmentsForBooking(db, requireAuth(request), request.query),
    }),
  );

  routes.get(
    '/api/scheduling/consultation-types',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: consultationTypeListQuerySchema,
        response: { 200: consultationTypeListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      consultationTypes: await listConsultationTypesForBooking(db, requireAuth(request), request.query),
    }),
  );

  routes.get(
    '/api/scheduling/consultation-types/:consultationTypeId',
    {
      config: { access: access.authenticated },
      schema: {
        params: consultationTypeIdParamsSchema,
        response: { 200: consultationTypeSchema, ...errors },
      },
    },
    async (request) =>
      getConsultationTypeForBooking(db, requireAuth(request), request.params.consultationTypeId),
  );

  routes.get(
    '/api/scheduling/consultation-type-settings',
    {
      config: { access: access.authenticated },
      schema: {
        querystring: consultationTypeSettingsQuerySchema,
        response: { 200: consultationTypeSettingsSchema, ...errors },
      },
    },
    async (request) => getConsultationTypeSettings(db, requireAuth(request), request.query),
  );

  routes.get(
    '/api/scheduling/time-slots',
    {
      config: { access: access.authenticated },
      schema: { querystring: timeSlotQuerySchema, response: { 200: timeSlotListResponseSchema, ...errors } },
      // The busiest read of the portal: listTimeSlots answers the JSON text itself (kept in the slot
      // search cache, decision 0070), so Fastify sends it as it is. Re-validating up to a hundred
      // slots against the schema cost an eighth of the request (bench/slot-search.ts); the schema
      // still documents the answer, and the route tests parse it.
    },
    async (request, reply) => {
      const json = await listTimeSlots(db, slotCache, requireAuth(request), request.query, context.now());
      return sendJsonText(reply, json);
    },
  );

  routes.post(
    '/api/scheduling/time-slots/freeze',
    {
      config: { access: access.authenticated },
      schema: {
        body: freezeTimeSlotSchema,
        response: { 200: freezeTimeSlotResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => freezeTimeSlot(db, requireAuth(request), request.body, context.now()),
  );

  routes.get(
    '/api/scheduling/recurring-visits',
    {
      // spec 2 §2: the Recurring Visit tab is the care manager's.
      config: { access: access.provider() },
      schema: {
        querystring: recurringVisitQuerySchema,
        response: { 200: recurringVisitListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      entries: await listRecurringVisits(db, requireAuth(request), request.query, context.now()),
    }),
  );
}
