import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  flowListResponseSchema,
  flowSchema,
  followUpListResponseSchema,
  navigationListResponseSchema,
} from '@app/contracts/worklists';
import { clinics } from '../../db/schema/clinics.ts';
import { followUpAlerts, newsItems, patientNavigation } from '../../db/schema/clinic-admin.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';

describe('news, flows, follow-ups and tracker (spec 3 §2 provider routes)', () => {
  let t: TestApp;
  let smith: TestProvider;
  let bare: TestProvider;
  let other: TestProvider;
  let patientId: string;
  let patientToken: string;
  let strangerId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    smith = await providerWithClinic(t, ['FLOWS', 'REMOTE_PATIENT_MONITORING', 'PATIENT_NAVIGATION']);
    bare = await providerWithClinic(t, ['FLOWS', 'PATIENT_NAVIGATION']);
    other = await providerWithClinic(t, ['FLOWS', 'REMOTE_PATIENT_MONITORING', 'PATIENT_NAVIGATION']);
    for (const provider of [smith, other]) {
      await t.context.db
        .update(clinics)
        .set({ modules: ['FLOWS', 'PATIENT_NAVIGATION'] })
        .where(eq(clinics.id, provider.clinicId));
    }
    const patient = await patientAt(t, [smith.clinicId]);
    patientId = patient.id;
    patientToken = (await loginTokens(t.app, patient.username)).access_token;
    strangerId = (await patientAt(t, [other.clinicId])).id;
    await t.context.db.insert(newsItems).values([
      { clinicId: smith.clinicId, title: 'Old', body: 'a', publishedAt: new Date('2026-01-01T00:00:00Z') },
      { clinicId: smith.clinicId, title: 'New', body: 'b', publishedAt: new Date('2026-02-01T00:00:00Z') },
      { clinicId: other.clinicId, title: 'Elsewhere', body: 'c' },
    ]);
    await t.context.db.insert(followUpAlerts).values([
      { clinicId: smith.clinicId, patientUserId: patientId, message: 'BP high', severity: 'critical' },
      { clinicId: smith.clinicId, patientUserId: patientId, message: 'No weight', severity: 'info' },
    ]);
    await t.context.db
      .insert(patientNavigation)
      .values({ clinicId: smith.clinicId, patientUserId: patientId });
  });
  afterAll(() => t.close());
  const base = (clinicId: string) => `/api/provider/clinics/${clinicId}`;

  it('lists the clinic news, newest first, for any provider of the clinic', async () => {
    const response = await t.app.inject({
      url: `${base(smith.clinicId)}/news`,
      headers: bearer(smith.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ title: string }[]>().map((item) => item.title)).toEqual(['New', 'Old']);
    expect(
      (await t.app.inject({ url: `${base(smith.clinicId)}/news`, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `${base(smith.clinicId)}/news`, headers: bearer(patientToken) })).statusCode,
    ).toBe(403);
  });

  it('creates and lists flows, also per patient, and marks them done', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${base(smith.clinicId)}/flows`,
      headers: bearer(smith.token),
      payload: { title: '  Call back about labs ', patientId, dueDate: '2026-12-01' },
    });
    expect(created.statusCode).toBe(201);
    const flow = flowSchema.parse(created.json());
    expect(flow).toMatchObject({
      title: 'Call back about labs',
      status: 'open',
      patientId,
      dueDate: '2026-12-01',
    });
    await t.app.inject({
      method: 'POST',
      url: `${base(smith.clinicId)}/flows`,
      headers: bearer(smith.token),
      payload: { title: 'Clinic chore' },
    });
    const all = flowListResponseSchema.parse(
      (await t.app.inject({ url: `${base(smith.clinicId)}/flows`, headers: bearer(smith.token) })).json(),
    );
    expect(all.map((item) => item.title)).toEqual(['Clinic chore', 'Call back about labs']);
    const mine = flowListResponseSchema.parse(
      (
        await t.app.inject({
          url: `${base(smith.clinicId)}/flows?patientId=${patientId}`,
          headers: bearer(smith.token),
        })
      ).json(),
    );
    expect(mine.map((item) => item.id)).toEqual([flow.id]);
    const done = await t.app.inject({
      method: 'PATCH',
      url: `${base(smith.clinicId)}/flows/${flow.id}`,
      headers: bearer(smith.token),
      payload: { status: 'done' },
    });
    expect(done.json()).toMatchObject({ id: flow.id, status: 'done' });
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `${base(other.clinicId)}/flows/${flow.id}`,
      headers: bearer(other.token),
      payload: { status: 'done' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad flows with 400 and changes nothing', async () => {
    const before = (
      await t.app.inject({ url: `${base(smith.clinicId)}/flows`, headers: bearer(smith.token) })
    ).json<unknown[]>().length;
    for (const payload of [
      {},
      { title: '   ' },
      { title: 'x'.repeat(201) },
      { title: 'ok', dueDate: 'tomorrow' },
      { title: 'ok', patientId: 'nope' },
      { title: 'ok', patientId: strangerId },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${base(smith.clinicId)}/flows`,
        headers: bearer(smith.token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const after = (
      await t.app.inject({ url: `${base(smith.clinicId)}/flows`, headers: bearer(smith.token) })
    ).json<unknown[]>().length;
    expect(after).toBe(before);
  });

  it('gates flows by FLOWS permission and module, other clinics and patients', async () => {
    const noModule = await t.app.inject({ url: `${base(bare.clinicId)}/flows`, headers: bearer(bare.token) });
    expect(noModule.statusCode).toBe(403);
    const noPermission = await providerWithClinic(t, ['REMOTE_PATIENT_MONITORING']);
    await t.context.db
      .update(clinics)
      .set({ modules: ['FLOWS'] })
      .where(eq(clinics.id, noPermission.clinicId));
    expect(
      (
        await t.app.inject({
          url: `${base(noPermission.clinicId)}/flows`,
          headers: bearer(noPermission.token),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `${base(smith.clinicId)}/flows`, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `${base(smith.clinicId)}/flows`, headers: bearer(patientToken) }))
        .statusCode,
    ).toBe(403);
  });

  it('lists follow-up alerts, counts the new ones and marks one seen', async () => {
    const count = () =>
      t.app.inject({
        url: `${base(smith.clinicId)}/follow-ups/new-alert-count`,
        headers: bearer(smith.token),
      });
    expect((await count()).json()).toEqual({ count: 2 });
    const alerts = followUpListResponseSchema.parse(
      (
        await t.app.inject({ url: `${base(smith.clinicId)}/follow-ups`, headers: bearer(smith.token) })
      ).json(),
    );
    expect(alerts).toHaveLength(2);
    const [first] = alerts;
    if (!first) {
      throw new Error('no alert');
    }
    const seen = await t.app.inject({
      method: 'POST',
      url: `${base(smith.clinicId)}/follow-ups/${first.id}/seen`,
      headers: bearer(smith.token),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ seenAt: string | null }>().seenAt).not.toBeNull();
    expect((await count()).json()).toEqual({ count: 1 });
    expect(
      (await t.app.inject({ url: `${base(bare.clinicId)}/follow-ups`, headers: bearer(bare.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `${base(smith.clinicId)}/follow-ups/new-alert-count`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${base(other.clinicId)}/follow-ups/${first.id}/seen`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists the tracker and moves a patient to another stage; bad stages are 400', async () => {
    const listed = navigationListResponseSchema.parse(
      (
        await t.app.inject({
          url: `${base(smith.clinicId)}/patient-navigation`,
          headers: bearer(smith.token),
        })
      ).json(),
    );
    expect(listed).toEqual([expect.objectContaining({ patientId, stage: 'referral' })]);
    const [entry] = listed;
    if (!entry) {
      throw new Error('no entry');
    }
    const url = `${base(smith.clinicId)}/patient-navigation/${entry.id}`;
    const moved = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(smith.token),
      payload: { stage: 'intake', note: 'Seen' },
    });
    expect(moved.json()).toMatchObject({ stage: 'intake', note: 'Seen' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(smith.token),
      payload: { stage: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
    // bare's clinic has no PATIENT_NAVIGATION module.
    expect(
      (await t.app.inject({ url: `${base(bare.clinicId)}/patient-navigation`, headers: bearer(bare.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `${base(smith.clinicId)}/patient-navigation`,
          headers: bearer(patientToken),
        })
      ).statusCode,
    ).toBe(403);
  });
});
