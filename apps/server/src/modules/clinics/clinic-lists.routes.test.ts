import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentListSchema, providerListSchema } from '@app/contracts/clinic-lists';
import { providers, providerSchedules } from '../../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { createSchedulingWorld, type SchedulingWorld } from '../appointments/appointments-test-helpers.ts';
import { bearer, patientAt, providerWithClinic } from '../patients/patients-test-helpers.ts';

describe('departments and providers simple lists (spec 3 §3, §7)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    token = (await loginTokens(t.app, world.provider.username)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });

  it('lists the departments (id = uuid) and the providers with their aclRole, by department', async () => {
    const departments = departmentListSchema.parse(
      (await get(`/api/provider/clinics/${world.clinicId}/departments`)).json(),
    );
    expect(departments).toEqual([
      {
        id: world.departmentId,
        uuid: world.departmentId,
        name: 'Test Main Clinic',
        timezone: 'America/New_York',
        location: 'Albany',
      },
    ]);
    const byProvider = departmentListSchema.parse(
      (
        await get(`/api/provider/clinics/${world.clinicId}/departments?providerId=${crypto.randomUUID()}`)
      ).json(),
    );
    expect(byProvider).toEqual([]);
    await t.context.db
      .update(providers)
      .set({ aclRole: 'physician' })
      .where(eq(providers.id, world.provider.providerId));
    const list = providerListSchema.parse(
      (await get(`/api/provider/clinics/${world.clinicId}/providers`)).json(),
    );
    expect(list).toEqual([expect.objectContaining({ id: world.provider.providerId, aclRole: 'physician' })]);
    const [schedule] = await t.context.db
      .select()
      .from(providerSchedules)
      .where(eq(providerSchedules.providerId, world.provider.providerId));
    const inDepartment = providerListSchema.parse(
      (
        await get(
          `/api/provider/clinics/${world.clinicId}/providers?departments=${schedule?.departmentId ?? ''}`,
        )
      ).json(),
    );
    expect(inDepartment).toHaveLength(1);
    const elsewhere = providerListSchema.parse(
      (
        await get(`/api/provider/clinics/${world.clinicId}/providers?departments=${crypto.randomUUID()}`)
      ).json(),
    );
    expect(elsewhere).toEqual([]);
  });

  it('refuses bad input, other clinics and patients', async () => {
    expect((await get(`/api/provider/clinics/${world.clinicId}/providers?departments=nope`)).statusCode).toBe(
      400,
    );
    expect((await get(`/api/provider/clinics/${world.clinicId}/departments?providerId=1`)).statusCode).toBe(
      400,
    );
    const other = await providerWithClinic(t, ['PATIENT']);
    expect((await get(`/api/provider/clinics/${world.clinicId}/departments`, other.token)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/provider/clinics/${world.clinicId}/providers`, other.token)).statusCode).toBe(
      404,
    );
    const patient = await patientAt(t, [world.clinicId]);
    const patientToken = (await loginTokens(t.app, patient.username)).access_token;
    expect((await get(`/api/provider/clinics/${world.clinicId}/providers`, patientToken)).statusCode).toBe(
      403,
    );
  });
});
