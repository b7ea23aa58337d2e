import { asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AuditResourceType } from '@app/contracts/audit';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinics, departments, providers } from '../../db/schema/clinics.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';
import { questionnaireForms, questionnaireResponses } from '../../db/schema/questionnaires.ts';
import { messageThreadParticipants, threadMessages } from '../../db/schema/messaging.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { vitalValues } from '../../db/schema/vitals.ts';
import { mayRead, type FhirCaller, type FhirInteraction } from './fhir-caller.ts';
import {
  APPOINTMENT_STATUS,
  appointmentResource,
  communicationResource,
  coverageResource,
  documentReferenceResource,
  LOINC,
  loincCodesOf,
  locationResource,
  OBSERVATION_CATEGORY,
  OBSERVATION_KEYS,
  observationResource,
  organizationResource,
  patientResource,
  practitionerResource,
  questionnaireResource,
  questionnaireResponseResource,
  scheduleResource,
  slotResource,
} from './fhir-mappers.ts';
import { fhirErrors } from './fhir-outcome.ts';
import {
  anyOf,
  DOCUMENT_DATE,
  documentDateMatches,
  findAppointments,
  findCoverages,
  findDocuments,
  findMessages,
  findLocations,
  findOrganizations,
  findPatients,
  findPractitioners,
  findQuestionnaireResponses,
  findQuestionnaires,
  findSchedules,
  findVitals,
  instantMatches,
  LAST_UPDATED,
  periodMatches,
  type PageQuery,
} from './fhir.repository.ts';
import {
  isUuid,
  parseSearch,
  type ParsedSearch,
  type RawQuery,
  type SearchParamName,
  type SearchQuery,
} from './fhir-search.ts';
import { searchSlots } from './fhir-slots.ts';
import type { FhirResource } from './fhir-types.ts';

/** What one search found: the page's resources, the total, and the patients whose data it shows. */
export interface FoundPage {
  resources: FhirResource[];
  total: number;
  patientIds: string[];
}

/** An `_include` this type serves (decision 0091): the references of a matched resource it follows. */
interface IncludeDefinition {
  /** The types it may bring in (an `_include=<Type>:<param>:<Target>` picks one of them). */
  targets: readonly string[];
  references(resource: FhirResource): (string | undefined)[];
}

interface ResourceDefinition {
  params: readonly SearchParamName[];
  /** `_sort` names and what they order by (decision 0091), and the id column every sort ends with. */
  sort?: { keys: Readonly<Record<string, AnyColumn | SQL>>; id: AnyColumn };
  includes?: Readonly<Record<string, IncludeDefinition>>;
  /** The audit trail's name for this data; null for directory resources that hold no patient's data. */
  audit: AuditResourceType | null;
  search(context: AppContext, caller: FhirCaller, query: SearchQuery): Promise<FoundPage>;
}

const NOTHING = sql`false`;

/** `_id` values: ids that are not UUIDs name nothing we hold (and must not reach a uuid column). */
function idFilter(column: AnyColumn, ids: string[] | null): SQL | undefined {
  return ids === null ? undefined : anyOf(column, ids.filter(isUuid));
}

/** `patient`: within the caller's compartment only (the scope of each query), so never a leak. */
function patientFilter(column: AnyColumn, patient: string | null): SQL | undefined {
  if (patient === null) {
    return undefined;
  }
  return isUuid(patient) ? eq(column, patient) : NOTHING;
}

function page(query: SearchQuery, where: (SQL | undefined)[], type?: string): PageQuery {
  return { where, limit: query.count, offset: query.offset, orderBy: sortOf(query, type) };
}

/** `_sort` as SQL (decision 0091): the asked keys, then the id so equal keys page stably. */
function sortOf(query: SearchQuery, type: string | undefined): SQL[] | undefined {
  const sort = type === undefined ? undefined : RESOURCES[type]?.sort;
  if (query.sort.length === 0 || !sort) {
    return undefined;
  }
  return [
    ...query.sort.map((key) => {
      const expression = sort.keys[key.name];
      if (expression === undefined) {
        // parseSearch refuses names the type does not list; this is a programming error.
        throw new Error(`no sort expression for ${key.name}`);
      }
      return key.descending ? desc(expression) : asc(expression);
    }),
    asc(sort.id),
  ];
}

/** `_lastUpdated` filters on the type's last-change column (decision 0091). */
function lastUpdatedFilters(column: AnyColumn | SQL, query: SearchQuery): (SQL | undefined)[] {
  return query.lastUpdated.map((date) => instantMatches(column, date));
}

/** The `reference` of each `{ reference }` in a list (participants' actors, authors). */
function referencesIn(
  value: unknown,
  path: (item: Record<string, unknown>) => unknown,
): (string | undefined)[] {
  return (Array.isArray(value) ? value : [value]).map((item) => {
    const reference = item && typeof item === 'object' ? path(item as Record<string, unknown>) : undefined;
    const text =
      reference && typeof reference === 'object'
        ? (reference as { reference?: unknown }).reference
        : reference;
    return typeof text === 'string' ? text : undefined;
  });
}

const subjectOf = (resource: FhirResource) => referencesIn(resource.subject, (item) => item);
const actorsOf = (resource: FhirResource) => referencesIn(resource.participant, (item) => item.actor);

function tokenMatches(tokens: SearchQuery['category'], system: string, codes: readonly string[]): boolean {
  return (tokens ?? []).some(
    (token) => (token.system === null || token.system === system) && codes.includes(token.code),
  );
}

/** The vital keys a search's `code`, `category` and `status` leave. */
function vitalKeysOf(query: SearchQuery): string[] {
  let keys = [...OBSERVATION_KEYS];
  if (query.category !== null && !tokenMatches(query.category, OBSERVATION_CATEGORY, ['vital-signs'])) {
    keys = [];
  }
  if (query.status !== null && !query.status.includes('final')) {
    keys = [];
  }
  if (query.code !== null) {
    const codes = query.code;
    keys = keys.filter((key) => tokenMatches(codes, LOINC, loincCodesOf(key)));
  }
  return keys;
}

/** Our appointment statuses whose FHIR status is one of `wanted`. */
function appointmentStatusesOf(wanted: string[]): string[] {
  return Object.entries(APPOINTMENT_STATUS)
    .filter(([, fhir]) => wanted.includes(fhir))
    .map(([ours]) => ours);
}

export const RESOURCES: Record<string, ResourceDefinition> = {
  Patient: {
    params: ['_id', '_lastUpdated'],
    sort: { keys: { _lastUpdated: LAST_UPDATED.Patient }, id: users.id },
    audit: 'demographics',
    async search(context, caller, query) {
      const found = await findPatients(
        context.db,
        caller,
        page(
          query,
          [idFilter(users.id, query.ids), ...lastUpdatedFilters(LAST_UPDATED.Patient, query)],
          'Patient',
        ),
      );
      return {
        resources: found.rows.map(patientResource),
        total: found.total,
        patientIds: found.rows.map((row) => row.id),
      };
    },
  },
  Observation: {
    params: ['_id', 'patient', 'date', 'category', 'code', 'status', '_lastUpdated'],
    sort: {
      keys: { date: vitalValues.recordedAt, _lastUpdated: LAST_UPDATED.Observation },
      id: vitalValues.id,
    },
    includes: {
      'Observation:patient': { targets: ['Patient'], references: subjectOf },
      'Observation:subject': { targets: ['Patient'], references: subjectOf },
    },
    audit: 'vitals',
    async search(context, caller, query) {
      const found = await findVitals(
        context.db,
        caller,
        vitalKeysOf(query),
        page(
          query,
          [
            idFilter(vitalValues.id, query.ids),
            patientFilter(vitalValues.userId, query.patient),
            ...query.dates.map((date) => instantMatches(vitalValues.recordedAt, date)),
            ...lastUpdatedFilters(LAST_UPDATED.Observation, query),
          ],
          'Observation',
        ),
      );
      return {
        resources: found.rows.map(observationResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.userId))],
      };
    },
  },
  Appointment: {
    params: ['_id', 'patient', 'date', 'status', '_lastUpdated'],
    sort: {
      keys: { date: appointments.startAt, _lastUpdated: LAST_UPDATED.Appointment },
      id: appointments.id,
    },
    // The participants: the patient, the practitioner and the department (Location).
    includes: {
      'Appointment:actor': { targets: ['Patient', 'Practitioner', 'Location'], references: actorsOf },
      'Appointment:patient': { targets: ['Patient'], references: actorsOf },
      'Appointment:practitioner': { targets: ['Practitioner'], references: actorsOf },
      'Appointment:location': { targets: ['Location'], references: actorsOf },
    },
    audit: 'appointments',
    async search(context, caller, query) {
      const found = await findAppointments(
        context.db,
        caller,
        page(
          query,
          [
            idFilter(appointments.id, query.ids),
            patientFilter(appointments.patientUserId, query.patient),
            query.status === null
              ? undefined
              : anyOf(appointments.status, appointmentStatusesOf(query.status)),
            ...query.dates.map((date) => periodMatches(appointments.startAt, appointments.finishAt, date)),
            ...lastUpdatedFilters(LAST_UPDATED.Appointment, query),
          ],
          'Appointment',
        ),
      );
      return {
        resources: found.rows.map(appointmentResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.patientUserId))],
      };
    },
  },
  Coverage: {
    params: ['_id', 'patient', 'status', '_lastUpdated'],
    sort: { keys: { _lastUpdated: LAST_UPDATED.Coverage }, id: insuranceCards.id },
    // The beneficiary only: the payor is a name, not a resource we serve (decision 0081).
    includes: {
      'Coverage:beneficiary': {
        targets: ['Patient'],
        references: (resource) => referencesIn(resource.beneficiary, (item) => item),
      },
    },
    audit: 'insurance',
    async search(context, caller, query) {
      // Every card on file is in force for us (its review status is the clinic's work, not the policy's).
      const found =
        query.status !== null && !query.status.includes('active')
          ? { rows: [], total: 0 }
          : await findCoverages(
              context.db,
              caller,
              page(
                query,
                [
                  idFilter(insuranceCards.id, query.ids),
                  patientFilter(insuranceCards.userId, query.patient),
                  ...lastUpdatedFilters(LAST_UPDATED.Coverage, query),
                ],
                'Coverage',
              ),
            );
      return {
        resources: found.rows.map(coverageResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.userId))],
      };
    },
  },
  Communication: {
    params: ['_id', 'patient', 'date', '_lastUpdated'],
    sort: {
      keys: { date: threadMessages.createdAt, _lastUpdated: LAST_UPDATED.Communication },
      id: threadMessages.id,
    },
    includes: {
      'Communication:sender': {
        targets: ['Patient', 'Practitioner'],
        references: (resource) => referencesIn(resource.sender, (item) => item),
      },
    },
    audit: 'messages',
    async search(context, caller, query) {
      const found = await findMessages(
        context.db,
        caller,
        page(
          query,
          [
            idFilter(threadMessages.id, query.ids),
            patientFilter(messageThreadParticipants.userId, query.patient),
            ...query.dates.map((date) => instantMatches(threadMessages.createdAt, date)),
            ...lastUpdatedFilters(LAST_UPDATED.Communication, query),
          ],
          'Communication',
        ),
      );
      return {
        resources: found.rows.map(communicationResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.patientUserId))],
      };
    },
  },
  Practitioner: {
    params: ['_id', '_lastUpdated'],
    sort: { keys: { _lastUpdated: LAST_UPDATED.Practitioner }, id: users.id },
    audit: null,
    async search(context, caller, query) {
      const found = await findPractitioners(
        context.db,
        caller,
        page(
          query,
          [idFilter(users.id, query.ids), ...lastUpdatedFilters(LAST_UPDATED.Practitioner, query)],
          'Practitioner',
        ),
      );
      return { resources: found.rows.map(practitionerResource), total: found.total, patientIds: [] };
    },
  },
  Organization: {
    params: ['_id'],
    audit: null,
    async search(context, caller, query) {
      const found = await findOrganizations(
        context.db,
        caller,
        page(query, [idFilter(clinics.id, query.ids)]),
      );
      return { resources: found.rows.map(organizationResource), total: found.total, patientIds: [] };
    },
  },
  Location: {
    params: ['_id'],
    audit: null,
    async search(context, caller, query) {
      const found = await findLocations(
        context.db,
        caller,
        page(query, [idFilter(departments.id, query.ids)]),
      );
      return { resources: found.rows.map(locationResource), total: found.total, patientIds: [] };
    },
  },
  // The clinics' forms (decision 0085): directory data, like Location.
  Questionnaire: {
    params: ['_id'],
    audit: null,
    async search(context, caller, query) {
      const found = await findQuestionnaires(
        context.db,
        caller,
        page(query, [idFilter(questionnaireForms.id, query.ids)]),
      );
      return { resources: found.rows.map(questionnaireResource), total: found.total, patientIds: [] };
    },
  },
  QuestionnaireResponse: {
    params: ['_id', 'patient', 'questionnaire', 'authored', '_lastUpdated'],
    sort: {
      keys: {
        authored: questionnaireResponses.submittedAt,
        _lastUpdated: LAST_UPDATED.QuestionnaireResponse,
      },
      id: questionnaireResponses.id,
    },
    // The form, so an app can show the questions with the answers. `questionnaire` is a canonical.
    includes: {
      'QuestionnaireResponse:questionnaire': {
        targets: ['Questionnaire'],
        references: (resource) => [
          typeof resource.questionnaire === 'string' ? resource.questionnaire : undefined,
        ],
      },
    },
    audit: 'questionnaires',
    async search(context, caller, query) {
      const found = await findQuestionnaireResponses(
        context.db,
        caller,
        page(
          query,
          [
            idFilter(questionnaireResponses.id, query.ids),
            patientFilter(questionnaireResponses.patientUserId, query.patient),
            idFilter(questionnaireResponses.formId, query.questionnaire),
            ...query.authored.map((date) => instantMatches(questionnaireResponses.submittedAt, date)),
            ...lastUpdatedFilters(LAST_UPDATED.QuestionnaireResponse, query),
          ],
          'QuestionnaireResponse',
        ),
      );
      return {
        resources: found.rows.map(questionnaireResponseResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.patientUserId))],
      };
    },
  },
  // Signed documents and visit attachments (decision 0085): links to the portal's file route.
  DocumentReference: {
    params: ['_id', 'patient', 'date', 'status', '_lastUpdated'],
    sort: { keys: { date: DOCUMENT_DATE, _lastUpdated: LAST_UPDATED.DocumentReference }, id: storedFiles.id },
    audit: 'documents',
    async search(context, caller, query) {
      // Every file we serve is the current version (we keep no superseded documents).
      const found =
        query.status !== null && !query.status.includes('current')
          ? { rows: [], total: 0 }
          : await findDocuments(
              context.db,
              caller,
              page(
                query,
                [
                  idFilter(storedFiles.id, query.ids),
                  patientFilter(storedFiles.ownerUserId, query.patient),
                  ...query.dates.map((date) => documentDateMatches(date)),
                  ...lastUpdatedFilters(LAST_UPDATED.DocumentReference, query),
                ],
                'DocumentReference',
              ),
            );
      return {
        resources: found.rows.map(documentReferenceResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.ownerUserId))],
      };
    },
  },
  // Public availability (decision 0085): any signed-in caller of the clinic, no patient's data.
  Schedule: {
    params: ['_id'],
    audit: null,
    async search(context, caller, query) {
      const found = await findSchedules(context.db, caller, page(query, [idFilter(providers.id, query.ids)]));
      return { resources: found.rows.map(scheduleResource), total: found.total, patientIds: [] };
    },
  },
  Slot: {
    params: ['_id', 'schedule', 'start', 'status'],
    audit: null,
    async search(context, caller, query) {
      const found = await searchSlots(context, caller, query);
      return { resources: found.rows.map(slotResource), total: found.total, patientIds: [] };
    },
  },
};

export const SERVED_TYPES = Object.keys(RESOURCES);

function definitionOf(type: string): ResourceDefinition {
  const definition = Object.hasOwn(RESOURCES, type) ? RESOURCES[type] : undefined;
  if (!definition) {
    throw fhirErrors.unknownType(type);
  }
  return definition;
}

function checkScope(caller: FhirCaller, type: string, interaction: FhirInteraction): void {
  if (!mayRead(caller, type, interaction)) {
    throw fhirErrors.forbidden(
      `The granted scopes do not allow ${interaction === 'read' ? 'reading' : 'searching'} ${type}.`,
    );
  }
}

/** Resources of one type an `_include` brought in, with what their audit needs. */
export interface IncludedPage {
  type: string;
  definition: ResourceDefinition;
  resources: FhirResource[];
  patientIds: string[];
}

export interface SearchResult extends FoundPage {
  definition: ResourceDefinition;
  query: ParsedSearch;
  included: IncludedPage[];
  /** Includes left out because the app's scopes do not let it read their type. */
  withheld: string[];
}

const REFERENCE = /^([A-Za-z]+)\/([^/]+)$/;

/**
 * `_include` (decision 0091): the referenced resources of the page's matches, read through each
 * target type's own search with the caller, so they are narrowed by the same compartment as any
 * read (a reference to something the caller may not see brings nothing in). Each resource comes once,
 * and not at all when it is already a match.
 */
async function resolveIncludes(
  context: AppContext,
  caller: FhirCaller,
  definition: ResourceDefinition,
  query: ParsedSearch,
  matches: readonly FhirResource[],
): Promise<{ included: IncludedPage[]; withheld: string[] }> {
  const matched = new Set(matches.map((resource) => `${resource.resourceType}/${resource.id ?? ''}`));
  const wanted = new Map<string, Set<string>>();
  for (const request of query.include) {
    const include = definition.includes?.[request.name];
    if (!include) {
      continue;
    }
    for (const resource of matches) {
      for (const reference of include.references(resource)) {
        const [, type, id] = REFERENCE.exec(reference ?? '') ?? [];
        if (
          type === undefined ||
          id === undefined ||
          !include.targets.includes(type) ||
          (request.target !== null && request.target !== type) ||
          matched.has(`${type}/${id}`)
        ) {
          continue;
        }
        const ids = wanted.get(type) ?? new Set<string>();
        ids.add(id);
        wanted.set(type, ids);
      }
    }
  }
  const included: IncludedPage[] = [];
  const withheld: string[] = [];
  for (const [type, ids] of wanted) {
    const target = Object.hasOwn(RESOURCES, type) ? RESOURCES[type] : undefined;
    if (!target) {
      continue;
    }
    // An app reads an included type only with a scope for it, as it would by a read of its own.
    if (!mayRead(caller, type, 'read')) {
      withheld.push(type);
      continue;
    }
    const base = parseSearch(type, {}, target.params);
    const found = await target.search(context, caller, {
      ...base,
      ids: [...ids],
      count: ids.size,
      offset: 0,
    });
    if (found.resources.length > 0) {
      included.push({ type, definition: target, resources: found.resources, patientIds: found.patientIds });
    }
  }
  return { included, withheld };
}

export async function searchResources(
  context: AppContext,
  caller: FhirCaller,
  type: string,
  raw: RawQuery,
  options: { lenient?: boolean } = {},
): Promise<SearchResult> {
  const definition = definitionOf(type);
  checkScope(caller, type, 'search');
  const query = parseSearch(type, raw, definition.params, {
    sorts: Object.keys(definition.sort?.keys ?? {}),
    includes: Object.fromEntries(
      Object.entries(definition.includes ?? {}).map(([name, include]) => [name, include.targets]),
    ),
    lenient: options.lenient === true,
  });
  const found = await definition.search(context, caller, query);
  const { included, withheld } =
    query.include.length === 0
      ? { included: [], withheld: [] }
      : await resolveIncludes(context, caller, definition, query, found.resources);
  return { ...found, definition, query, included, withheld };
}

/** One resource by id; 404 alike for one that does not exist and one outside the caller's compartment. */
export async function readResource(
  context: AppContext,
  caller: FhirCaller,
  type: string,
  id: string,
): Promise<{ resource: FhirResource; patientIds: string[]; definition: ResourceDefinition }> {
  const definition = definitionOf(type);
  checkScope(caller, type, 'read');
  const query = parseSearch(type, { _id: id }, definition.params);
  const found = await definition.search(context, caller, { ...query, count: 1 });
  const [resource] = found.resources;
  // Ids are ours (UUIDs, or a Slot's composite id): only the resource of exactly this id answers.
  if (!resource || resource.id !== id) {
    throw fhirErrors.notFound(type, id);
  }
  return { resource, patientIds: found.patientIds, definition };
}
