import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { NO_PATIENT_ACCESS_TEXT } from '@app/contracts/patient-texts';
import {
  REFERENCE_LISTS,
  STATES_BY_COUNTRY,
  accountParamsSchema,
  addressSchema,
  clinicAccountParamsSchema,
  clinicUserDetailsSchema,
  clinicUserParamsSchema,
  emergencyContactSchema,
  personalDataSchema,
  referenceListSchema,
  referenceListsSchema,
  statesParamsSchema,
  updateAddressSchema,
  updateEmergencySchema,
  updatePersonalSchema,
} from '@app/contracts/demographics';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import {
  getAddress,
  getClinicUserDetails,
  getEmergency,
  getPersonal,
  updateAddress,
  updateEmergency,
  updatePersonal,
} from './demographics.service.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** spec 2 §7 demographics calls (paths ours, decision 0021). */
export async function demographicsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;
  const authenticated = { access: access.authenticated };
  // spec 3 §6, §8: a provider opens a patient's personal data only with PATIENT at the patient's
  // clinic (issue 19 item 6, decision 0060); the patient opens their own.
  const patientData = { access: access.patientOrProvider('PATIENT', NO_PATIENT_ACCESS_TEXT) };

  routes.get(
    '/api/demographics/reference-lists',
    { config: authenticated, schema: { response: { 200: referenceListsSchema } } },
    async () => REFERENCE_LISTS,
  );
  routes.get(
    '/api/demographics/countries/:countryId/states',
    { config: authenticated, schema: { params: statesParamsSchema, response: { 200: referenceListSchema } } },
    async (request) => [...(STATES_BY_COUNTRY[request.params.countryId] ?? [])],
  );

  const personalPath = '/api/demographics/clinics/:clinicUuid/accounts/:accountId/personal';
  routes.get(
    personalPath,
    {
      config: patientData,
      schema: { params: clinicAccountParamsSchema, response: { 200: personalDataSchema, ...errors } },
    },
    async (request) => getPersonal(db, requireAuth(request), request.params),
  );
  routes.put(
    personalPath,
    {
      config: patientData,
      schema: {
        params: clinicAccountParamsSchema,
        body: updatePersonalSchema,
        response: { 200: personalDataSchema, ...errors },
      },
    },
    async (request) => updatePersonal(db, requireAuth(request), request.params, request.body, context.now()),
  );

  const emergencyPath = '/api/demographics/accounts/:accountId/emergency';
  routes.get(
    emergencyPath,
    {
      config: patientData,
      schema: { params: accountParamsSchema, response: { 200: emergencyContactSchema, ...errors } },
    },
    async (request) => getEmergency(db, requireAuth(request), request.params.accountId),
  );
  routes.put(
    emergencyPath,
    {
      config: patientData,
      schema: {
        params: accountParamsSchema,
        body: updateEmergencySchema,
        response: { 200: emergencyContactSchema, ...errors },
      },
    },
    async (request) =>
      updateEmergency(db, requireAuth(request), request.params.accountId, request.body, context.now()),
  );

  const addressPath = '/api/demographics/clinics/:clinicUuid/accounts/:accountId/address';
  routes.get(
    addressPath,
    {
      config: patientData,
      schema: { params: clinicAccountParamsSchema, response: { 200: addressSchema, ...errors } },
    },
    async (request) => getAddress(db, requireAuth(request), request.params),
  );
  routes.put(
    addressPath,
    {
      config: patientData,
      schema: {
        params: clinicAccountParamsSchema,
        body: updateAddressSchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => updateAddress(db, requireAuth(request), request.params, request.body, context.now()),
  );

  routes.get(
    '/api/demographics/clinics/:clinicUuid/users/:userId',
    {
      config: patientData,
      schema: { params: clinicUserParamsSchema, response: { 200: clinicUserDetailsSchema, ...errors } },
    },
    async (request) => getClinicUserDetails(db, requireAuth(request), request.params),
  );
}
