import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { clinicParamsSchema, countResponseSchema } from '@app/contracts/provider-workspace';
import {
  appointmentActionParamsSchema,
  patientStatusChangeSchema,
  providerAppointmentSchema,
  reminderResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  waitingRoomQuerySchema,
  waitingRoomResponseSchema,
  walkInParamsSchema,
  type WaitingRoomKind,
} from '@app/contracts/provider-schedule';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { sendJsonText } from '../../platform/json-text.ts';
import { linkBaseOf } from '../appointments/appointments.routes.ts';
import { createDayScheduleCache } from './day-schedule-cache.ts';
import {
  cancelClinicAppointment,
  changePatientStatus,
  checkInAppointment,
  readScheduleJson,
  sendReminder,
  waitingRoom,
  waitingRoomCount,
  walkInArrived,
} from './provider-schedule.service.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The two rooms of spec 3 §2 and their sidebar gates (§2 Provider sidebar). */
const ROOMS: { kind: WaitingRoomKind; permission: 'VIRTUAL_WAITING_ROOM' | 'TELEHEALTH_WAITING_ROOM' }[] = [
  { kind: 'drive-up', permission: 'VIRTUAL_WAITING_ROOM' },
  { kind: 'telehealth', permission: 'TELEHEALTH_WAITING_ROOM' },
];

/** spec 3 §2 schedule and waiting rooms, §7 their calls (decision 0024). */
export async function providerScheduleRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/provider/clinics/:clinicId';
  const scheduleCache = createDayScheduleCache();

  routes.get(
    `${base}/schedule`,
    {
      config: { access: access.provider() },
      schema: {
        params: clinicParamsSchema,
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema, ...errors },
      },
      // The answer is JSON text from the day-schedule cache (decision 0075), sent as it is; it was
      // parsed with the schema once, when it was computed.
    },
    async (request, reply) => {
      const { json, patientIds } = await readScheduleJson(
        context,
        scheduleCache,
        request.params.clinicId,
        request.query,
      );
      // The audit hook names a read's patients from its answer object (preSerialization), which a
      // text answer skips: the patients the schedule shows are handed to it here.
      request.auditPayload = { appointments: patientIds.map((patientId) => ({ patientId })) };
      return sendJsonText(reply, json);
    },
  );

  routes.post(
    `${base}/appointments/:appointmentId/check-in`,
    {
      config: { access: access.provider() },
      schema: {
        params: appointmentActionParamsSchema,
        response: { 200: providerAppointmentSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      checkInAppointment(
        context,
        requireAuth(request),
        request.params.clinicId,
        request.params.appointmentId,
      ),
  );

  routes.put(
    `${base}/appointments/:appointmentId/patient-status`,
    {
      config: { access: access.provider(undefined, 'PATIENT_OUTSIDE') },
      schema: {
        params: appointmentActionParamsSchema,
        body: patientStatusChangeSchema,
        response: { 200: providerAppointmentSchema, ...errors },
      },
    },
    async (request) =>
      changePatientStatus(
        context,
        requireAuth(request),
        request.params.clinicId,
        request.params.appointmentId,
        request.body,
      ),
  );

  routes.post(
    `${base}/appointments/:appointmentId/reminder`,
    {
      config: { access: access.provider() },
      schema: {
        params: appointmentActionParamsSchema,
        response: { 200: reminderResponseSchema, ...errors },
      },
    },
    async (request) =>
      sendReminder(
        context,
        requireAuth(request),
        request.params.clinicId,
        request.params.appointmentId,
        linkBaseOf(context, request),
      ),
  );

  routes.delete(
    `${base}/appointments/:appointmentId`,
    {
      config: { access: access.provider() },
      schema: {
        params: appointmentActionParamsSchema,
        response: { 204: z.null(), 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await cancelClinicAppointment(
        context,
        requireAuth(request),
        request.params.clinicId,
        request.params.appointmentId,
        linkBaseOf(context, request),
      );
      return reply.status(204).send(null);
    },
  );

  for (const room of ROOMS) {
    routes.get(
      `${base}/waiting-room/${room.kind}`,
      {
        config: { access: access.provider(room.permission, 'PATIENT_OUTSIDE') },
        schema: {
          params: clinicParamsSchema,
          querystring: waitingRoomQuerySchema,
          response: { 200: waitingRoomResponseSchema, ...errors },
        },
      },
      async (request) => waitingRoom(context, request.params.clinicId, room.kind, request.query),
    );
    routes.get(
      `${base}/waiting-room/${room.kind}/count`,
      {
        config: { access: access.provider(room.permission, 'PATIENT_OUTSIDE') },
        schema: { params: clinicParamsSchema, response: { 200: countResponseSchema, ...errors } },
      },
      async (request) => waitingRoomCount(context, request.params.clinicId, room.kind),
    );
  }

  routes.post(
    `${base}/walk-ins/:walkInId/arrived`,
    {
      config: { access: access.provider('VIRTUAL_WAITING_ROOM', 'PATIENT_OUTSIDE') },
      schema: { params: walkInParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await walkInArrived(context, request.params.clinicId, request.params.walkInId);
      return reply.status(204).send(null);
    },
  );
}
