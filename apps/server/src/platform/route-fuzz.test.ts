import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import type { ProviderPermission } from '@app/contracts/roles';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { arbitraryOf, hostileValue, type ArbitraryOptions } from '../test/zod-inputs.ts';
import { loginTokens } from '../modules/auth/auth-test-helpers.ts';
import { bearer, patientAt, providerWithClinic } from '../modules/patients/patients-test-helpers.ts';
import type { RouteAccess } from './access.ts';

// Issue 19 item 5 (decision 0059): a property-based fuzz of every registered route. Each route's
// params, query and body come from its own zod schemas (values shaped like the schema, each field
// now and then swapped for a hostile one: NUL and other control characters, lone surrogates, huge
// strings, wrong types, deep nesting), sent as the caller its access rule admits (anonymous, a
// signed-in patient, a provider holding every permission). No answer may be a 5xx. The seed is
// fixed and printed; FUZZ_SEED and FUZZ_RUNS change it and the runs per route for a longer hunt.

const SEED = Number(process.env.FUZZ_SEED ?? 190059);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 5);
const HOSTILE_RATE = 0.3;

type Persona = 'anonymous' | 'patient' | 'provider';

interface FuzzRequest {
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
}

/** The callers a rule admits; a caller it refuses stops at the access hook, before any input is read. */
function personasOf(route: RouteAccess): Persona[] {
  switch (route.rule.kind) {
    case 'public':
    case 'dev':
      return ['anonymous'];
    case 'authenticated':
      return ['patient', 'provider'];
    case 'patient':
      return ['patient'];
    case 'provider':
      return ['provider'];
    case 'patient-or-provider':
    case 'fhir':
      return ['patient', 'provider'];
  }
}

/** A generated value as text. */
function asText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  return value === undefined ? '' : JSON.stringify(value);
}

/** A query value as a query string carries it: text, or repeated keys for a list. */
function queryValue(value: unknown): string | string[] | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? item : asText(item)));
  }
  if (value === null) {
    return '';
  }
  return asText(value);
}

function paramValue(value: unknown): string {
  const text = typeof value === 'string' ? value : asText(value);
  try {
    return encodeURIComponent(text.length === 0 ? '-' : text);
  } catch {
    // A lone surrogate has no UTF-8 form; a client can still send the bytes one would have (invalid UTF-8).
    return `x%ED%A0%80%FF`;
  }
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const def = schema?._zod.def as { type?: string; shape?: Record<string, z.ZodType> } | undefined;
  return def?.type === 'object' ? (def.shape ?? {}) : {};
}

describe('every route under fuzzed input', () => {
  let t: TestApp;
  const tokens: Record<Exclude<Persona, 'anonymous'>, string> = { patient: '', provider: '' };
  let patientUsername = '';
  let providerUsername = '';
  let clinicId = '';
  let knownIds: string[] = [];

  async function freshPatient() {
    const patient = await patientAt(t, clinicId ? [clinicId] : []);
    patientUsername = patient.username;
    tokens.patient = (await loginTokens(t.app, patient.username)).access_token;
    knownIds.push(patient.id);
  }

  /** A fuzzed logout, password change or deactivation may end a caller's session: sign in again. */
  async function keepSignedIn() {
    for (const persona of ['patient', 'provider'] as const) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens[persona]) });
      if (me.statusCode === 200) {
        continue;
      }
      if (persona === 'patient') {
        await loginTokens(t.app, patientUsername)
          .then((login) => (tokens.patient = login.access_token))
          .catch(freshPatient);
      } else {
        tokens.provider = (await loginTokens(t.app, providerUsername)).access_token;
      }
    }
  }

  beforeAll(async () => {
    // Sign-ins to keep the callers' sessions are many; the login throttle is tested elsewhere.
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 1_000_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 1_000_000 });
    const provider = await providerWithClinic(t, [...PROVIDER_PERMISSIONS] as ProviderPermission[]);
    providerUsername = provider.username;
    tokens.provider = provider.token;
    clinicId = provider.clinicId;
    knownIds = [provider.id, provider.clinicId];
    await freshPatient();
  });
  afterAll(() => t.close());

  it(
    'answers no request with a 5xx',
    async () => {
      const routes = t.app.routeAccess.filter(
        (route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.url !== '*',
      );
      const options: ArbitraryOptions = { knownIds, hostileRate: HOSTILE_RATE };
      const failures: string[] = [];
      let requests = 0;
      const statuses: Record<string, number> = {};
      const started = performance.now();

      for (const [index, route] of routes.entries()) {
        const paramsShape = shapeOf(route.schema?.params as z.ZodType | undefined);
        const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
        const params = fc.record(
          Object.fromEntries(
            names.map((name) => {
              const field = paramsShape[name];
              const shaped = field ? arbitraryOf(field, options) : fc.oneof(fc.uuid(), hostileValue());
              // The caller's own clinic most of the time, so clinic routes get past membership.
              return [
                name,
                name === 'clinicId' || name === 'clinicUuid'
                  ? fc.oneof(fc.constant(clinicId), shaped)
                  : shaped,
              ];
            }),
          ),
        );
        const querySchema = route.schema?.querystring as z.ZodType | undefined;
        const bodySchema = route.schema?.body as z.ZodType | undefined;
        const request: fc.Arbitrary<FuzzRequest> = fc.record({
          params,
          query: querySchema ? arbitraryOf(querySchema, options) : fc.constant({}),
          body: bodySchema
            ? arbitraryOf(bodySchema, options)
            : fc.oneof(fc.constant(undefined), hostileValue()),
        });

        for (const persona of personasOf(route)) {
          await keepSignedIn();
          const result = await fc.check(
            fc.asyncProperty(request, async ({ params: values, query, body }) => {
              const url = route.url.replace(/:(\w+)/g, (_match, name: string) => paramValue(values[name]));
              const queryObject =
                typeof query === 'object' && query !== null && !Array.isArray(query)
                  ? Object.fromEntries(
                      Object.entries(query)
                        .map(([key, value]) => [key, queryValue(value)] as const)
                        .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined),
                    )
                  : {};
              const hasBody = route.method !== 'GET' && body !== undefined;
              requests += 1;
              const response = await t.app.inject({
                method: route.method as 'POST',
                url,
                query: queryObject,
                headers: {
                  ...(persona === 'anonymous' ? {} : bearer(tokens[persona])),
                  ...(hasBody ? { 'content-type': 'application/json' } : {}),
                },
                ...(hasBody ? { payload: JSON.stringify(body) } : {}),
              });
              const family = `${String(Math.floor(response.statusCode / 100))}xx`;
              statuses[family] = (statuses[family] ?? 0) + 1;
              return response.statusCode < 500;
            }),
            // Each route gets its own stream from the one seed, so a failure replays on its own.
            { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
          if (result.failed) {
            const example = JSON.stringify(result.counterexample?.[0] ?? null);
            failures.push(
              `${route.method} ${route.url} as ${persona} (seed ${String(SEED + index)}): ${example.slice(0, 300)}`,
            );
          }
        }
      }

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(
        `route fuzz: seed ${String(SEED)}, ${String(routes.length)} routes, ${String(requests)} requests, ${String(RUNS_PER_ROUTE)} runs per route and caller, ${seconds} s, ${String(failures.length)} failing; answers ${JSON.stringify(statuses)}`,
      );
      expect(failures).toEqual([]);
    },
    Math.max(240_000, RUNS_PER_ROUTE * 40_000),
  );
});
