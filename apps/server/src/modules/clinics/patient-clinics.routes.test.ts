import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  INVITATION_CODE_MALFORMED_TEXT,
  INVITATION_CODE_REQUIRED_TEXT,
  INVITATION_NOT_VALID_TEXT,
  isInvitationCode,
} from '@app/contracts/clinic-invitation-code';
import {
  CLINIC_INVITATIONS_ACTIVE_MAX,
  CLINIC_INVITATIONS_LIMIT_TEXT,
  clinicInvitationListSchema,
  clinicInvitationSchema,
  connectClinicResponseSchema,
  invitationPreviewSchema,
  patientClinicListSchema,
  type ClinicInvitation,
} from '@app/contracts/clinic-invitations';
import { clinicPatients, clinics, departments, providers } from '../../db/schema/clinics.ts';
import { clinicInvitations } from '../../db/schema/patient-records.ts';
import { OWN_SESSION_ONLY_TEXT } from '../../platform/access.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens, PORTAL_CLIENT } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';
import { generateInvitationCode } from './patient-clinics.service.ts';

// Issue 16 item 1 (decision 0035): a patient's clinics, connecting by invitation code, a clinic's codes.

const DAY_MS = 24 * 60 * 60 * 1000;

async function patientToken(t: TestApp, clinicIds: string[] = []) {
  const patient = await patientAt(t, clinicIds);
  return {
    id: patient.id,
    username: patient.username,
    token: (await loginTokens(t.app, patient.username)).access_token,
  };
}

describe('patient clinics and connecting by invitation code', () => {
  let t: TestApp;
  let admin: TestProvider;
  let other: TestProvider;
  let code: string;

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, SIGN_UP_RATE_LIMIT_PER_IP: 10_000 });
    admin = await providerWithClinic(t, ['SETTING']);
    other = await providerWithClinic(t, ['SETTING']);
    await t.context.db.update(clinics).set({ name: 'Hill Clinic' }).where(eq(clinics.id, admin.clinicId));
    await t.context.db.insert(departments).values([
      {
        clinicId: admin.clinicId,
        name: 'Hill Downtown',
        timezone: 'America/New_York',
        address: '1 Main Street, Hartford, CT 06103',
        city: 'Hartford',
        state: 'CT',
      },
      { clinicId: admin.clinicId, name: 'Hill Telehealth', timezone: 'America/New_York' },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${admin.clinicId}/invitations`,
      headers: bearer(admin.token),
    });
    expect(created.statusCode, created.body).toBe(201);
    code = clinicInvitationSchema.parse(created.json()).code;
  });
  afterAll(() => t.close());

  const list = (token: string) => t.app.inject({ url: '/api/user/clinics', headers: bearer(token) });
  const preview = (token: string, value: string) =>
    t.app.inject({
      url: `/api/user/clinic-invitations/${encodeURIComponent(value)}`,
      headers: bearer(token),
    });
  const connect = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/clinics',
      headers: bearer(token),
      payload: payload as object,
    });

  it('lists the clinics the patient belongs to, with their places and the connection date, and no other', async () => {
    const patient = await patientToken(t, [admin.clinicId]);
    const response = await list(patient.token);
    expect(response.statusCode).toBe(200);
    const body = patientClinicListSchema.parse(response.json());
    expect(body.clinics).toEqual([
      {
        clinicUuid: admin.clinicId,
        name: 'Hill Clinic',
        logo: null,
        connectedAt: expect.any(String) as string,
        // The telehealth department has no address: nothing a patient could find.
        locations: [
          {
            name: 'Hill Downtown',
            address: '1 Main Street, Hartford, CT 06103',
            city: 'Hartford',
            state: 'CT',
          },
        ],
        // A department is open for scheduling and admin (scheduling on by default) takes bookings.
        bookable: true,
      },
    ]);
    // A clinic without a department open for scheduling is listed, but not bookable.
    const both = await patientToken(t, [admin.clinicId, other.clinicId]);
    const listed = patientClinicListSchema.parse((await list(both.token)).json());
    expect(
      listed.clinics.map((clinic) => [clinic.clinicUuid, clinic.bookable, clinic.locations.length]),
    ).toEqual([
      [admin.clinicId, true, 1],
      [other.clinicId, false, 0],
    ]);
    const lonely = await patientToken(t);
    expect(patientClinicListSchema.parse((await list(lonely.token)).json())).toEqual({ clinics: [] });
  });

  it('is for patients only: a guest gets 401, a provider 403', async () => {
    expect((await t.app.inject({ url: '/api/user/clinics' })).statusCode).toBe(401);
    expect((await list(admin.token)).statusCode).toBe(403);
    expect((await preview(admin.token, code)).statusCode).toBe(403);
    expect((await connect(admin.token, { code })).statusCode).toBe(403);
  });

  it('previews the clinic of a code, in any case and with the hyphen people type', async () => {
    const patient = await patientToken(t);
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`;
    const response = await preview(patient.token, typed);
    expect(response.statusCode, response.body).toBe(200);
    expect(invitationPreviewSchema.parse(response.json())).toEqual({
      code,
      clinicName: 'Hill Clinic',
      logo: null,
      locations: [
        {
          name: 'Hill Downtown',
          address: '1 Main Street, Hartford, CT 06103',
          city: 'Hartford',
          state: 'CT',
        },
      ],
      alreadyConnected: false,
    });
    // Only a preview: nothing is written.
    expect((await list(patient.token)).json()).toEqual({ clinics: [] });
  });

  it('tells a patient who belongs to the clinic already', async () => {
    const patient = await patientToken(t, [admin.clinicId]);
    expect(invitationPreviewSchema.parse((await preview(patient.token, code)).json()).alreadyConnected).toBe(
      true,
    );
  });

  it('answers an unknown code with 404 and the clear text, a malformed one with 400', async () => {
    const patient = await patientToken(t);
    let unknown = generateInvitationCode();
    while (unknown === code) {
      unknown = generateInvitationCode();
    }
    const missing = await preview(patient.token, unknown);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: INVITATION_NOT_VALID_TEXT, code: 'invitation_not_valid' });
    for (const bad of ['ABC', 'HCM7-4QP0', 'O1IL2345', 'x'.repeat(41), '%00%00', 'ÄÖÜ12345']) {
      const response = await preview(patient.token, bad);
      expect({ bad, status: response.statusCode }).toEqual({ bad, status: 400 });
      expect(response.json<{ message: string }>().message).toBe(INVITATION_CODE_MALFORMED_TEXT);
    }
    const connectUnknown = await connect(patient.token, { code: unknown });
    expect(connectUnknown.statusCode).toBe(404);
    expect(connectUnknown.json<{ message: string }>().message).toBe(INVITATION_NOT_VALID_TEXT);
    for (const [payload, message] of [
      [{}, INVITATION_CODE_REQUIRED_TEXT],
      [{ code: '' }, INVITATION_CODE_REQUIRED_TEXT],
      [{ code: ' - ' }, INVITATION_CODE_REQUIRED_TEXT],
      [{ code: 12345678 }, INVITATION_CODE_REQUIRED_TEXT],
      [{ code: 'ABCD-EFG' }, INVITATION_CODE_MALFORMED_TEXT],
    ] as const) {
      const response = await connect(patient.token, payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    // Nothing was written by any of these.
    expect((await list(patient.token)).json()).toEqual({ clinics: [] });
  });

  it('connects the patient (201, source invitation), then answers 200 alreadyConnected without a second row', async () => {
    const patient = await patientToken(t);
    const first = await connect(patient.token, { code: code.toLowerCase() });
    expect(first.statusCode, first.body).toBe(201);
    const connected = connectClinicResponseSchema.parse(first.json());
    expect(connected).toMatchObject({
      alreadyConnected: false,
      clinic: { clinicUuid: admin.clinicId, name: 'Hill Clinic' },
    });
    expect(Math.abs(Date.parse(connected.clinic.connectedAt) - t.context.now().getTime())).toBeLessThan(
      60_000,
    );
    const rows = await t.context.db
      .select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.userId, patient.id), eq(clinicPatients.clinicId, admin.clinicId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('invitation');

    const again = await connect(patient.token, { code });
    expect(again.statusCode).toBe(200);
    expect(connectClinicResponseSchema.parse(again.json())).toEqual({ ...connected, alreadyConnected: true });
    const listed = patientClinicListSchema.parse((await list(patient.token)).json());
    expect(listed.clinics.map((clinic) => clinic.clinicUuid)).toEqual([admin.clinicId]);
  });

  it('keeps the earlier registration of a patient who belonged to the clinic already', async () => {
    const patient = await patientToken(t, [admin.clinicId]);
    const response = await connect(patient.token, { code });
    expect(response.statusCode).toBe(200);
    const [row] = await t.context.db
      .select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.userId, patient.id), eq(clinicPatients.clinicId, admin.clinicId)));
    expect(row?.source).toBe('portal');
  });

  it('survives two connects at once: one creates, the other finds it', async () => {
    const patient = await patientToken(t);
    const answers = await Promise.all([connect(patient.token, { code }), connect(patient.token, { code })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
  });

  it('refuses expired and revoked codes with the same 404 text', async () => {
    const patient = await patientToken(t);
    const shortLived = clinicInvitationSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/provider/clinics/${admin.clinicId}/invitations`,
          headers: bearer(admin.token),
          payload: { expiresInDays: 1 },
        })
      ).json(),
    );
    expect((await preview(patient.token, shortLived.code)).statusCode).toBe(200);
    t.advanceClock(DAY_MS + 1000);
    try {
      // A day later the morning's token has expired too: log in again.
      const token = (await loginTokens(t.app, patient.username)).access_token;
      const expired = await connect(token, { code: shortLived.code });
      expect(expired.statusCode).toBe(404);
      expect(expired.json<{ message: string }>().message).toBe(INVITATION_NOT_VALID_TEXT);
    } finally {
      t.advanceClock(-(DAY_MS + 1000));
    }

    const withdrawn = clinicInvitationSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/provider/clinics/${admin.clinicId}/invitations`,
          headers: bearer(admin.token),
        })
      ).json(),
    );
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${admin.clinicId}/invitations/${withdrawn.code}/revoke`,
      headers: bearer(admin.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(clinicInvitationSchema.parse(revoked.json()).status).toBe('revoked');
    const refused = await preview(patient.token, withdrawn.code);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(INVITATION_NOT_VALID_TEXT);
    expect((await list(patient.token)).json()).toEqual({ clinics: [] });
  });

  it("refuses a provider switched into the patient's session: connecting is the patient's decision", async () => {
    const switcher = await providerWithClinic(t, ['APPOINTMENTS']);
    const patient = await patientAt(t, [switcher.clinicId]);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(switcher.token),
      payload: { grant_type: 'clinic_user', client_id: PORTAL_CLIENT, clinic_user_id: patient.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const token = switched.json<{ access_token: string }>().access_token;
    // Reading the patient's clinics is fine; connecting is not.
    expect((await list(token)).statusCode).toBe(200);
    const response = await connect(token, { code });
    expect(response.statusCode).toBe(403);
    // The route itself is the owner's only (decision 0067); the service refuses too.
    expect(response.json()).toMatchObject({ code: 'own_session_only', message: OWN_SESSION_ONLY_TEXT });
    const rows = await t.context.db
      .select()
      .from(clinicPatients)
      .where(and(eq(clinicPatients.userId, patient.id), eq(clinicPatients.clinicId, admin.clinicId)));
    expect(rows).toHaveLength(0);
  });

  describe("a clinic's invitation codes", () => {
    const path = (clinicId: string) => `/api/provider/clinics/${clinicId}/invitations`;

    it('creates codes of 8 unambiguous characters with their links, and lists them newest first', async () => {
      const made = await t.app.inject({
        method: 'POST',
        url: path(other.clinicId),
        headers: bearer(other.token),
        payload: { expiresInDays: 30 },
      });
      expect(made.statusCode).toBe(201);
      const invitation = clinicInvitationSchema.parse(made.json());
      expect(isInvitationCode(invitation.code)).toBe(true);
      expect(invitation).toEqual({
        code: invitation.code,
        status: 'active',
        createdAt: invitation.createdAt,
        expiresAt: expect.any(String) as string,
        revokedAt: null,
        connectPath: `/user/provider/connect?code=${invitation.code}`,
        signUpPath: `/guest/sign-up?clinicUuid=${other.clinicId}&code=${invitation.code}`,
      } satisfies ClinicInvitation);
      expect(Math.abs(Date.parse(invitation.createdAt) - t.context.now().getTime())).toBeLessThan(60_000);
      expect(new Date(invitation.expiresAt ?? '').getTime() - new Date(invitation.createdAt).getTime()).toBe(
        30 * DAY_MS,
      );
      const listed = clinicInvitationListSchema.parse(
        (await t.app.inject({ url: path(other.clinicId), headers: bearer(other.token) })).json(),
      );
      expect(listed.invitations.map((item) => item.code)).toEqual([invitation.code]);
    });

    it('refuses bad input with 400 and changes nothing', async () => {
      const before = await t.context.db
        .select()
        .from(clinicInvitations)
        .where(eq(clinicInvitations.clinicId, other.clinicId));
      for (const payload of [
        { expiresInDays: 0 },
        { expiresInDays: 366 },
        { expiresInDays: 1.5 },
        { expiresInDays: 'x' },
        { code: 'ABCDEFGH' },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: path(other.clinicId),
          headers: bearer(other.token),
          payload,
        });
        expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      }
      const after = await t.context.db
        .select()
        .from(clinicInvitations)
        .where(eq(clinicInvitations.clinicId, other.clinicId));
      expect(after).toHaveLength(before.length);
    });

    it("answers another clinic's codes with 404 and needs SETTING in that very clinic", async () => {
      expect(
        (await t.app.inject({ url: path(admin.clinicId), headers: bearer(other.token) })).statusCode,
      ).toBe(404);
      const revokeForeign = await t.app.inject({
        method: 'POST',
        url: `${path(admin.clinicId)}/${code}/revoke`,
        headers: bearer(other.token),
      });
      expect(revokeForeign.statusCode).toBe(404);
      // SETTING in one's own clinic, a plain member of admin's clinic: not an admin there.
      const member = await providerWithClinic(t, ['SETTING']);
      await t.context.db
        .insert(providers)
        .values({ userId: member.id, clinicId: admin.clinicId, permissions: [] });
      const memberToken = (await loginTokens(t.app, member.username)).access_token;
      expect(
        (await t.app.inject({ url: path(admin.clinicId), headers: bearer(memberToken) })).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: path(admin.clinicId), headers: bearer(memberToken) }))
          .statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ url: path(member.clinicId), headers: bearer(memberToken) })).statusCode,
      ).toBe(200);
      // A provider without SETTING anywhere is refused by the access rule.
      const plain = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
      const plainToken = (await loginTokens(t.app, plain.username)).access_token;
      const [plainClinic] = await t.context.db.select().from(providers).where(eq(providers.userId, plain.id));
      expect(
        (await t.app.inject({ url: path(plainClinic?.clinicId ?? ''), headers: bearer(plainToken) }))
          .statusCode,
      ).toBe(403);
    });

    it('revokes once (a second revoke keeps the first time) and answers an unknown code with 404', async () => {
      const made = clinicInvitationSchema.parse(
        (
          await t.app.inject({ method: 'POST', url: path(other.clinicId), headers: bearer(other.token) })
        ).json(),
      );
      const revoke = () =>
        t.app.inject({
          method: 'POST',
          url: `${path(other.clinicId)}/${made.code}/revoke`,
          headers: bearer(other.token),
        });
      const first = clinicInvitationSchema.parse((await revoke()).json());
      t.advanceClock(60_000);
      const second = clinicInvitationSchema.parse((await revoke()).json());
      t.advanceClock(-60_000);
      expect(second.revokedAt).toBe(first.revokedAt);
      // admin's code is not other's to revoke, even by its exact code.
      const notOurs = await t.app.inject({
        method: 'POST',
        url: `${path(other.clinicId)}/${code}/revoke`,
        headers: bearer(other.token),
      });
      expect(notOurs.statusCode).toBe(404);
      const malformed = await t.app.inject({
        method: 'POST',
        url: `${path(other.clinicId)}/nope/revoke`,
        headers: bearer(other.token),
      });
      expect(malformed.statusCode).toBe(400);
    });

    it(`keeps at most ${CLINIC_INVITATIONS_ACTIVE_MAX} live codes per clinic`, async () => {
      const busy = await providerWithClinic(t, ['SETTING']);
      await t.context.db.insert(clinicInvitations).values(
        Array.from({ length: CLINIC_INVITATIONS_ACTIVE_MAX }, () => ({
          code: generateInvitationCode(),
          clinicId: busy.clinicId,
        })),
      );
      const refused = await t.app.inject({
        method: 'POST',
        url: path(busy.clinicId),
        headers: bearer(busy.token),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(CLINIC_INVITATIONS_LIMIT_TEXT);
    });
  });
});

describe('invitation code tries are rate limited (decision 0035)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SIGN_UP_RATE_LIMIT_PER_IP: 3, AUTH_RATE_LIMIT_PER_IP: 5 });
  });
  afterAll(() => t.close());

  const rateLimited = {
    message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) as string,
    code: 'rate_limited',
  };

  it('per account over ten minutes, previews and connects together', async () => {
    const patient = await createTestUser(t.context.db);
    const token = (await loginTokens(t.app, patient.username)).access_token;
    const remoteAddress = '198.51.100.20';
    const tryCode = () =>
      t.app.inject({
        url: `/api/user/clinic-invitations/${generateInvitationCode()}`,
        headers: bearer(token),
        remoteAddress,
      });
    expect((await tryCode()).statusCode).toBe(404);
    expect((await tryCode()).statusCode).toBe(404);
    const connect = await t.app.inject({
      method: 'POST',
      url: '/api/user/clinics',
      headers: bearer(token),
      payload: { code: generateInvitationCode() },
      remoteAddress,
    });
    expect(connect.statusCode).toBe(404);
    const limited = await tryCode();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimited);
    // Another account from another address has its own budget.
    const neighbour = await createTestUser(t.context.db);
    const neighbourToken = (await loginTokens(t.app, neighbour.username)).access_token;
    const fresh = await t.app.inject({
      url: `/api/user/clinic-invitations/${generateInvitationCode()}`,
      headers: bearer(neighbourToken),
      remoteAddress: '198.51.100.21',
    });
    expect(fresh.statusCode).toBe(404);
  });

  it('per address over a minute, whichever account asks', async () => {
    const remoteAddress = '198.51.100.30';
    const statuses: number[] = [];
    // Three accounts, two tries each: within each account's budget, over the address's.
    for (let i = 0; i < 3; i++) {
      const patient = await createTestUser(t.context.db);
      const token = (await loginTokens(t.app, patient.username)).access_token;
      for (let j = 0; j < 2; j++) {
        const response = await t.app.inject({
          url: `/api/user/clinic-invitations/${generateInvitationCode()}`,
          headers: bearer(token),
          remoteAddress,
        });
        statuses.push(response.statusCode);
      }
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });
});
