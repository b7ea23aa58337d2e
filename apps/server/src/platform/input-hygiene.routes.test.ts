import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { CONTROL_CHARACTERS_MESSAGE } from '@app/contracts/errors';
import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import type { ProviderPermission } from '@app/contracts/roles';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { loginTokens } from '../modules/auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../modules/patients/patients-test-helpers.ts';
import { registerErrorHandling } from './errors.ts';

// Issue 19 item 5 (decision 0059): a NUL in a text field was a 500 (it passed validation and failed
// in PostgreSQL). The contracts now refuse control characters with a field-level 400; multi-line
// texts keep their line breaks and tabs.

interface ErrorBody {
  message: string;
  code?: string;
  errors?: { detail: string; field?: string }[];
}

describe('control characters in request text', () => {
  let t: TestApp;
  let provider: TestProvider;
  let patientId: string;
  let patientToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    provider = await providerWithClinic(t, [...PROVIDER_PERMISSIONS] as ProviderPermission[]);
    const patient = await patientAt(t, [provider.clinicId]);
    patientId = patient.id;
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
  });
  afterAll(() => t.close());

  it("refuses a NUL in the password-recovery username with a field-level 400 (the issue's example)", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/recovery/password/start',
      payload: { username: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      message: CONTROL_CHARACTERS_MESSAGE,
      code: 'validation_error',
      errors: [{ field: 'username', detail: CONTROL_CHARACTERS_MESSAGE }],
    });
  });

  it('refuses a NUL at sign-in on the token endpoint (OAuth error shape)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'password', client_id: 'web', username: 'jane\u0000', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe('invalid_request');
  });

  it('refuses a line break in a single-line field and keeps it in a multi-line one', async () => {
    const url = `/api/provider/clinics/${provider.clinicId}/messages/threads`;
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(provider.token),
      payload: { subject: 'Lab\nresults', body: 'Hello', patientId },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual([
      { field: 'subject', detail: CONTROL_CHARACTERS_MESSAGE },
    ]);

    const body = 'Hello Jane,\r\n\tyour results are in.\nDr. Smith';
    const accepted = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(provider.token),
      payload: { subject: 'Lab results', body, patientId },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<{ messages: { body: string }[] }>().messages[0]?.body).toBe(body);
  });

  it('refuses a NUL, an escape character or a lone surrogate in a multi-line body', async () => {
    for (const body of ['a\u0000b', 'red \u001b[31m', 'half \ud800 pair']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/provider/clinics/${provider.clinicId}/messages/threads`,
        headers: bearer(provider.token),
        payload: { subject: 'Hello', body, patientId },
      });
      expect({ body, status: response.statusCode, errors: response.json<ErrorBody>().errors }).toEqual({
        body,
        status: 400,
        errors: [{ field: 'body', detail: CONTROL_CHARACTERS_MESSAGE }],
      });
    }
  });

  it('refuses control characters in a query string and in a path parameter', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: `/api/provider/clinics/${provider.clinicId}/patients?query=a%00b`,
      headers: bearer(provider.token),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json<ErrorBody>().errors).toEqual([{ field: 'query', detail: CONTROL_CHARACTERS_MESSAGE }]);

    const params = await t.app.inject({
      method: 'GET',
      url: '/api/user/clinic-invitations/AB%00CD',
      headers: bearer(patientToken),
    });
    expect(params.statusCode).toBe(400);
    expect(params.json<ErrorBody>().errors).toEqual([{ field: 'code', detail: CONTROL_CHARACTERS_MESSAGE }]);
  });

  it('answers an unknown route without repeating its URL (a query may hold what someone typed)', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/no-such-route?name=Jane%20Doe&dob=1961-03-09',
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
  });
});

describe('the error handler, as the last line of defence', () => {
  const app = Fastify();
  registerErrorHandling(app);
  // What drizzle throws when PostgreSQL refuses a value: the driver's error as the cause.
  const failure = (code: string) =>
    Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });
  app.get('/nul-in-text', () => Promise.reject(failure('22021')));
  app.get('/nul-in-jsonb', () => Promise.reject(failure('22P05')));
  app.get('/other-database-error', () => Promise.reject(failure('42P01')));
  afterAll(() => app.close());

  it("answers PostgreSQL's invalid text errors (22021, 22P05) with a 400", async () => {
    for (const url of ['/nul-in-text', '/nul-in-jsonb']) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 400,
        body: { message: CONTROL_CHARACTERS_MESSAGE, code: 'invalid_text' },
      });
    }
  });

  it('still answers any other database error with a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/other-database-error' });
    expect(response.statusCode).toBe(500);
  });
});
