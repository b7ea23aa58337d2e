import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import { INVALID_PIN_CODE_TEXT, USERNAME_IN_USE_TEXT } from '@app/contracts/provider-registration';
import { users } from '../../db/schema/accounts.ts';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { PORTAL_CLIENT, passwordGrant, tokenRequest } from '../auth/auth-test-helpers.ts';
import { PIN_CODE_TTL_MS } from './provider-registration.service.ts';

let clinicNumber = 7100;

describe('doctor registration with pin code (spec 1 §2, §4, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** An imported doctor: no username or password yet, an email, in one clinic (createTestUser's own). */
  async function importedDoctor(permissions: string[] = ['MESSAGE']) {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor', password: null, permissions });
    await t.context.db.update(users).set({ username: null }).where(eq(users.id, doctor.id));
    return doctor;
  }

  async function addClinic(userId: string, name: string) {
    const [clinic] = await t.context.db
      .insert(clinics)
      .values({ clinicNumber: clinicNumber++, name })
      .returning();
    if (!clinic) {
      throw new Error('no clinic');
    }
    await t.context.db.insert(providers).values({ userId, clinicId: clinic.id, permissions: [] });
    return clinic;
  }

  function lookup(query: Record<string, string>) {
    return t.app.inject({
      method: 'GET',
      url: `/public/providers/exist?${new URLSearchParams(query).toString()}`,
    });
  }

  function sendPin(id: string) {
    return t.app.inject({ method: 'POST', url: `/public/providers/${id}/pin-code` });
  }

  function pinGrant(providerId: string, pin: string) {
    return tokenRequest(t.app, {
      grant_type: 'pin_code',
      client_id: PORTAL_CLIENT,
      provider_id: providerId,
      pin_code: pin,
    });
  }

  async function latestPin(email: string): Promise<string> {
    const [message] = await t.context.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.purpose, 'provider-pin-code')))
      .orderBy(desc(outboxMessages.createdAt));
    const pin = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
    if (!pin) {
      throw new Error('no pin sent');
    }
    return pin;
  }

  function wrongPin(pin: string): string {
    return pin === '000000' ? '111111' : '000000';
  }

  it('finds a provider in one clinic by last name and email, case-insensitively', async () => {
    const doctor = await importedDoctor();
    const response = await lookup({
      lastName: doctor.lastName.toUpperCase(),
      email: ` ${doctor.email ?? ''} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providerId: doctor.id });
  });

  it('answers 300 with the clinics when the provider works in several, and 200 once one is chosen', async () => {
    const doctor = await importedDoctor();
    const second = await addClinic(doctor.id, 'Zeta Care Center');
    const response = await lookup({ lastName: doctor.lastName, email: doctor.email ?? '' });
    expect(response.statusCode).toBe(300);
    const options = response.json<{ clinicUuid: string; title: string }[]>();
    expect(options).toHaveLength(2);
    expect(options).toContainEqual({ clinicUuid: second.id, title: 'Zeta Care Center' });
    const chosen = await lookup({
      lastName: doctor.lastName,
      email: doctor.email ?? '',
      clinicUuid: second.id,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ providerId: doctor.id });
  });

  it('answers 404 with one detail when nothing matches, and field errors when a field is missing', async () => {
    const doctor = await importedDoctor();
    const none = await lookup({ lastName: 'Nobody', email: doctor.email ?? '' });
    expect(none.statusCode).toBe(404);
    expect(none.json<{ errors: { detail: string }[] }>().errors[0]?.detail).toMatch(/could not find/);
    const missing = await lookup({ lastName: '', email: 'not-an-email' });
    expect(missing.statusCode).toBe(400);
    const fields = missing.json<{ errors: { field?: string }[] }>().errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['lastName', 'email']));
  });

  it('sends a 6-digit pin by email and logs the doctor in with it, once', async () => {
    const doctor = await importedDoctor();
    expect((await sendPin(doctor.id)).statusCode).toBe(200);
    const pin = await latestPin(doctor.email ?? '');
    expect(pin).toMatch(/^\d{6}$/);
    const response = await pinGrant(doctor.id, pin);
    expect(response.statusCode).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body.user).toMatchObject({ id: doctor.id, memberType: 'doctor', role: 'provider' });
    expect((await pinGrant(doctor.id, pin)).statusCode).toBe(400);
  });

  it('answers 406 to a pin send for a provider who already has credentials, and 200 to an unknown id', async () => {
    const registered = await createTestUser(t.context.db, { memberType: 'doctor' });
    const response = await sendPin(registered.id);
    expect(response.statusCode).toBe(406);
    expect((await sendPin('00000000-0000-4000-8000-000000000000')).statusCode).toBe(200);
  });

  it('refuses a wrong pin, an expired pin, and any pin after five wrong tries', async () => {
    const doctor = await importedDoctor();
    await sendPin(doctor.id);
    const pin = await latestPin(doctor.email ?? '');
    const wrong = await pinGrant(doctor.id, wrongPin(pin));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_PIN_CODE_TEXT });
    for (let i = 0; i < 4; i++) {
      await pinGrant(doctor.id, wrongPin(pin));
    }
    expect((await pinGrant(doctor.id, pin)).statusCode).toBe(400);

    t.advanceClock(1000);
    await sendPin(doctor.id);
    const fresh = await latestPin(doctor.email ?? '');
    t.advanceClock(PIN_CODE_TTL_MS + 1000);
    expect((await pinGrant(doctor.id, fresh)).statusCode).toBe(400);
  });

  it('lets the doctor choose a username, password and question on their own account only', async () => {
    const doctor = await importedDoctor();
    await sendPin(doctor.id);
    const tokens = (await pinGrant(doctor.id, await latestPin(doctor.email ?? ''))).json<TokenResponse>();
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const other = await createTestUser(t.context.db, { memberType: 'doctor' });

    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/api/providers/${doctor.id}/username`,
      headers: auth,
      payload: { username: other.username.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(USERNAME_IN_USE_TEXT);

    const username = `dr.${doctor.id.slice(0, 8)}`;
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/providers/${doctor.id}/username`,
      headers: auth,
      payload: { username },
    });
    expect(ok.statusCode).toBe(204);

    const weak = await t.app.inject({
      method: 'POST',
      url: `/api/providers/${doctor.id}/security/password`,
      headers: auth,
      payload: { newPassword: 'lettersonly' },
    });
    expect(weak.statusCode).toBe(400);

    const password = await t.app.inject({
      method: 'POST',
      url: `/api/providers/${doctor.id}/security/password`,
      headers: auth,
      payload: { newPassword: 'New#Password9' },
    });
    expect(password.statusCode).toBe(204);

    const question = await t.app.inject({
      method: 'PATCH',
      url: `/api/providers/${doctor.id}/security/question`,
      headers: auth,
      payload: { question: 'Favourite colour?', answer: 'Blue sky' },
    });
    expect(question.statusCode).toBe(204);

    for (const [method, path, payload] of [
      ['PATCH', 'username', { username: 'someone.else' }],
      ['POST', 'security/password', { newPassword: 'New#Password9' }],
      ['PATCH', 'security/question', { question: 'Favourite colour?', answer: 'Blue sky' }],
    ] as const) {
      const forbidden = await t.app.inject({
        method,
        url: `/api/providers/${other.id}/${path}`,
        headers: auth,
        payload,
      });
      expect(forbidden.statusCode).toBe(403);
    }

    const login = await passwordGrant(t.app, username, 'New#Password9');
    expect(login.statusCode).toBe(200);
    expect(login.json<TokenResponse>().user.isSecurityQuestionEmpty).toBe(false);
    // Registered now: a new pin send sends the doctor to the login page instead.
    expect((await sendPin(doctor.id)).statusCode).toBe(406);
  });

  it('refuses the provider calls to patients and guests', async () => {
    const patient = await createTestUser(t.context.db);
    const tokens = (await passwordGrant(t.app, patient.username)).json<TokenResponse>();
    const asPatient = await t.app.inject({
      method: 'PATCH',
      url: `/api/providers/${patient.id}/username`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { username: 'patient.name' },
    });
    expect(asPatient.statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'PATCH',
      url: `/api/providers/${patient.id}/username`,
      payload: { username: 'patient.name' },
    });
    expect(guest.statusCode).toBe(401);
  });
});
