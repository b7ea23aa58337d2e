import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@app/contracts/auth';
import { INVALID_CLINIC_CREDENTIALS_TEXT } from '@app/contracts/clinic-login';
import { LOGIN_MAX_FAILURES, LOGIN_THROTTLE_FIRST_DELAY_SECONDS } from '@app/contracts/session';
import { clinics } from '../../db/schema/clinics.ts';
import { hashSecret } from '../../platform/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { PORTAL_CLIENT, getMe, tokenRequest } from '../auth/auth-test-helpers.ts';

const MASTER = 'Clinic#Master1';
let clinicNumber = 8100;

describe('clinic login — clinic_password grant (spec 1 §2 Clinic login, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function clinicWithMaster() {
    const [clinic] = await t.context.db
      .insert(clinics)
      .values({
        clinicNumber: clinicNumber++,
        name: 'Kiosk Clinic',
        masterPasswordHash: await hashSecret(MASTER),
      })
      .returning();
    if (!clinic) {
      throw new Error('no clinic');
    }
    return clinic;
  }

  function clinicGrant(clinicId: number | string, password: string) {
    return tokenRequest(t.app, {
      grant_type: 'clinic_password',
      client_id: PORTAL_CLIENT,
      clinic_id: String(clinicId),
      password,
    });
  }

  it('signs in as the clinic account with the master password, the same account each time', async () => {
    const clinic = await clinicWithMaster();
    const first = await clinicGrant(clinic.clinicNumber, MASTER);
    expect(first.statusCode).toBe(200);
    const body = first.json<TokenResponse>();
    expect(body.user).toMatchObject({
      memberType: 'doctor',
      role: 'provider',
      isSecurityQuestionEmpty: false,
    });
    const me = await getMe(t.app, body.access_token);
    expect(me.json<{ providerPermissions: string[] }>().providerPermissions.sort()).toEqual([
      'APPOINTMENTS',
      'PATIENT',
    ]);
    const second = await clinicGrant(clinic.clinicNumber, MASTER);
    expect(second.json<TokenResponse>().user.id).toBe(body.user.id);
  });

  it('answers invalid_grant for a wrong password, an unknown clinic, and a clinic without a master password', async () => {
    const clinic = await clinicWithMaster();
    const expected = { error: 'invalid_grant', error_description: INVALID_CLINIC_CREDENTIALS_TEXT };
    const wrong = await clinicGrant(clinic.clinicNumber, 'Wrong#1234');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(expected);
    expect((await clinicGrant(999_999, MASTER)).json()).toEqual(expected);
    const [bare] = await t.context.db
      .insert(clinics)
      .values({ clinicNumber: clinicNumber++, name: 'No master' })
      .returning();
    expect((await clinicGrant(bare?.clinicNumber ?? 0, MASTER)).json()).toEqual(expected);
    expect((await clinicGrant('abc', MASTER)).statusCode).toBe(400);
  });

  it('slows the address down after repeated wrong master passwords, like the password grant', async () => {
    const clinic = await clinicWithMaster();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      await clinicGrant(clinic.clinicNumber, 'Wrong#1234');
    }
    expect((await clinicGrant(clinic.clinicNumber, MASTER)).statusCode).toBe(400);
    t.advanceClock(LOGIN_THROTTLE_FIRST_DELAY_SECONDS * 1000 + 1000);
    expect((await clinicGrant(clinic.clinicNumber, MASTER)).statusCode).toBe(200);
  });
});
