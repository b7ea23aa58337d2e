import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskPatientListSchema } from '@app/contracts/self-check-in';
import { users } from '../../db/schema/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
} from '../appointments/appointments-test-helpers.ts';

describe('self check-in patient search (spec 2 §2 /provider/patient/search; decision 0019)', () => {
  let t: TestApp;
  let providerToken: string;
  let otherProviderToken: string;
  let patientToken: string;
  let patientId: string;
  let todayId: string;
  const search = (token: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/self-check-in/patients?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    const world = await createSchedulingWorld(t.context.db);
    const otherWorld = await createSchedulingWorld(t.context.db);
    const patient = await createClinicPatient(t.context.db, world.clinicId);
    patientId = patient.id;
    await t.context.db
      .update(users)
      .set({ firstName: 'Kim', lastName: 'Kioskova', birthdate: '1980-04-12' })
      .where(eq(users.id, patient.id));
    const now = Date.now();
    todayId = (
      await insertAppointment(t.context.db, world, {
        patientUserId: patient.id,
        startAt: new Date(now + 3_600_000),
      })
    ).id;
    await insertAppointment(t.context.db, world, {
      patientUserId: patient.id,
      startAt: new Date(now + 5 * 86_400_000),
    });
    providerToken = (await loginTokens(t.app, world.provider.username)).access_token;
    otherProviderToken = (await loginTokens(t.app, otherWorld.provider.username)).access_token;
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
  });

  afterAll(async () => {
    await t.close();
  });

  it("finds the clinic's patient by name and birthdate with today's visits only", async () => {
    const response = await search(providerToken, 'name=kios&birthdate=1980-04-12');
    expect(response.statusCode).toBe(200);
    const [found, ...rest] = kioskPatientListSchema.parse(response.json());
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ userId: patientId, lastName: 'Kioskova' });
    expect(found?.appointments.map((visit) => visit.id)).toEqual([todayId]);
    // The department's zone, so the kiosk can name it beside the time (issue 18 item 4).
    expect(found?.appointments.map((visit) => visit.timezone)).toEqual(['America/New_York']);
    expect((await search(providerToken, 'name=Kim&birthdate=1980-04-12')).json()).toHaveLength(1);
  });

  it('finds nothing with another birthdate or at another clinic; refuses patients and bad input', async () => {
    expect((await search(providerToken, 'name=kios&birthdate=1980-04-13')).json()).toEqual([]);
    expect((await search(otherProviderToken, 'name=kios&birthdate=1980-04-12')).json()).toEqual([]);
    expect((await search(providerToken, 'name=%25&birthdate=1980-04-12')).statusCode).toBe(400);
    expect((await search(providerToken, 'name=%25%25&birthdate=1980-04-12')).json()).toEqual([]);
    expect((await search(providerToken, 'name=kios')).statusCode).toBe(400);
    expect([403, 404]).toContain((await search(patientToken, 'name=kios&birthdate=1980-04-12')).statusCode);
  });
});
