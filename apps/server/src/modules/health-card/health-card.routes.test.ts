import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { HEALTH_CARD_PATH, healthCardSchema } from '@app/contracts/health-card';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients } from '../../db/schema/clinics.ts';
import { familyMembers } from '../../db/schema/family.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens, PORTAL_CLIENT } from '../auth/auth-test-helpers.ts';
import { insertTestCard } from '../insurance/insurance-review-test-helpers.ts';
import { bearer, patientAt, providerWithClinic } from '../patients/patients-test-helpers.ts';
import { createSchedulingWorld, type SchedulingWorld } from '../scheduling/scheduling-test-helpers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('GET /api/users/me/health-card (issue 16, decision 0034)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const read = (token: string, url = HEALTH_CARD_PATH) => t.app.inject({ url, headers: bearer(token) });
  const card = async (token: string) => {
    const response = await read(token);
    expect(response.statusCode).toBe(200);
    return healthCardSchema.parse(response.json());
  };
  async function signedIn(user: { username: string }) {
    return (await loginTokens(t.app, user.username)).access_token;
  }

  it("shows the patient's name, date of birth, member ID, clinics and both insurances, without card photos", async () => {
    const first = await providerWithClinic(t, []);
    const second = await providerWithClinic(t, []);
    const patient = await patientAt(t, [first.clinicId]);
    // Joined the second clinic a day later: the card lists clinics in the order they were joined.
    await t.context.db.insert(clinicPatients).values({
      clinicId: second.clinicId,
      userId: patient.id,
      registeredAt: new Date(t.context.now().getTime() + DAY),
    });
    await t.context.db.update(users).set({ birthdate: '1985-04-12' }).where(eq(users.id, patient.id));
    const primary = await insertTestCard(t.context.db, {
      clinicId: first.clinicId,
      userId: patient.id,
      kind: 'primary',
      updatedAt: t.context.now(),
    });
    await insertTestCard(t.context.db, {
      clinicId: second.clinicId,
      userId: patient.id,
      kind: 'secondary',
      updatedAt: t.context.now(),
    });

    const response = await read(await signedIn(patient));
    expect(response.statusCode).toBe(200);
    const body = healthCardSchema.parse(response.json());
    expect(body.patient).toEqual({
      id: patient.id,
      name: `${patient.firstName} ${patient.lastName}`,
      firstName: patient.firstName,
      lastName: patient.lastName,
      birthdate: '1985-04-12',
      memberId: patient.memberId,
    });
    expect(body.clinics.map((clinic) => clinic.id)).toEqual([first.clinicId, second.clinicId]);
    expect(body.clinics[0]).toMatchObject({ logo: null, location: null });
    expect(body.insurance.primary).toEqual({
      kind: 'primary',
      payer: 'Aetna',
      planName: 'Choice POS II',
      memberNumber: 'XZ123456789',
      policyHolderName: 'Test Holder',
      clinicName: body.clinics[0]?.name,
    });
    expect(body.insurance.secondary).toMatchObject({ kind: 'secondary', clinicName: body.clinics[1]?.name });
    // The photos stay behind the files route's own rule: no id or address of them here.
    expect(response.body).not.toContain(primary.frontFileId);
    expect(response.body).not.toContain('/api/files/');
  });

  it('answers null insurance sections, no clinics and no date of birth when there are none', async () => {
    const patient = await patientAt(t, []);
    const body = await card(await signedIn(patient));
    expect(body.insurance).toEqual({ primary: null, secondary: null });
    expect(body.clinics).toEqual([]);
    expect(body.patient.birthdate).toBeNull();
    expect(body.patient.memberId).toBe(patient.memberId);
  });

  it('shows per kind the latest card among the clinics the patient still belongs to', async () => {
    const a = await providerWithClinic(t, []);
    const b = await providerWithClinic(t, []);
    const left = await providerWithClinic(t, []);
    const patient = await patientAt(t, [a.clinicId, b.clinicId, left.clinicId]);
    const now = t.context.now().getTime();
    await insertTestCard(t.context.db, {
      clinicId: a.clinicId,
      userId: patient.id,
      updatedAt: new Date(now - 2 * DAY),
    });
    const newer = await insertTestCard(t.context.db, {
      clinicId: b.clinicId,
      userId: patient.id,
      updatedAt: new Date(now - DAY),
    });
    await t.context.db
      .update(insuranceCards)
      .set({ ircName: 'Cigna' })
      .where(eq(insuranceCards.id, newer.id));
    // The newest card is at a clinic the patient has since left: it is not theirs to show any more.
    const stale = await insertTestCard(t.context.db, {
      clinicId: left.clinicId,
      userId: patient.id,
      updatedAt: new Date(now),
    });
    await t.context.db
      .delete(clinicPatients)
      .where(and(eq(clinicPatients.clinicId, left.clinicId), eq(clinicPatients.userId, patient.id)));
    const body = await card(await signedIn(patient));
    expect(body.insurance.primary?.payer).toBe('Cigna');
    expect(body.insurance.secondary).toBeNull();
    expect(body.clinics.map((clinic) => clinic.id)).not.toContain(left.clinicId);
    expect(JSON.stringify(body)).not.toContain(stale.id);
  });

  it('names the location of the next visit, else of the latest one, never of a cancelled one', async () => {
    const world: SchedulingWorld = await createSchedulingWorld(t.context.db);
    const patient = world.patient;
    const token = await signedIn(patient);
    expect((await card(token)).clinics[0]?.location).toBeNull();

    const now = t.context.now().getTime();
    const visit = (departmentId: string, startMs: number, status: 'booked' | 'cancelled' = 'booked') => ({
      clinicId: world.clinicId,
      patientUserId: patient.id,
      providerId: world.providerId,
      departmentId,
      consultationTypeId: world.typeId,
      startAt: new Date(startMs),
      finishAt: new Date(startMs + HOUR / 2),
      type: 'office' as const,
      status,
      bookedByUserId: patient.id,
    });
    // A past visit at the Back Office: the latest visit, shown while nothing is upcoming.
    await t.context.db.insert(appointments).values(visit(world.hiddenDepartmentId, now - 3 * DAY));
    expect((await card(token)).clinics[0]?.location).toEqual({
      name: 'Back Office',
      address: null,
      city: null,
      state: 'NY',
    });
    // A cancelled upcoming visit at Harbor Clinic changes nothing; a booked one does.
    await t.context.db.insert(appointments).values(visit(world.departmentId, now + DAY, 'cancelled'));
    expect((await card(token)).clinics[0]?.location?.name).toBe('Back Office');
    await t.context.db.insert(appointments).values(visit(world.departmentId, now + 2 * DAY));
    // A later upcoming visit elsewhere does not win over the next one.
    await t.context.db.insert(appointments).values(visit(world.hiddenDepartmentId, now + 5 * DAY));
    expect((await card(token)).clinics[0]?.location).toEqual({
      name: 'Harbor Clinic',
      address: '1 Harbor St',
      city: 'Albany',
      state: 'NY',
    });
  });

  it("never reaches another patient's card: the session alone says whose card it is", async () => {
    const provider = await providerWithClinic(t, []);
    const jane = await patientAt(t, [provider.clinicId]);
    const other = await patientAt(t, [provider.clinicId]);
    await insertTestCard(t.context.db, {
      clinicId: provider.clinicId,
      userId: other.id,
      updatedAt: t.context.now(),
    });
    const janeToken = await signedIn(jane);
    for (const url of [
      HEALTH_CARD_PATH,
      `${HEALTH_CARD_PATH}?userId=${other.id}`,
      `${HEALTH_CARD_PATH}?memberId=${other.memberId}`,
    ]) {
      const body = healthCardSchema.parse((await read(janeToken, url)).json());
      expect(body.patient.id).toBe(jane.id);
      expect(body.insurance.primary).toBeNull();
      expect(JSON.stringify(body)).not.toContain(other.memberId);
    }
    const otherCard = await card(await signedIn(other));
    expect(otherCard.patient.id).toBe(other.id);
    expect(otherCard.insurance.primary?.payer).toBe('Aetna');
  });

  it('refuses callers without a session (401) and providers (403)', async () => {
    expect((await t.app.inject({ url: HEALTH_CARD_PATH })).statusCode).toBe(401);
    const provider = await providerWithClinic(t, []);
    const refused = await read(provider.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'You do not have permission to do this.' });
  });

  it("shows the family member's card in a session switched to that member (spec 3 §4)", async () => {
    const owner = await patientAt(t, []);
    const member = await patientAt(t, []);
    await t.context.db.insert(familyMembers).values({ primaryUserId: owner.id, memberUserId: member.id });
    const ownerToken = await signedIn(owner);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      headers: bearer(ownerToken),
      payload: { grant_type: 'family', client_id: PORTAL_CLIENT, family_user_id: member.id },
    });
    expect(switched.statusCode).toBe(200);
    const memberToken = switched.json<{ access_token: string }>().access_token;
    const body = await card(memberToken);
    expect(body.patient).toMatchObject({ id: member.id, memberId: member.memberId });
    expect((await card(ownerToken)).patient.id).toBe(owner.id);
  });
});
