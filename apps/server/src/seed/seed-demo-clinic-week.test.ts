import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentListResponseSchema,
  type AppointmentListResponse,
} from '@app/contracts/provider-appointments';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { passwordGrant } from '../modules/auth/auth-test-helpers.ts';
import { bearer } from '../modules/patients/patients-test-helpers.ts';
import { providerWorkspaceResponseSchema } from '@app/contracts/provider-workspace';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';

// Decision 0039: dr.smith's /provider/appointments opens on a week of the clinic's providers, more
// than one page, with the statuses the filter offers; today's rooms are left as decision 0024 seeds them.

describe('the demo clinic week (decision 0039)', () => {
  let t: TestApp;
  let token: string;
  let clinicId: string;

  async function list(query: string): Promise<AppointmentListResponse> {
    const response = await t.app.inject({
      url: `/api/provider/clinics/${clinicId}/appointments?${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return appointmentListResponseSchema.parse(response.json());
  }

  beforeAll(async () => {
    // A Saturday evening: the week ahead still has its five weekdays.
    t = await buildTestApp({ CLOCK_AT: new Date('2026-11-28T19:00:00-05:00') });
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
    token = (await passwordGrant(t.app, 'dr.smith', DEMO_PASSWORD)).json<{ access_token: string }>()
      .access_token;
    const workspace = await t.app.inject({ url: '/api/provider/workspace', headers: bearer(token) });
    clinicId = providerWorkspaceResponseSchema.parse(workspace.json()).clinicId;
  });
  afterAll(() => t.close());

  it('fills the next seven days across providers, more than one page', async () => {
    const week = await list('');
    expect(week.from).toBe('2026-11-28');
    expect(week.total).toBeGreaterThan(25);
    expect(week.appointments).toHaveLength(25);
    const all = [...week.appointments, ...(await list('page=2')).appointments];
    expect(new Set(all.map((row) => row.doctorName))).toEqual(
      new Set(['Daniel Lee', 'Priya Patel', 'Carlos Gomez', 'Alice Smith']),
    );
    expect(new Set(all.map((row) => row.type))).toEqual(new Set(['office', 'video_call']));
    for (const status of ['booked', 'confirmed', 'cancelled'] as const) {
      expect((await list(`statuses=${status}`)).total, status).toBeGreaterThan(0);
    }
  });

  it("leaves today alone: only dr.smith's day of decision 0024", async () => {
    const today = await list('from=2026-11-28&to=2026-11-28');
    expect(new Set(today.appointments.map((row) => row.doctorName))).toEqual(new Set(['Alice Smith']));
  });
});
