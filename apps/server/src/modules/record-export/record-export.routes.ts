import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts/errors';
import { clinicPatientPathSchema } from '@app/contracts/vitals';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import type { FhirCaller } from '../fhir/fhir-caller.ts';
import { FHIR_BASE_PATH } from '../fhir/fhir.routes.ts';
import type { FhirResource } from '../fhir/fhir-types.ts';
import { buildRecordPdf } from './record-pdf.ts';
import {
  bundleChunks,
  FHIR_JSON,
  patientExportCaller,
  providerExportCaller,
  recordResources,
  visiblePatient,
} from './record-export.service.ts';
import { RecordSummaryBuilder } from './record-summary.ts';

// Issue 21 item 4 (decision 0086): "Download my record" for a patient, "Export record" for a
// provider holding PATIENT at the patient's clinic. Each download is one `export` event of the audit
// trail (resource `record-export`), written by the audit hook before the file leaves.

const PATIENT_NOT_FOUND = 'Patient not found.';
const audit = { resource: 'record-export', action: 'export' } as const;
const downloadResponses = {
  200: z.string().describe('The file (FHIR Bundle JSON, or PDF).'),
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

type Format = 'json' | 'pdf';

function baseUrlOf(context: AppContext, request: FastifyRequest): string {
  const origin = context.env.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}${FHIR_BASE_PATH}`;
}

/** `health-record-<family>-<given>-<date>`: ASCII letters and digits only, so any browser keeps it. */
export function fileNameOf(patient: FhirResource, at: Date, format: Format): string {
  const name = (Array.isArray(patient.name) ? patient.name[0] : undefined) as
    { family?: string; given?: string[] } | undefined;
  const words = [name?.family ?? '', ...(name?.given ?? [])]
    .join(' ')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  return ['health-record', ...words, at.toISOString().slice(0, 10)].join('-') + `.${format}`;
}

async function nameOfUser(context: AppContext, userId: string): Promise<string> {
  const [row] = await context.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

async function sendExport(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: FhirCaller,
  patientId: string,
  format: Format,
) {
  const patient = await visiblePatient(context, caller, patientId);
  if (!patient) {
    throw new HttpError(404, PATIENT_NOT_FOUND, { code: 'not_found' });
  }
  const now = context.now();
  void reply
    .header('content-disposition', `attachment; filename="${fileNameOf(patient, now, format)}"`)
    .header('cache-control', 'no-store');
  if (format === 'json') {
    const chunks = bundleChunks(
      recordResources(context, caller, patientId),
      baseUrlOf(context, request),
      now,
      randomUUID(),
    );
    return reply.type(`${FHIR_JSON}; charset=utf-8`).send(Readable.from(chunks));
  }
  const summary = new RecordSummaryBuilder();
  for await (const page of recordResources(context, caller, patientId)) {
    for (const resource of page) {
      summary.add(resource);
    }
  }
  const exportedBy =
    caller.actorUserId === patientId ? 'the patient' : await nameOfUser(context, caller.actorUserId);
  const pdf = await buildRecordPdf(summary.result(), { exportedAt: now, exportedBy });
  return reply.type('application/pdf').send(Buffer.from(pdf));
}

export async function recordExportRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const format of ['json', 'pdf'] as const) {
    // The patient's own session only (decision 0086): a provider switched into the session exports
    // through the provider's route, under their own name, at the clinic where they hold PATIENT.
    routes.get(
      `/api/account/record-export.${format}`,
      {
        config: { access: access.patientOwnSession, audit },
        schema: { response: downloadResponses },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const caller = await patientExportCaller(context, auth);
        return sendExport(context, request, reply, caller, auth.userId, format);
      },
    );

    routes.get(
      `/api/provider/clinics/:clinicId/patients/:patientId/record-export.${format}`,
      {
        config: { access: access.provider(['PATIENT']), audit },
        schema: { params: clinicPatientPathSchema, response: downloadResponses },
      },
      async (request, reply) => {
        const caller = providerExportCaller(requireAuth(request), request.params.clinicId);
        return sendExport(context, request, reply, caller, request.params.patientId, format);
      },
    );
  }
}
