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
};
