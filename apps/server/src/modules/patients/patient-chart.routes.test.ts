import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chartPatientSchema,
  patientContactsSchema,
  patientPaymentsSchema,
  patientSearchResultSchema,
  signedDocumentListSchema,
  timeEntryListSchema,
  timeEntrySchema,
} from '@app/contracts/patient-chart';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { bearer, patientAt, providerWithClinic, type TestProvider } from './patients-test-helpers.ts';

describe('patient search and patient view calls (spec 3 §2, §7 Get patient; decision 0025)', () => {
  let t: TestApp;
  let doctor: TestProvider;
  let base: string;
  let patient: { id: string; username: string; firstName: string; lastName: string };

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    doctor = await providerWithClinic(t, ['PATIENT']);
    base = `/api/provider/clinics/${doctor.clinicId}/patients`;
    patient = await patientAt(t, [doctor.clinicId]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, token = doctor.token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload?: object, token = doctor.token) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('searches by name prefixes and by date of birth, only in the clinic', async () => {
    const outsider = await patientAt(t, []);
    const prefix = patient.firstName.slice(0, 4);
    const found = patientSearchResultSchema.parse((await get(`${base}?query=${prefix}`)).json());
    expect(found.items.map((item) => item.id)).toContain(patient.id);
    expect(found.items.map((item) => item.id)).not.toContain(outsider.id);
    const full = `${patient.firstName} ${(patient.lastName.split(' ')[1] ?? '').slice(0, 5)}`;
    const byBoth = patientSearchResultSchema.parse(
      (await get(`${base}?query=${encodeURIComponent(full)}`)).json(),
    );
    expect(byBoth.items).toHaveLength(1);
    expect(byBoth.items[0]).toMatchObject({ id: patient.id, userId: patient.id, exactLink: null });
    const wildcard = patientSearchResultSchema.parse((await get(`${base}?query=%25%25`)).json());
    expect(wildcard.items).toEqual([]);
  });

  it('refuses a search that is too short or a bad date with 400', async () => {
    const short = await get(`${base}?query=a`);
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toContain('at least 2 characters');
    expect((await get(`${base}?query=ab&birthDate=31-12-1990`)).statusCode).toBe(400);
    expect((await get(`${base}?query=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('reads the patient, signed documents, payments and contacts', async () => {
    const read = chartPatientSchema.parse((await get(`${base}/${patient.id}`)).json());
    expect(read).toMatchObject({ id: patient.id, firstName: patient.firstName });
    const documents = signedDocumentListSchema.parse(
      (await get(`${base}/${patient.id}/signed-documents`)).json(),
    );
    expect(documents.items).toEqual([]);
    const payments = patientPaymentsSchema.parse((await get(`${base}/${patient.id}/payments`)).json());
    expect(payments).toEqual({ balance: { items: [], totalCents: 0 }, transactions: [] });
    const contacts = patientContactsSchema.parse((await get(`${base}/${patient.id}/contacts`)).json());
    expect(contacts.address.city).toBeNull();
    expect((await get(`${base}/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`${base}/not-a-uuid/payments`)).statusCode).toBe(400);
  });

  it('time recorder: start, one running timer at a time, stop with a note, totals per provider', async () => {
    const url = `${base}/${patient.id}/time-entries`;
    const started = await post(url);
    expect(started.statusCode).toBe(201);
    const entry = timeEntrySchema.parse(started.json());
    expect(entry.stoppedAt).toBeNull();
    const second = await post(url);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: 'A timer for this patient is already running.' });
    const running = timeEntryListSchema.parse((await get(url)).json());
    expect(running.running?.id).toBe(entry.id);

    const tooLong = await post(`${url}/${entry.id}/stop`, { note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    const stopped = await post(`${url}/${entry.id}/stop`, { note: 'Care coordination call' });
    expect(stopped.statusCode).toBe(200);
    expect(timeEntrySchema.parse(stopped.json())).toMatchObject({ note: 'Care coordination call' });
    expect((await post(`${url}/${entry.id}/stop`, {})).statusCode).toBe(409);
    expect((await post(`${url}/${crypto.randomUUID()}/stop`, {})).statusCode).toBe(404);

    // Another provider of the same clinic sees only their own entries, and cannot stop this one.
    const colleague = await providerWithClinic(t, ['PATIENT']);
    const { providers } = await import('../../db/schema/clinics.ts');
    await t.context.db
      .insert(providers)
      .values({ userId: colleague.id, clinicId: doctor.clinicId, permissions: ['PATIENT'] });
    const colleagueToken = (await loginTokens(t.app, colleague.username)).access_token;
    const theirs = timeEntryListSchema.parse((await get(url, colleagueToken)).json());
    expect(theirs.items).toEqual([]);
    expect((await post(`${url}/${entry.id}/stop`, {}, colleagueToken)).statusCode).toBe(404);
    const mine = timeEntryListSchema.parse((await get(url)).json());
    expect(mine.items).toHaveLength(1);
    expect(mine.running).toBeNull();
  });

  it("another clinic's provider 404, without PATIENT 403, a patient 403", async () => {
    const other = await providerWithClinic(t, ['PATIENT']);
    for (const path of ['', `/${patient.id}`, `/${patient.id}/payments`, `/${patient.id}/time-entries`]) {
      const url = path === '' ? `${base}?query=ab` : `${base}${path}`;
      expect((await get(url, other.token)).statusCode).toBe(404);
    }
    // A patient of the other clinic, asked through this clinic's path by our doctor: 404.
    const theirPatient = await patientAt(t, [other.clinicId]);
    expect((await get(`${base}/${theirPatient.id}`)).statusCode).toBe(404);

    const limited = await providerWithClinic(t, ['APPOINTMENTS']);
    await t.context.db.insert((await import('../../db/schema/clinics.ts')).clinicPatients).values({
      clinicId: limited.clinicId,
      userId: patient.id,
    });
    const limitedBase = `/api/provider/clinics/${limited.clinicId}/patients`;
    const refused = await get(`${limitedBase}/${patient.id}`, limited.token);
    expect(refused.statusCode).toBe(403);
    expect(
      (await post(`${limitedBase}/${patient.id}/time-entries`, undefined, limited.token)).statusCode,
    ).toBe(403);

    const patientToken = (await loginTokens(t.app, patient.username)).access_token;
    expect((await get(`${base}/${patient.id}`, patientToken)).statusCode).toBe(403);
    expect((await get(`${base}/${patient.id}/contacts`, patientToken)).statusCode).toBe(403);
  });
});
