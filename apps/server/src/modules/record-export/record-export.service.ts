import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { asc, eq } from 'drizzle-orm';
import type { CommunicationLanguage } from '@app/contracts/communication-language';
import { clinicTimezone } from '../clinics/clinic-lists.repository.ts';
import type { AuthContext } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit-hook.ts';
import type { FhirCaller } from '../fhir/fhir-caller.ts';
import { DEFAULT_COUNT, type SearchQuery } from '../fhir/fhir-search.ts';
import { RESOURCES } from '../fhir/fhir.service.ts';
import { FHIR_JSON, type FhirResource } from '../fhir/fhir-types.ts';

// Issue 21 item 4 (decision 0086): "Download my record". The export is the FHIR API's own searches
// (fhir.service.ts), run page by page for one patient, so what a file holds is exactly what the
// patient's compartment shows through FHIR, and a resource type is one line of EXPORTED_TYPES.

export { FHIR_JSON };

/**
 * Rows fetched per query: few statements (each FHIR search also counts its whole result, so small
 * pages of a long record repeat that work), and one page of JSON (~1.5 MB) is all memory holds.
 */
export const EXPORT_PAGE_SIZE = 2000;

/**
 * The patient's resource types, in the order the file lists them. `byId` types are the patient
 * themselves (found by id); the others are searched with `patient=`. Another type served by the
 * FHIR API joins the export by adding it here.
 */
export const EXPORTED_TYPES: readonly { type: string; byId?: true }[] = [
  { type: 'Patient', byId: true },
  { type: 'Observation' },
  { type: 'Appointment' },
  { type: 'Coverage' },
  { type: 'Communication' },
  { type: 'QuestionnaireResponse' },
  { type: 'DocumentReference' },
];

/** Directory resources the record's resources point at; included when the caller may read them. */
export const REFERENCED_TYPES: readonly string[] = ['Practitioner', 'Organization', 'Location'];

/** The caller narrowed to one patient: their own session (decision 0086: own session only). */
export async function patientExportCaller(context: AppContext, auth: AuthContext): Promise<FhirCaller> {
  const { actorUserId, actingForUserId } = actorOf(auth);
  const clinicRows = await context.db
    .select({ clinicId: clinicPatients.clinicId })
    .from(clinicPatients)
    .where(eq(clinicPatients.userId, auth.userId));
  return {
    userId: auth.userId,
    actorUserId,
    actingForUserId,
    patientUserId: auth.userId,
    patientClinicIds: [],
    messageClinicIds: [],
    directoryClinicIds: clinicRows.map((row) => row.clinicId),
    scopes: 'all',
  };
}

/**
 * A provider's caller narrowed to one clinic (the one in the path, where the access rule checked
 * PATIENT): the patient's data as that clinic sees it through FHIR (its appointments and cards;
 * messages only when MESSAGE is held there too, as on the message routes).
 */
export function providerExportCaller(auth: AuthContext, clinicId: string): FhirCaller {
  const { actorUserId, actingForUserId } = actorOf(auth);
  const held = auth.permissionsByClinic[clinicId] ?? [];
  return {
    userId: auth.userId,
    actorUserId,
    actingForUserId,
    patientUserId: null,
    patientClinicIds: [clinicId],
    messageClinicIds: held.includes('MESSAGE') ? [clinicId] : [],
    directoryClinicIds: [clinicId],
    scopes: 'all',
  };
}

/** The person who asked for the file: their name (the PDF names a provider) and their language. */
export async function requesterOf(
  context: AppContext,
  userId: string,
): Promise<{ name: string; language: CommunicationLanguage }> {
  const [row] = await context.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.communicationLanguage,
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    name: row ? `${row.firstName} ${row.lastName}`.trim() : '',
    // The column is text: anything but Spanish reads as the default, English (spec 1 §9).
    language: row?.language === 'es' ? 'es' : 'en',
  };
}

/**
 * The zone the PDF shows times in (decision 0090): the clinic's for a provider's export; for the
 * patient's own, that of the clinic they registered with first (a patient of no clinic: UTC).
 */
export async function exportTimezone(
  context: AppContext,
  at: { clinicId: string } | { patientId: string },
): Promise<string> {
  if ('clinicId' in at) {
    return clinicTimezone(context.db, at.clinicId);
  }
  const [first] = await context.db
    .select({ clinicId: clinicPatients.clinicId })
    .from(clinicPatients)
    .where(eq(clinicPatients.userId, at.patientId))
    .orderBy(asc(clinicPatients.registeredAt), asc(clinicPatients.clinicId))
    .limit(1);
  return first ? clinicTimezone(context.db, first.clinicId) : 'UTC';
}

function searchQuery(patientId: string, byId: boolean, offset: number, ids?: string[]): SearchQuery {
  return {
    ids: ids ?? (byId ? [patientId] : null),
    patient: ids || byId ? null : patientId,
    dates: [],
    status: null,
    category: null,
    code: null,
    schedule: null,
    start: [],
    questionnaire: null,
    authored: [],
    lastUpdated: [],
    sort: [],
    count: EXPORT_PAGE_SIZE,
    offset,
  };
}

const REFERENCE = /^([A-Za-z]+)\/([^/]+)$/;

/** Adds the `Type/id` references of `value` (any depth) whose type is one of REFERENCED_TYPES. */
function collectReferences(value: unknown, into: Map<string, Set<string>>): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      collectReferences(item, into);
    }
    return;
  }
  if (value === null || typeof value !== 'object') {
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === 'reference' && typeof item === 'string') {
      const match = REFERENCE.exec(item);
      if (match?.[1] && match[2] && REFERENCED_TYPES.includes(match[1])) {
        const ids = into.get(match[1]) ?? new Set<string>();
        ids.add(match[2]);
        into.set(match[1], ids);
      }
    } else {
      collectReferences(item, into);
    }
  }
}

/**
 * Every resource of the patient's record, page by page (one query per page and type): first the
 * record's own types, then the directory resources they reference (two rounds: a Location names its
 * Organization). Nothing outside `caller`'s compartment is ever loaded (the FHIR queries' scope).
 */
export async function* recordResources(
  context: AppContext,
  caller: FhirCaller,
  patientId: string,
): AsyncGenerator<FhirResource[]> {
  const references = new Map<string, Set<string>>();
  for (const { type, byId } of EXPORTED_TYPES) {
    const definition = RESOURCES[type];
    if (!definition) {
      continue;
    }
    for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
      const found = await definition.search(context, caller, searchQuery(patientId, byId === true, offset));
      collectReferences(found.resources, references);
      if (found.resources.length > 0) {
        yield found.resources;
      }
      if (found.resources.length < EXPORT_PAGE_SIZE) {
        break;
      }
    }
  }
  const sent = new Set<string>();
  for (let round = 0; round < 2 && references.size > 0; round += 1) {
    const wanted = new Map(references);
    references.clear();
    for (const type of REFERENCED_TYPES) {
      const definition = RESOURCES[type];
      const ids = [...(wanted.get(type) ?? [])].filter((id) => !sent.has(`${type}/${id}`));
      if (!definition || ids.length === 0) {
        continue;
      }
      for (let start = 0; start < ids.length; start += EXPORT_PAGE_SIZE) {
        const chunk = ids.slice(start, start + EXPORT_PAGE_SIZE);
        const found = await definition.search(context, caller, searchQuery(patientId, false, 0, chunk));
        for (const resource of found.resources) {
          sent.add(`${type}/${resource.id ?? ''}`);
        }
        collectReferences(found.resources, references);
        if (found.resources.length > 0) {
          yield found.resources;
        }
      }
    }
  }
}

/** The patient's own resource, when the caller's compartment shows them (else the export is a 404). */
export async function visiblePatient(
  context: AppContext,
  caller: FhirCaller,
  patientId: string,
): Promise<FhirResource | null> {
  const found = await RESOURCES.Patient?.search(context, caller, {
    ...searchQuery(patientId, true, 0),
    count: DEFAULT_COUNT,
  });
  return found?.resources[0] ?? null;
}

/**
 * The record as one FHIR Bundle of type `collection` (a set of resources kept together, not the
 * answer to a search), written out page by page so memory holds one page at a time.
 */
export async function* bundleChunks(
  resources: AsyncIterable<FhirResource[]>,
  baseUrl: string,
  timestamp: Date,
  bundleId: string,
): AsyncGenerator<string> {
  yield `{"resourceType":"Bundle","id":${JSON.stringify(bundleId)},"type":"collection","timestamp":${JSON.stringify(timestamp.toISOString())},"entry":[`;
  let first = true;
  for await (const page of resources) {
    const parts = page.map((resource) =>
      JSON.stringify({ fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id ?? ''}`, resource }),
    );
    yield (first ? '' : ',') + parts.join(',');
    first = false;
  }
  yield ']}';
}
