import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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
  periodMatches,
  type PageQuery,
} from './fhir.repository.ts';
import { isUuid, parseSearch, type RawQuery, type SearchParamName, type SearchQuery } from './fhir-search.ts';
import { searchSlots } from './fhir-slots.ts';
import type { FhirResource } from './fhir-types.ts';

/** What one search found: the page's resources, the total, and the patients whose data it shows. */
export interface FoundPage {
  resources: FhirResource[];
  total: number;
  patientIds: string[];
}

interface ResourceDefinition {
  params: readonly SearchParamName[];
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

function page(query: SearchQuery, where: (SQL | undefined)[]): PageQuery {
  return { where, limit: query.count, offset: query.offset };
}

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
    params: ['_id'],
    audit: 'demographics',
    async search(context, caller, query) {
      const found = await findPatients(context.db, caller, page(query, [idFilter(users.id, query.ids)]));
      return {
        resources: found.rows.map(patientResource),
        total: found.total,
        patientIds: found.rows.map((row) => row.id),
      };
    },
  },
  Observation: {
    params: ['_id', 'patient', 'date', 'category', 'code', 'status'],
    audit: 'vitals',
    async search(context, caller, query) {
      const found = await findVitals(
        context.db,
        caller,
        vitalKeysOf(query),
        page(query, [
          idFilter(vitalValues.id, query.ids),
          patientFilter(vitalValues.userId, query.patient),
          ...query.dates.map((date) => instantMatches(vitalValues.recordedAt, date)),
        ]),
      );
      return {
        resources: found.rows.map(observationResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.userId))],
      };
    },
  },
  Appointment: {
    params: ['_id', 'patient', 'date', 'status'],
    audit: 'appointments',
    async search(context, caller, query) {
      const found = await findAppointments(
        context.db,
        caller,
        page(query, [
          idFilter(appointments.id, query.ids),
          patientFilter(appointments.patientUserId, query.patient),
          query.status === null ? undefined : anyOf(appointments.status, appointmentStatusesOf(query.status)),
          ...query.dates.map((date) => periodMatches(appointments.startAt, appointments.finishAt, date)),
        ]),
      );
      return {
        resources: found.rows.map(appointmentResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.patientUserId))],
      };
    },
  },
  Coverage: {
    params: ['_id', 'patient', 'status'],
    audit: 'insurance',
    async search(context, caller, query) {
      // Every card on file is in force for us (its review status is the clinic's work, not the policy's).
      const found =
        query.status !== null && !query.status.includes('active')
          ? { rows: [], total: 0 }
          : await findCoverages(
              context.db,
              caller,
              page(query, [
                idFilter(insuranceCards.id, query.ids),
                patientFilter(insuranceCards.userId, query.patient),
              ]),
            );
      return {
        resources: found.rows.map(coverageResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.userId))],
      };
    },
  },
  Communication: {
    params: ['_id', 'patient', 'date'],
    audit: 'messages',
    async search(context, caller, query) {
      const found = await findMessages(
        context.db,
        caller,
        page(query, [
          idFilter(threadMessages.id, query.ids),
          patientFilter(messageThreadParticipants.userId, query.patient),
          ...query.dates.map((date) => instantMatches(threadMessages.createdAt, date)),
        ]),
      );
      return {
        resources: found.rows.map(communicationResource),
        total: found.total,
        patientIds: [...new Set(found.rows.map((row) => row.patientUserId))],
      };
    },
  },
  Practitioner: {
    params: ['_id'],
    audit: null,
    async search(context, caller, query) {
      const found = await findPractitioners(context.db, caller, page(query, [idFilter(users.id, query.ids)]));
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
    params: ['_id', 'patient', 'questionnaire', 'authored'],
    audit: 'questionnaires',
    async search(context, caller, query) {
      const found = await findQuestionnaireResponses(
        context.db,
        caller,
        page(query, [
          idFilter(questionnaireResponses.id, query.ids),
          patientFilter(questionnaireResponses.patientUserId, query.patient),
          idFilter(questionnaireResponses.formId, query.questionnaire),
          ...query.authored.map((date) => instantMatches(questionnaireResponses.submittedAt, date)),
        ]),
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
    params: ['_id', 'patient', 'date', 'status'],
    audit: 'documents',
    async search(context, caller, query) {
      // Every file we serve is the current version (we keep no superseded documents).
      const found =
        query.status !== null && !query.status.includes('current')
          ? { rows: [], total: 0 }
          : await findDocuments(
              context.db,
              caller,
              page(query, [
                idFilter(storedFiles.id, query.ids),
                patientFilter(storedFiles.ownerUserId, query.patient),
                ...query.dates.map((date) => documentDateMatches(date)),
              ]),
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

export interface SearchResult extends FoundPage {
  definition: ResourceDefinition;
  query: SearchQuery;
}

export async function searchResources(
  context: AppContext,
  caller: FhirCaller,
  type: string,
  raw: RawQuery,
): Promise<SearchResult> {
  const definition = definitionOf(type);
  checkScope(caller, type, 'search');
  const query = parseSearch(type, raw, definition.params);
  const found = await definition.search(context, caller, query);
  return { ...found, definition, query };
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
