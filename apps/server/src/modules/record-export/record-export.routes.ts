import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommunicationLanguage } from '@app/contracts/communication-language';
import { apiErrorSchema } from '@app/contracts/errors';
import { recordExportQuerySchema } from '@app/contracts/record-export';
import { clinicPatientPathSchema } from '@app/contracts/vitals';
import type { AppContext } from '../../app-context.ts';
import { access, requireAuth } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import type { FhirCaller } from '../fhir/fhir-caller.ts';
import { FHIR_BASE_PATH } from '../fhir/fhir.routes.ts';
import type { FhirResource } from '../fhir/fhir-types.ts';
import { buildRecordPdf } from './record-pdf.ts';
import { RECORD_PDF_TEXTS } from './record-pdf-texts.ts';
import {
  bundleChunks,
  exportTimezone,
  FHIR_JSON,
  patientExportCaller,
  providerExportCaller,
  recordResources,
  requesterOf,
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
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

type Format = 'json' | 'pdf';

function baseUrlOf(context: AppContext, request: FastifyRequest): string {
  const origin = context.env.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}${FHIR_BASE_PATH}`;
}

/**
 * `health-record-<family>-<given>-<date>` (es `historia-clinica-…`): ASCII letters and digits only,
 * so any browser keeps it.
 */
export function fileNameOf(
  patient: FhirResource,
  at: Date,
  format: Format,
  language: CommunicationLanguage,
): string {
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
  const first = RECORD_PDF_TEXTS[language].fileName;
  return [first, ...words, at.toISOString().slice(0, 10)].join('-') + `.${format}`;
}

/** What the download is asked in: the file, and where its times are (the clinic's zone). */
interface ExportRequest {
  caller: FhirCaller;
  patientId: string;
  format: Format;
  lang: CommunicationLanguage | undefined;
  zoneOf: { clinicId: string } | { patientId: string };
}

async function sendExport(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { caller, patientId, format, lang, zoneOf }: ExportRequest,
) {
  const patient = await visiblePatient(context, caller, patientId);
  if (!patient) {
    throw new HttpError(404, PATIENT_NOT_FOUND, { code: 'not_found' });
  }
  // Decision 0090: the language the web shows (`lang`), else the requesting user's stored one.
  const requester = await requesterOf(context, caller.actorUserId);
  const language = lang ?? requester.language;
  const now = context.now();
  void reply
    .header('content-disposition', `attachment; filename="${fileNameOf(patient, now, format, language)}"`)
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
  const pdf = await buildRecordPdf(summary.result(), {
    exportedAt: now,
    exportedBy: caller.actorUserId === patientId ? null : requester.name,
    language,
    timeZone: await exportTimezone(context, zoneOf),
  });
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
        schema: { querystring: recordExportQuerySchema, response: downloadResponses },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const caller = await patientExportCaller(context, auth);
        return sendExport(context, request, reply, {
          caller,
          patientId: auth.userId,
          format,
          lang: request.query.lang,
          zoneOf: { patientId: auth.userId },
        });
      },
    );

    routes.get(
      `/api/provider/clinics/:clinicId/patients/:patientId/record-export.${format}`,
      {
        config: { access: access.provider(['PATIENT']), audit },
        schema: {
          params: clinicPatientPathSchema,
          querystring: recordExportQuerySchema,
          response: downloadResponses,
        },
      },
      async (request, reply) => {
        const { clinicId, patientId } = request.params;
        return sendExport(context, request, reply, {
          caller: providerExportCaller(requireAuth(request), clinicId),
          patientId,
          format,
          lang: request.query.lang,
          zoneOf: { clinicId },
        });
      },
    );
  }
}
