/**
 * Routes that declare no response schema, each with the reason (decision 0080). The test of every
 * route's schemas (api-docs/route-schemas.test.ts) accepts these and no others; the API description
 * names the reason, or leaves out a route that is not part of the API.
 */
export interface SchemaExemption {
  reason: string;
  inApiDescription: boolean;
}

export const ROUTES_WITHOUT_SCHEMA: Readonly<Record<string, SchemaExemption>> = {
  'OPTIONS *': { reason: 'The CORS preflight, answered by @fastify/cors.', inApiDescription: false },
  'GET /*': { reason: 'The web app’s screens and built files, not the API.', inApiDescription: false },
  'GET /ws': {
    reason:
      'Upgrades to the realtime WebSocket (waiting room, messages, video signaling): no HTTP answer body; ' +
      'its messages are the schemas of @app/contracts/realtime. The access token travels in the first message.',
    inApiDescription: true,
  },
  'GET /oauth/smart/authorize': {
    reason:
      'SMART App Launch authorization (decision 0082): a browser navigation answered by a redirect — to the ' +
      'consent screen, or back to the app with an error — or, when it cannot redirect, an HTML page.',
    inApiDescription: true,
  },
  // The FHIR R4 API (decision 0081) is described by FHIR's own means: its CapabilityStatement at
  // GET /fhir/R4/metadata, and every answer is a FHIR resource checked against the R4 and US Core
  // profiles in its tests. It is not part of this description of the portal's own API.
  ...Object.fromEntries(
    [
      'GET /fhir/R4/metadata',
      'GET /fhir/R4/:type',
      'GET /fhir/R4/:type/:id',
      'GET /fhir/R4/Binary/:id',
      'GET /fhir/R4/Binary',
      'GET /fhir/R4/*',
      'POST /fhir/R4/*',
      'PUT /fhir/R4/*',
      'PATCH /fhir/R4/*',
      'DELETE /fhir/R4/*',
    ].map((name) => [
      name,
      {
        reason: 'The FHIR R4 API: described by its CapabilityStatement (GET /fhir/R4/metadata), not here.',
        inApiDescription: false,
      },
    ]),
  ),
};
