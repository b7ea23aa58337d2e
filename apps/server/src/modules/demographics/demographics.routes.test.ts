import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMERGENCY_PHONE_INVALID_TEXT, personalDataSchema } from '@app/contracts/demographics';
import { users } from '../../db/schema/accounts.ts';
import { patientDemographics } from '../../db/schema/demographics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';

describe('demographics (spec 2 §3, §5, §7)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string; username: string };
  let mark: { id: string; token: string };
  let provider: { token: string };
  let otherProvider: { token: string };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const personalUrl = (clinicId: string, accountId: string) =>
    `/api/demographics/clinics/${clinicId}/accounts/${accountId}/personal`;
  const validPersonal = {
    firstName: 'Jane',
    lastName: 'Doe',
    birthdate: '1985-04-12',
    gender: 'female',
    email: 'jane.doe@example.com',
    language: 'es',
    contactPreference: 'email',
    maritalStatus: 'married',
    raceCode: '2106-3',
    ethnicCode: '2186-5',
    timezone: 'America/New_York',
  };

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    const otherWorld = await createSchedulingWorld(t.context.db);
    const janeUser = await createClinicPatient(t.context.db, world.clinicId);
    const markUser = await createClinicPatient(t.context.db, world.clinicId);
    jane = {
      id: janeUser.id,
      username: janeUser.username,
      token: (await loginTokens(t.app, janeUser.username)).access_token,
    };
    mark = { id: markUser.id, token: (await loginTokens(t.app, markUser.username)).access_token };
    provider = { token: (await loginTokens(t.app, world.provider.username)).access_token };
    otherProvider = { token: (await loginTokens(t.app, otherWorld.provider.username)).access_token };
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the reference lists and US states (other countries: none)', async () => {
    const lists = await t.app.inject({ url: '/api/demographics/reference-lists', headers: auth(jane.token) });
    expect(lists.statusCode).toBe(200);
    const body = lists.json<Record<string, unknown[]>>();
    for (const key of [
      'gender',
      'timezone',
      'ethnicity',
      'race',
      'language',
      'country',
      'contactPreference',
      'maritalStatus',
    ]) {
      expect(body[key]?.length, key).toBeGreaterThan(0);
    }
    const us = await t.app.inject({
      url: '/api/demographics/countries/US/states',
      headers: auth(jane.token),
    });
    expect(us.json<{ id: string }[]>().some((state) => state.id === 'NY')).toBe(true);
    const ca = await t.app.inject({
      url: '/api/demographics/countries/CA/states',
      headers: auth(jane.token),
    });
    expect(ca.json()).toEqual([]);
  });

  it('saves personal data; empty choices become null; username, image, language and phones are not written', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(jane.token),
      payload: { ...validPersonal, departmentUuid: world.departmentId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(personalDataSchema.parse(saved.json())).toMatchObject({
      language: 'es',
      maritalStatus: 'married',
    });

    const emptied = await t.app.inject({
      method: 'PUT',
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(jane.token),
      payload: {
        ...validPersonal,
        language: '',
        gender: '',
        contactPreference: '',
        maritalStatus: null,
        raceCode: '',
        ethnicCode: '',
        username: 'someone.else',
        image: 'https://evil.example/x.png',
        communicationLanguage: 'es',
        mobilePhone: '+12125550100',
        homePhone: '+12125550101',
      },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json()).toMatchObject({
      language: null,
      gender: null,
      contactPreference: null,
      maritalStatus: null,
      raceCode: null,
      ethnicCode: null,
      username: jane.username,
      image: null,
      communicationLanguage: 'en',
      mobilePhone: '+12125550199',
      homePhone: null,
    });
  });

  it('refuses a value outside the lists with a field error, and writes nothing', async () => {
    const before = await t.app.inject({
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(jane.token),
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(jane.token),
      payload: { ...validPersonal, firstName: 'Changed', gender: 'martian', birthdate: 'yesterday' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ errors: { field?: string }[] }>().errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['gender', 'birthdate']));
    const after = await t.app.inject({
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(jane.token),
    });
    expect(after.json()).toEqual(before.json());
  });

  it('validates the emergency phone as a US mobile number (spec 2 §5)', async () => {
    const url = `/api/demographics/accounts/${jane.id}/emergency`;
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth(jane.token),
      payload: { name: 'John Doe', relationship: 'Spouse', phone: '+44 20 7946 0958' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: EMERGENCY_PHONE_INVALID_TEXT,
      errors: [{ field: 'phone', detail: EMERGENCY_PHONE_INVALID_TEXT }],
    });
    const tollFree = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth(jane.token),
      payload: { name: 'John Doe', phone: '(800) 555-0100' },
    });
    expect(tollFree.statusCode).toBe(400);
    const [row] = await t.context.db
      .select({ phone: patientDemographics.emergencyPhone })
      .from(patientDemographics)
      .where(eq(patientDemographics.userId, jane.id));
    expect(row?.phone ?? null).toBeNull();

    const good = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth(jane.token),
      payload: { name: 'John Doe', relationship: '', phone: '(212) 555-0123' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ name: 'John Doe', relationship: null, phone: '+12125550123' });
  });

  it('saves an address; a state must belong to the country', async () => {
    const url = `/api/demographics/clinics/${world.clinicId}/accounts/${jane.id}/address`;
    const wrong = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth(jane.token),
      payload: { address1: '1 Main St', countryId: 'CA', stateId: 'NY' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: { field?: string }[] }>().errors[0]?.field).toBe('stateId');
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: auth(jane.token),
      payload: {
        address1: '1 Main St',
        address2: '',
        city: 'Albany',
        zip: '12207',
        countryId: 'US',
        stateId: 'NY',
        phones: ['+12125550100'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      address1: '1 Main St',
      address2: null,
      city: 'Albany',
      zip: '12207',
      countryId: 'US',
      stateId: 'NY',
    });
  });

  it('lets a provider of the clinic read and edit; another patient or clinic gets 404', async () => {
    const byProvider = await t.app.inject({
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(provider.token),
    });
    expect(byProvider.statusCode).toBe(200);
    const details = await t.app.inject({
      url: `/api/demographics/clinics/${world.clinicId}/users/${jane.id}`,
      headers: auth(provider.token),
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ mobilePhone: '+12125550199' });

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/demographics/accounts/${jane.id}/emergency`,
      headers: auth(provider.token),
      payload: { name: 'Jim Doe', phone: '212-555-0124' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const attempts = [
      { url: personalUrl(world.clinicId, jane.id), token: mark.token },
      { url: `/api/demographics/accounts/${jane.id}/emergency`, token: mark.token },
      { url: `/api/demographics/clinics/${world.clinicId}/accounts/${jane.id}/address`, token: mark.token },
      { url: `/api/demographics/clinics/${world.clinicId}/users/${jane.id}`, token: mark.token },
      { url: personalUrl(world.clinicId, jane.id), token: otherProvider.token },
      { url: `/api/demographics/accounts/${jane.id}/emergency`, token: otherProvider.token },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ url: attempt.url, headers: auth(attempt.token) });
      expect(response.statusCode, attempt.url).toBe(404);
    }
    const write = await t.app.inject({
      method: 'PUT',
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(mark.token),
      payload: { ...validPersonal, firstName: 'Hijacked' },
    });
    expect(write.statusCode).toBe(404);
    const [row] = await t.context.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, jane.id));
    expect(row?.firstName).toBe('Jane');
  });

  it('refuses a department of another clinic', async () => {
    const other = await createSchedulingWorld(t.context.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: personalUrl(world.clinicId, jane.id),
      headers: auth(jane.token),
      payload: { ...validPersonal, departmentUuid: other.departmentId },
    });
    expect(response.statusCode).toBe(400);
  });
});
