import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PATIENT_ACCESS_TEXT, PATIENT_EXISTS_TEXT, PATIENT_PATHS } from '@app/contracts/patient-texts';
import { SIGN_UP_MESSAGES } from '@app/contracts/sign-up-texts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { bearer, patientAt, providerWithClinic, type TestProvider } from './patients-test-helpers.ts';

let counter = 0;
/** Names are letters only (spec 1 §5), so each test person gets a distinct letter suffix. */
function newPerson(extra: Record<string, string> = {}) {
  counter += 1;
  const suffix =
    String.fromCharCode(97 + (counter % 26)) + String.fromCharCode(97 + Math.floor(counter / 26));
  return {
    firstName: 'Nora',
    lastName: `Newcomer${suffix}${Date.now().toString(36).replace(/\d/g, 'x')}`,
    birthdate: '1985-04-12',
    gender: 'female',
    mobilePhone: '',
    email: `nora.${counter}.${Date.now()}@example.com`,
    ...extra,
  };
}

describe('patients (spec 2 §2 provider new-patient registration, provider view of a patient)', () => {
  let t: TestApp;
  let registrar: TestProvider;
  let viewer: TestProvider;
  let outsider: TestProvider;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    registrar = await providerWithClinic(t, ['PATIENT']);
    viewer = await providerWithClinic(t, ['APPOINTMENTS']);
    outsider = await providerWithClinic(t, ['PATIENT', 'APPOINTMENTS']);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (token: string, clinicId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: PATIENT_PATHS.create(clinicId), headers: bearer(token), payload });

  it('registers a pending patient with a member id and no password at the clinic, source provider', async () => {
    const person = newPerson({ mobilePhone: '(212)555-0101' });
    const response = await create(registrar.token, registrar.clinicId, person);
    expect(response.statusCode, response.body).toBe(201);
    const { userId, memberId } = response.json<{ userId: string; memberId: string }>();
    expect(memberId).toMatch(/^\d{9}$/);
    const [row] = await t.context.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      memberType: 'patient',
      status: 'pending',
      username: null,
      passwordHash: null,
      firstName: 'Nora',
      lastName: person.lastName,
      birthdate: '1985-04-12',
      gender: 'female',
      mobilePhone: '+12125550101',
    });
    const [registration] = await t.context.db
      .select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.userId, userId), eq(clinicPatients.clinicId, registrar.clinicId)));
    expect(registration?.source).toBe('provider');
  });

  it('answers 409 for the same first and last name and birth date at that clinic, and adds nobody', async () => {
    const person = newPerson();
    expect((await create(registrar.token, registrar.clinicId, person)).statusCode).toBe(201);
    const again = await create(registrar.token, registrar.clinicId, {
      ...person,
      firstName: person.firstName.toUpperCase(),
      email: 'someone.else@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: PATIENT_EXISTS_TEXT, code: 'patient_exists' });
    const namesakes = await t.context.db.select().from(users).where(eq(users.lastName, person.lastName));
    expect(namesakes).toHaveLength(1);
  });

  it('gives one patient and one 409 when the same person is saved twice at once', async () => {
    const person = newPerson();
    const answers = await Promise.all([
      create(registrar.token, registrar.clinicId, person),
      create(registrar.token, registrar.clinicId, person),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses another clinic (404) and a provider without PATIENT there (403), changing nothing', async () => {
    const person = newPerson();
    // The route names the clinic: a clinic not the caller's does not exist for them, as on every
    // route naming a clinic (decision 0060).
    const elsewhere = await create(registrar.token, outsider.clinicId, person);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'not_found' });
    const noPermission = await create(viewer.token, viewer.clinicId, person);
    expect(noPermission.statusCode).toBe(403);
    expect(noPermission.json()).toMatchObject({ code: 'missing_permission' });
    const rows = await t.context.db.select().from(users).where(eq(users.lastName, person.lastName));
    expect(rows).toHaveLength(0);
  });

  it('refuses patients and guests', async () => {
    const patient = await patientAt(t, [registrar.clinicId]);
    const tokens = await loginTokens(t.app, patient.username);
    expect((await create(tokens.access_token, registrar.clinicId, newPerson())).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: PATIENT_PATHS.create(registrar.clinicId),
      payload: newPerson(),
    });
    expect(guest.statusCode).toBe(401);
  });

  it('answers bad input with 400 and the sign-up messages', async () => {
    const badName = await create(registrar.token, registrar.clinicId, newPerson({ firstName: 'N' }));
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({ errors: [{ field: 'firstName', detail: SIGN_UP_MESSAGES.name }] });
    const future = await create(registrar.token, registrar.clinicId, newPerson({ birthdate: '2999-01-01' }));
    expect(future.json()).toMatchObject({
      errors: [{ field: 'birthdate', detail: SIGN_UP_MESSAGES.birthdate }],
    });
    const landline = await create(
      registrar.token,
      registrar.clinicId,
      newPerson({ mobilePhone: '1111111111' }),
    );
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toMatchObject({ message: SIGN_UP_MESSAGES.mobilePhoneInvalid });
    // A clinic id that names none of the caller's clinics is refused before the input is read.
    const badClinic = await create(registrar.token, 'not-a-uuid', newPerson());
    expect(badClinic.statusCode).toBe(404);
  });

  it('shows a patient to providers of their clinic with PATIENT or APPOINTMENTS, else the access text', async () => {
    const patient = await patientAt(t, [registrar.clinicId, viewer.clinicId]);
    const read = (token: string, id = patient.id) =>
      t.app.inject({ method: 'GET', url: PATIENT_PATHS.summary(id), headers: bearer(token) });
    const byRegistrar = await read(registrar.token);
    expect(byRegistrar.statusCode).toBe(200);
    expect(byRegistrar.json()).toMatchObject({ id: patient.id, name: `Test ${patient.lastName}` });
    expect((await read(viewer.token)).statusCode).toBe(200);

    const elsewhere = await read(outsider.token);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ message: NO_PATIENT_ACCESS_TEXT });
    const noOne = await read(registrar.token, '00000000-0000-4000-8000-000000000000');
    expect(noOne.statusCode).toBe(403);
    expect(noOne.json()).toMatchObject({ message: NO_PATIENT_ACCESS_TEXT });

    const unpermitted = await providerWithClinic(t, ['MESSAGE']);
    await t.context.db.insert(clinicPatients).values({ clinicId: unpermitted.clinicId, userId: patient.id });
    expect((await read(unpermitted.token)).statusCode).toBe(403);
  });

  it('lists the clinics where the provider may register patients', async () => {
    const list = (token: string) =>
      t.app.inject({ method: 'GET', url: PATIENT_PATHS.clinics, headers: bearer(token) });
    const mine = (await list(registrar.token)).json<{ clinics: { clinicUuid: string }[] }>();
    expect(mine.clinics.map((c) => c.clinicUuid)).toEqual([registrar.clinicId]);
    const none = (await list(viewer.token)).json<{ clinics: unknown[] }>();
    expect(none.clinics).toEqual([]);
  });
});
