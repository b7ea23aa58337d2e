import { and, desc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_LINK_TTL_HOURS } from '@app/contracts/check-in';
import { INVALID_QUICK_LINK_TEXT } from '@app/contracts/quick-links';
import { checkIns, quickLinks } from '../../db/schema/check-in.ts';
import { users } from '../../db/schema/accounts.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens, PORTAL_CLIENT, tokenRequest } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { QUICK_LINK_PURPOSE } from './quick-links.service.ts';

describe('quick links (spec 2 §2 Quick-link entry, §7 logins by links; decision 0019)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let patient: { id: string; email: string | null };
  let other: { id: string };
  let appointmentId: string;
  let providerToken: string;
  let otherProviderToken: string;
  let patientToken: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const at = (days: number, hour: number) =>
    DateTime.now().setZone('America/New_York').startOf('day').plus({ days }).set({ hour }).toJSDate();

  const send = (token: string, type = 'check-in', id = appointmentId, clinic = world.clinicId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/clinics/${clinic}/appointments/${id}/quick-links`,
      headers: auth(token),
      payload: { type },
    });

  /** The code of the newest quick link sent to the patient, read from the outbox like a person would. */
  async function latestLinkCode(): Promise<{ code: string; url: string }> {
    const [message] = await t.context.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, patient.email ?? ''),
          eq(outboxMessages.purpose, QUICK_LINK_PURPOSE),
        ),
      )
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const url = /https?:\/\/\S+/.exec(message?.body ?? '')?.[0] ?? '';
    const code = new URL(url).searchParams.get('oauthCode') ?? '';
    return { code, url };
  }

  const grant = (code: string, userId = patient.id) =>
    tokenRequest(t.app, { grant_type: 'quick_link', client_id: PORTAL_CLIENT, code, user_id: userId });

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    const otherWorld = await createSchedulingWorld(t.context.db);
    const created = await createClinicPatient(t.context.db, world.clinicId);
    patient = { id: created.id, email: created.email };
    other = await createClinicPatient(t.context.db, world.clinicId);
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: patient.id,
      startAt: at(1, 10),
    });
    appointmentId = appointment.id;
    providerToken = (await loginTokens(t.app, world.provider.username)).access_token;
    otherProviderToken = (await loginTokens(t.app, otherWorld.provider.username)).access_token;
    patientToken = (await loginTokens(t.app, created.username)).access_token;
  });

  afterAll(async () => {
    await t.close();
  });

  it('lets a provider of the clinic send a check-in link through the outbox; only its SHA-256 is stored', async () => {
    const response = await send(providerToken);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'check-in', channels: ['email', 'sms'] });
    const { code, url } = await latestLinkCode();
    const query = new URL(url).searchParams;
    expect(new URL(url).pathname).toBe('/quick-link');
    expect(Object.fromEntries(query)).toMatchObject({
      type: 'check-in',
      userId: patient.id,
      appointmentId,
      clinicUuid: world.clinicId,
    });
    const rows = await t.context.db.select().from(quickLinks).where(eq(quickLinks.userId, patient.id));
    expect(rows.some((row) => row.codeHash === code)).toBe(false);
    expect(rows.every((row) => row.codeHash.length >= 43)).toBe(true);
  });

  it('refuses to send for another clinic, a patient, or an unknown appointment (404) and bad input (400)', async () => {
    expect((await send(otherProviderToken)).statusCode).toBe(404);
    expect((await send(patientToken)).statusCode).toBe(404);
    expect((await send(providerToken, 'check-in', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await send(providerToken, 'messaging')).statusCode).toBe(400);
    expect((await send(providerToken, 'check-in', 'nope')).statusCode).toBe(400);
  });

  it('logs the patient in once: a second use is refused', async () => {
    await send(providerToken);
    const { code } = await latestLinkCode();
    const first = await grant(code);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ user: { id: string } }>().user.id).toBe(patient.id);
    const again = await grant(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_QUICK_LINK_TEXT });
  });

  it('is refused for another user, and still works for its own', async () => {
    await send(providerToken);
    const { code } = await latestLinkCode();
    expect((await grant(code, other.id)).statusCode).toBe(400);
    expect((await grant(code)).statusCode).toBe(200);
  });

  it("never names another patient's appointment or task in a link (404, nothing sent)", async () => {
    const issue = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/dev/fixtures/quick-links', payload });
    const base = { type: 'check-in', clinicUuid: world.clinicId };
    expect((await issue({ ...base, userId: other.id, appointmentId })).statusCode).toBe(404);
    expect((await issue({ ...base, userId: patient.id, taskId: appointmentId })).statusCode).toBe(404);
    expect((await issue({ ...base, userId: patient.id, appointmentId })).statusCode).toBe(201);
  });

  it('refuses unknown codes and bad input without a 500', async () => {
    expect((await grant('not-a-code')).statusCode).toBe(400);
    expect((await grant('x', 'not-a-uuid')).statusCode).toBe(400);
  });

  it("marks the patient outside with the 'outside' link (check_ins.outside_at)", async () => {
    expect((await send(providerToken, 'outside')).statusCode).toBe(201);
    const { code, url } = await latestLinkCode();
    expect(new URL(url).searchParams.get('type')).toBe('outside');
    const [before] = await t.context.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.appointmentId, appointmentId));
    expect(before?.outsideAt ?? null).toBeNull();
    expect((await grant(code)).statusCode).toBe(200);
    const [after] = await t.context.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.appointmentId, appointmentId));
    expect(after?.outsideAt).toBeInstanceOf(Date);
  });

  it('still asks for the second factor of an account that has one', async () => {
    await t.context.db.update(users).set({ twoFactorRequired: true }).where(eq(users.id, patient.id));
    await send(providerToken);
    const { code } = await latestLinkCode();
    const response = await grant(code);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ challenge_id: expect.any(String) as string });
    await t.context.db.update(users).set({ twoFactorRequired: false }).where(eq(users.id, patient.id));
  });
  // Last: moving the clock ends the access tokens of this file's sessions.
  it(`expires after ${QUICK_LINK_TTL_HOURS} hours`, async () => {
    await send(providerToken);
    const { code } = await latestLinkCode();
    t.advanceClock(QUICK_LINK_TTL_HOURS * 3_600_000 + 1000);
    const response = await grant(code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', error_description: INVALID_QUICK_LINK_TEXT });
  });
});
