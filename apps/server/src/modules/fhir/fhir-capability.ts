import { SMART_AUTHORIZE_PATH, SMART_TOKEN_PATH } from '@app/contracts/smart-apps';
import { claimedProfiles } from './fhir-mappers.ts';
import { RESOURCES } from './fhir.service.ts';
import type { FhirResource } from './fhir-types.ts';

const PARAM_TYPES: Record<string, { type: string; documentation: string }> = {
  _id: { type: 'token', documentation: 'Logical id; a comma separates alternatives.' },
  patient: { type: 'reference', documentation: 'Patient/<id> or <id>, within what the caller may read.' },
  date: {
    type: 'date',
    documentation:
      'Prefixes eq, ne, lt, gt, le, ge, sa, eb; partial dates (YYYY, YYYY-MM, YYYY-MM-DD) cover their whole period; no time zone means UTC. Repeat for a range.',
  },
  status: { type: 'token', documentation: 'A comma separates alternatives.' },
  category: { type: 'token', documentation: 'system|code or code.' },
  code: { type: 'token', documentation: 'system|code or code (LOINC for Observation).' },
  questionnaire: {
    type: 'reference',
    documentation: 'Questionnaire/<id> or <id>; a comma separates alternatives.',
  },
  authored: {
    type: 'date',
    documentation: 'When the answers were saved; prefixes and partial dates as for date.',
  },
  _lastUpdated: {
    type: 'date',
    documentation:
      'When the resource last changed (its meta.lastUpdated); prefixes and partial dates as for date.',
  },
  schedule: { type: 'reference', documentation: 'Schedule/<id> or <id>; a comma separates alternatives.' },
  start: {
    type: 'date',
    documentation:
      'Required for Slot: a range with both ends (e.g. start=ge2026-12-01&start=lt2026-12-08), at most 31 days; prefixes as for date.',
  },
};

/**
 * GET /fhir/R4/metadata (issue 21 item 1): what this server implements, and nothing more: the types of
 * RESOURCES with read and search-type, their search parameters, read-only. `date` is when the
 * server started answering, not a business time, so the statement is built once per start.
 */
export function capabilityStatement(
  baseUrl: string,
  software: { name: string; version: string },
  date: string,
): FhirResource {
  const supportedProfiles = claimedProfiles();
  const origin = new URL(baseUrl).origin;
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    kind: 'instance',
    software,
    implementation: { description: 'Care portal read-only FHIR R4 API', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Read-only. Unknown search parameters are refused (400 OperationOutcome) unless the request says Prefer: handling=lenient, which ignores them and names them in an OperationOutcome entry (search.mode outcome); bad values of known parameters are refused either way. Paging: _count (default 50, at most 200) and the Bundle next/previous links. _sort takes the names listed per resource (- for descending; ties by id). _include takes the values of searchInclude; included resources are read within the same access as matches.',
        security: {
          // Reads are open to any origin (decision 0084); SMART apps find their endpoints here
          // or at /.well-known/smart-configuration.
          cors: true,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: `${origin}${SMART_AUTHORIZE_PATH}` },
                { url: 'token', valueUri: `${origin}${SMART_TOKEN_PATH}` },
              ],
            },
          ],
          description:
            'A bearer token: a SMART app access token (standalone launch, PKCE S256) or the portal access token (patient or provider).',
        },
        resource: [
          ...Object.entries(RESOURCES).map(([type, definition]) => ({
            type,
            ...(supportedProfiles[type] ? { supportedProfile: supportedProfiles[type] } : {}),
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            versioning: 'no-version',
            readHistory: false,
            updateCreate: false,
            searchParam: [
              ...definition.params.map((name) => ({
                name,
                type: PARAM_TYPES[name]?.type ?? 'token',
                documentation: PARAM_TYPES[name]?.documentation ?? '',
              })),
              { name: '_count', type: 'number', documentation: 'Page size: default 50, at most 200.' },
              // R4 lists _sort as a search result parameter, not a searchParam; declared here so a
              // client can see which keys each type sorts by.
              ...(definition.sort
                ? [
                    {
                      name: '_sort',
                      type: 'special',
                      documentation: `Sort by ${Object.keys(definition.sort.keys).join(', ')} (a - prefix for descending; ties by id).`,
                    },
                  ]
                : []),
            ],
            ...(definition.includes ? { searchInclude: Object.keys(definition.includes) } : {}),
          })),
          // A DocumentReference's file (decision 0088): read by id only, never searched.
          {
            type: 'Binary',
            documentation:
              'The file of DocumentReference/<id> at Binary/<id>, for whoever may read that document (scope Binary or DocumentReference). The file itself with its content type, or the Binary resource with base64 data when Accept is application/fhir+json.',
            interaction: [{ code: 'read' }],
            versioning: 'no-version',
            readHistory: false,
            updateCreate: false,
          },
        ],
      },
    ],
  };
}
