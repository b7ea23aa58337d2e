import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_FAILED_TEXT, PASSKEY_NOT_RECOGNISED_TEXT } from '@app/contracts/passkeys';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { PORTAL_CLIENT, loginTokens, passwordGrant } from '../auth/auth-test-helpers.ts';

// app.inject sends Host: localhost:80, so the page origin the browser would report is this one.
const ORIGIN = 'http://localhost:80';
const RP_ID = 'localhost';

interface Options {
  challenge: string;
  user: { id: string };
  rp: { id: string; name: string };
}

describe('passkeys for biometric login (spec 1 §4, decision 0012)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      APP_VARIANT: 'care-manager',
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function doctorSession() {
    const doctor = await createTestUser(t.context.db, { memberType: 'doctor' });
    const response = await passwordGrant(t.app, doctor.username, undefined, 'doctor_username');
    expect(response.statusCode).toBe(200);
    return { doctor, token: response.json<{ access_token: string }>().access_token };
  }

  async function registrationOptions(token: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys/registration-options',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<Options>();
  }

  function savePasskey(token: string, credential: unknown, name = 'My laptop') {
    return t.app.inject({
      method: 'POST',
      url: '/api/passkeys',
      headers: bearer(token),
      payload: { name, credential },
    });
  }

  /** A doctor with a passkey registered on a software authenticator. */
  async function registeredDoctor() {
    const session = await doctorSession();
    const authenticator = new SoftwareAuthenticator();
    const options = await registrationOptions(session.token);
    const credential = authenticator.register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userId: options.user.id,
    });
    const saved = await savePasskey(session.token, credential);
    expect(saved.statusCode).toBe(201);
    return { ...session, authenticator, credential, passkey: saved.json<{ id: string }>() };
  }

  async function loginChallenge(): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/public/passkeys/login-options' });
    expect(response.statusCode).toBe(200);
    return response.json<{ challenge: string }>().challenge;
  }

  function passkeyGrant(credential: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'passkey', client_id: PORTAL_CLIENT, credential },
    });
  }

  it('asks for a discoverable, user-verified platform credential for this site', async () => {
    const { token } = await doctorSession();
    const options = await registrationOptions(token);
    expect(options.rp).toEqual({ id: RP_ID, name: 'Care Portal' });
    expect(options).toMatchObject({
      attestation: 'none',
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        residentKey: 'required',
        userVerification: 'required',
      },
    });
  });

  it('registers a passkey, lists it, and logs in with it as the same doctor', async () => {
    const { doctor, token, authenticator } = await registeredDoctor();
    const list = await t.app.inject({ method: 'GET', url: '/api/passkeys', headers: bearer(token) });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'My laptop', lastUsedAt: null })]);

    const challenge = await loginChallenge();
    const login = await passkeyGrant(authenticator.authenticate({ challenge, origin: ORIGIN, rpId: RP_ID }));
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ token_type: 'Bearer', user: { id: doctor.id, role: 'provider' } });

    const after = await t.app.inject({ method: 'GET', url: '/api/passkeys', headers: bearer(token) });
    expect(after.json<{ lastUsedAt: string | null }[]>()[0]?.lastUsedAt).not.toBeNull();
  });

  it('uses each registration challenge once', async () => {
    const { token, credential } = await registeredDoctor();
    const again = await savePasskey(token, credential);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: PASSKEY_FAILED_TEXT });
  });

  it("refuses a registration that answers another person's challenge", async () => {
    const first = await doctorSession();
    const second = await doctorSession();
    const options = await registrationOptions(first.token);
    const credential = new SoftwareAuthenticator().register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userId: options.user.id,
    });
    const response = await savePasskey(second.token, credential);
    expect(response.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/api/passkeys', headers: bearer(second.token) });
    expect(list.json()).toEqual([]);
  });

  it('refuses a registration from another site or without the biometric check', async () => {
    const { token } = await doctorSession();
    for (const variation of [{ origin: 'http://evil.example' }, { userVerified: false }]) {
      const options = await registrationOptions(token);
      const credential = new SoftwareAuthenticator().register({
        challenge: options.challenge,
        origin: ORIGIN,
        rpId: RP_ID,
        userId: options.user.id,
        ...variation,
      });
      const response = await savePasskey(token, credential);
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers a malformed credential with a 400, never a 500', async () => {
    const { token } = await doctorSession();
    const options = await registrationOptions(token);
    const good = new SoftwareAuthenticator().register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      userId: options.user.id,
    });
    const broken = { ...good, response: { ...good.response, attestationObject: 'AAAA' } };
    expect((await savePasskey(token, broken)).statusCode).toBe(400);
    expect((await savePasskey(token, { id: 'x' })).statusCode).toBe(400);
  });

  it('uses each login challenge once: a replayed assertion is refused', async () => {
    const { authenticator } = await registeredDoctor();
    const challenge = await loginChallenge();
    const assertion = authenticator.authenticate({ challenge, origin: ORIGIN, rpId: RP_ID });
    expect((await passkeyGrant(assertion)).statusCode).toBe(200);
    const replay = await passkeyGrant(assertion);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: PASSKEY_FAILED_TEXT });
  });

  it('refuses a challenge older than five minutes', async () => {
    const { authenticator } = await registeredDoctor();
    const challenge = await loginChallenge();
    t.advanceClock(5 * 60_000 + 1);
    const response = await passkeyGrant(
      authenticator.authenticate({ challenge, origin: ORIGIN, rpId: RP_ID }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses a wrong signature, another origin, a missing biometric check and a cloned authenticator', async () => {
    const { authenticator } = await registeredDoctor();
    const attempts = [
      async () =>
        authenticator.authenticate(
          { challenge: await loginChallenge(), origin: ORIGIN, rpId: RP_ID },
          SoftwareAuthenticator.strangerKey(),
        ),
      async () =>
        authenticator.authenticate({
          challenge: await loginChallenge(),
          origin: 'http://evil.example',
          rpId: RP_ID,
        }),
      async () =>
        authenticator.authenticate({
          challenge: await loginChallenge(),
          origin: ORIGIN,
          rpId: 'evil.example',
        }),
      async () =>
        authenticator.authenticate({
          challenge: await loginChallenge(),
          origin: ORIGIN,
          rpId: RP_ID,
          userVerified: false,
        }),
    ];
    for (const attempt of attempts) {
      const response = await passkeyGrant(await attempt());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    }
    // A good login moves the counter on; an authenticator whose counter goes back is a clone.
    expect(
      (
        await passkeyGrant(
          authenticator.authenticate({ challenge: await loginChallenge(), origin: ORIGIN, rpId: RP_ID }),
        )
      ).statusCode,
    ).toBe(200);
    authenticator.rewindCounter();
    const cloned = await passkeyGrant(
      authenticator.authenticate({ challenge: await loginChallenge(), origin: ORIGIN, rpId: RP_ID }),
    );
    expect(cloned.statusCode).toBe(400);
  });

  it('refuses an unknown passkey and one that was removed', async () => {
    const stranger = new SoftwareAuthenticator();
    stranger.register({ challenge: 'x', origin: ORIGIN, rpId: RP_ID, userId: 'dXNlcg' });
    const unknown = await passkeyGrant(
      stranger.authenticate({ challenge: await loginChallenge(), origin: ORIGIN, rpId: RP_ID }),
    );
    expect(unknown.json()).toEqual({
      error: 'invalid_grant',
      error_description: PASSKEY_NOT_RECOGNISED_TEXT,
    });

    const { token, authenticator, passkey } = await registeredDoctor();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/passkeys/${passkey.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    const login = await passkeyGrant(
      authenticator.authenticate({ challenge: await loginChallenge(), origin: ORIGIN, rpId: RP_ID }),
    );
    expect(login.json()).toMatchObject({ error_description: PASSKEY_NOT_RECOGNISED_TEXT });
  });

  it("lets nobody list or remove another person's passkeys", async () => {
    const owner = await registeredDoctor();
    const other = await doctorSession();
    const list = await t.app.inject({ method: 'GET', url: '/api/passkeys', headers: bearer(other.token) });
    expect(list.json()).toEqual([]);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/passkeys/${owner.passkey.id}`,
      headers: bearer(other.token),
    });
    expect(remove.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: '/api/passkeys', headers: bearer(owner.token) });
    expect(still.json()).toHaveLength(1);
  });

  it('refuses a passkey login for a deactivated doctor', async () => {
    const { doctor, authenticator } = await registeredDoctor();
    const { users } = await import('../../db/schema/accounts.ts');
    const { eq } = await import('drizzle-orm');
    await t.context.db.update(users).set({ status: 'inactive' }).where(eq(users.id, doctor.id));
    const login = await passkeyGrant(
      authenticator.authenticate({ challenge: await loginChallenge(), origin: ORIGIN, rpId: RP_ID }),
    );
    expect(login.statusCode).toBe(400);
  });

  it('offers registration to providers only', async () => {
    const patient = await createTestUser(t.context.db);
    const { access_token } = await loginTokens(t.app, patient.username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys/registration-options',
      headers: bearer(access_token),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('passkeys outside the Care Manager app (spec 1 §1, §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ APP_VARIANT: 'care-plan' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers no biometric login', async () => {
    const options = await t.app.inject({ method: 'POST', url: '/public/passkeys/login-options' });
    expect(options.statusCode).toBe(404);
    const grant = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: {
        grant_type: 'passkey',
        client_id: PORTAL_CLIENT,
        credential: new SoftwareAuthenticator().authenticate({
          challenge: 'abc',
          origin: ORIGIN,
          rpId: RP_ID,
        }),
      },
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });
});
