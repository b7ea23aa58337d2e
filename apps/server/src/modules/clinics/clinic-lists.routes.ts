import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  departmentListQuerySchema,
  departmentListSchema,
  providerListQuerySchema,
  providerListSchema,
} from '@app/contracts/clinic-lists';
import { apiErrorSchema } from '@app/contracts/errors';
import { clinicParamsSchema } from '@app/contracts/provider-workspace';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../platform/access.ts';
import { findClinicDepartments, findClinicProviders } from './clinic-lists.repository.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * spec 3 §7 Departments simple list and Provider simple list, for the filter screens. Any provider of
 * the clinic may read them (the access rule refuses other clinics with 404).
 */
export async function clinicListsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/provider/clinics/:clinicId/departments',
    {
      config: { access: access.provider() },
      schema: {
        params: clinicParamsSchema,
        querystring: departmentListQuerySchema,
        response: { 200: departmentListSchema, ...errors },
      },
    },
    async (request) =>
      (await findClinicDepartments(db, request.params.clinicId, request.query.providerId)).map((row) => ({
        id: row.id,
        uuid: row.id,
        name: row.name,
        timezone: row.timezone,
        location: row.location,
      })),
  );

  routes.get(
    '/api/provider/clinics/:clinicId/providers',
    {
      config: { access: access.provider() },
      schema: {
        params: clinicParamsSchema,
        querystring: providerListQuerySchema,
        response: { 200: providerListSchema, ...errors },
      },
    },
    async (request) =>
      (await findClinicProviders(db, request.params.clinicId, request.query.departments)).map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim() + (row.title ? `, ${row.title}` : ''),
        aclRole: row.aclRole,
      })),
  );
}
