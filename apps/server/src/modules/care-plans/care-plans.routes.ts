import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  carePlanInputSchema,
  carePlanListSchema,
  carePlanPathSchema,
  carePlanSchema,
  clinicIntellimapQuerySchema,
  clinicIntellimapSchema,
  intellimapSchema,
  monitoringDeviceListSchema,
  monitoringDeviceRequestSchema,
  monitoringDeviceSchema,
} from '@app/contracts/care-plans';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import { clinicPatientPathSchema } from '@app/contracts/vitals';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  createCarePlan,
  listCarePlans,
  listMonitoringDevices,
  listOwnCarePlans,
  readClinicIntellimap,
  readIntellimap,
  requestMonitoringDevice,
  updateCarePlan,
} from './care-plans.service.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const base = '/api/provider/clinics/:clinicId/patients/:patientId';
// spec 3 §2: the health tab sits in the patient view, so it needs PATIENT as well as its own permission.
const rpm = access.provider(['PATIENT', 'REMOTE_PATIENT_MONITORING']);

/** spec 3 §2 patient health tab: Care Plans, Devices and Intellimap (paths ours, decision 0028). */
export async function carePlansRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/care-plans',
    { config: { access: access.patientOwn('PATIENT') }, schema: { response: { 200: carePlanListSchema } } },
    async (request) => listOwnCarePlans(db, requireAuth(request)),
  );

  routes.get(
    `${base}/care-plans`,
    {
      config: { access: rpm },
      schema: { params: clinicPatientPathSchema, response: { 200: carePlanListSchema, ...errors } },
    },
    async (request) => listCarePlans(db, request.params.clinicId, request.params.patientId),
  );

  routes.post(
    `${base}/care-plans`,
    {
      config: { access: rpm },
      schema: {
        params: clinicPatientPathSchema,
        body: carePlanInputSchema,
        response: { 201: carePlanSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clinicId, patientId } = request.params;
      const plan = await createCarePlan(
        db,
        requireAuth(request),
        clinicId,
        patientId,
        request.body,
        context.now(),
      );
      return reply.code(201).send(plan);
    },
  );

  routes.put(
    `${base}/care-plans/:carePlanId`,
    {
      config: { access: rpm },
      schema: {
        params: carePlanPathSchema,
        body: carePlanInputSchema,
        response: { 200: carePlanSchema, ...errors },
      },
    },
    async (request) => {
      const { clinicId, patientId, carePlanId } = request.params;
      return updateCarePlan(db, clinicId, patientId, carePlanId, request.body, context.now());
    },
  );

  routes.get(
    `${base}/monitoring-devices`,
    {
      config: { access: rpm },
      schema: { params: clinicPatientPathSchema, response: { 200: monitoringDeviceListSchema, ...errors } },
    },
    async (request) => listMonitoringDevices(db, request.params.clinicId, request.params.patientId),
  );

  routes.post(
    `${base}/monitoring-devices`,
    {
      config: { access: rpm },
      schema: {
        params: clinicPatientPathSchema,
        body: monitoringDeviceRequestSchema,
        response: { 201: monitoringDeviceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clinicId, patientId } = request.params;
      const device = await requestMonitoringDevice(
        db,
        requireAuth(request),
        clinicId,
        patientId,
        request.body,
        context.now(),
      );
      return reply.code(201).send(device);
    },
  );

  routes.get(
    `${base}/intellimap`,
    {
      config: { access: rpm },
      schema: { params: clinicPatientPathSchema, response: { 200: intellimapSchema, ...errors } },
    },
    async (request) => readIntellimap(db, request.params.clinicId, request.params.patientId, context.now()),
  );

  // Issue 17 item 6 (decision 0045): /provider/intellimap, the clinic-wide board of the same data.
  routes.get(
    '/api/provider/clinics/:clinicId/intellimap',
    {
      config: { access: rpm },
      schema: {
        params: clinicParamsSchema,
        querystring: clinicIntellimapQuerySchema,
        response: { 200: clinicIntellimapSchema, ...errors },
      },
    },
    async (request) => readClinicIntellimap(db, request.params.clinicId, request.query, context.now()),
  );
}
