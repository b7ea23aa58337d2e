import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessHistoryQuerySchema,
  accessHistoryResponseSchema,
  auditExportQuerySchema,
  auditSearchQuerySchema,
  auditSearchResponseSchema,
  auditStaffResponseSchema,
} from '@app/contracts/audit';
import { apiErrorSchema } from '@app/contracts/errors';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth, type AuthContext } from '../access.ts';
import { audit } from './audit-hook.ts';
import type { AuditSearchFilters } from './audit.repository.ts';
import { accessHistory, auditClinicsOf, auditStaff, exportAuditCsv, searchAudit } from './audit.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

function filtersOf(
  auth: AuthContext,
  query: {
    patientId?: string | undefined;
    actorUserId?: string | undefined;
    action?: AuditSearchFilters['action'];
    from?: string | undefined;
    to?: string | undefined;
  },
): AuditSearchFilters {
  return {
    clinicIds: auditClinicsOf(auth),
    patientId: query.patientId,
    actorUserId: query.actorUserId,
    action: query.action,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

/** Issue 19 items 2 and 3: the patient's access history and the clinic admin's audit search. */
export async function auditRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = context;

  routes.get(
    '/api/me/access-history',
    {
      config: { access: access.patient },
      schema: {
        querystring: accessHistoryQuerySchema,
        response: { 200: accessHistoryResponseSchema, ...errors },
      },
    },
    async (request) => accessHistory(db, requireAuth(request), request.query.before, request.query.pageSize),
  );

  const admin = { access: access.provider('SETTING') };
  routes.get(
    '/api/provider/audit',
    {
      config: admin,
      schema: {
        querystring: auditSearchQuerySchema,
        response: { 200: auditSearchResponseSchema, ...errors },
      },
    },
    async (request) =>
      searchAudit(
        db,
        filtersOf(requireAuth(request), request.query),
        request.query.before,
        request.query.pageSize,
      ),
  );

  // The staff filter's choices (decision 0063): the members of the clinics the search covers, so an
  // admin can pick a person who has no event on the page yet. Names only, no patient data: the path
  // is in none of the audit groups, so reading this list is not itself on the trail.
  routes.get(
    '/api/provider/audit/staff',
    { config: admin, schema: { response: { 200: auditStaffResponseSchema, ...errors } } },
    async (request) => auditStaff(db, auditClinicsOf(requireAuth(request))),
  );

  routes.get(
    '/api/provider/audit.csv',
    {
      config: admin,
      // A string answer with its own content type is sent as is (no JSON serialisation).
      schema: { querystring: auditExportQuerySchema, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) => {
      const filters = filtersOf(requireAuth(request), request.query);
      const csv = await exportAuditCsv(db, filters);
      // The export is itself on the trail (issue 19 item 3), written before the file leaves.
      await db.transaction((tx) =>
        audit.record(tx as unknown as typeof db, request, context.now(), [
          {
            patientId: filters.patientId ?? null,
            resourceType: 'audit',
            resourceId: null,
            action: 'export',
            outcome: 'success',
          },
        ]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
