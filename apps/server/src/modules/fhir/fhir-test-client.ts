import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectValidFhir } from '../../test/expect-valid-fhir.ts';
import type { Bundle, FhirResource, OperationOutcome } from './fhir-types.ts';

// The FHIR API's tests read through one client: every resource an answer holds passes validation
// (issue 21 item 2: "every resource returned in the suite passes validation").

export interface FhirAnswer {
  status: number;
  body: FhirResource;
  contentType: string;
  headers: Record<string, unknown>;
}

/**
 * GET as a caller (a bearer token, or none), with any other request headers (`prefer`); the answer is
 * validated whatever its status.
 */
export async function fhirGet(
  t: TestApp,
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<FhirAnswer> {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = response.json<FhirResource>();
  expectValidFhir(body);
  return {
    status: response.statusCode,
    body,
    contentType: String(response.headers['content-type'] ?? ''),
    headers: response.headers,
  };
}

/** A search that must answer 200 with a Bundle. */
export async function fhirSearch(
  t: TestApp,
  url: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<Bundle> {
  const { status, body } = await fhirGet(t, url, token, headers);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.resourceType).toBe('Bundle');
  return body as Bundle;
}

/** The ids of the Bundle's matches (search.mode match), in order. */
export const idsOf = (bundle: Bundle) =>
  bundle.entry.filter((entry) => entry.search.mode === 'match').map((entry) => entry.resource.id);

/** The answer is an OperationOutcome with `status` (and, when given, the issue `code`). */
export function expectOutcome(
  answer: { status: number; body: FhirResource },
  status: number,
  code?: string,
): OperationOutcome {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.resourceType).toBe('OperationOutcome');
  const outcome = answer.body as OperationOutcome;
  if (code) {
    expect(outcome.issue[0]?.code).toBe(code);
  }
  return outcome;
}
