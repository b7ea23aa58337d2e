import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  insuranceNextSchema,
  insuranceReviewCardSchema,
  insuranceReviewListSchema,
  insuranceTransition,
} from '@app/contracts/insurance';
import { clinics } from '../../db/schema/clinics.ts';
import { insuranceCards } from '../../db/schema/insurance.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { bearer, providerWithClinic } from '../patients/patients-test-helpers.ts';
import { enableInsuranceReview, insertTestCard } from './insurance-review-test-helpers.ts';

describe('insurance review (spec 3 §2 list/filter/view, §4 status machine and next card, §7)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let token: string;
  let base: string;
  const patients: { id: string; username: string }[] = [];
  let appointmentId: string;
  const patientAt = (index: number) => {
    const patient = patients[index];
    if (!patient) {
      throw new Error(`no test patient ${index}`);
    }
    return patient;
  };

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    await enableInsuranceReview(t.context.db, world.clinicId, world.provider.userId);
    token = (await loginTokens(t.app, world.provider.username)).access_token;
    base = `/api/provider/clinics/${world.clinicId}/insurance-cards`;
    for (let index = 0; index < 3; index++) {
      patients.push(await createClinicPatient(t.context.db, world.clinicId));
    }
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: patientAt(0).id,
      startAt: new Date(Date.now() + 86_400_000),
    });
    appointmentId = appointment.id;
    // Newest first: patient 0 (with the appointment), then 1, then 2.
    for (const [index, patient] of patients.entries()) {
      await insertTestCard(t.context.db, {
        clinicId: world.clinicId,
        userId: patient.id,
        updatedAt: new Date(Date.now() - index * 60_000),
        appointmentIds: index === 0 ? [appointmentId] : [],
      });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const count = async () => get(`${base}/count?status=new`).then((r) => r.json<{ count: number }>().count);

  it('lists new cards newest first with the clinic time zone, 25 per page at most', async () => {
    const response = await get(base);
    expect(response.statusCode).toBe(200);
    const list = insuranceReviewListSchema.parse(response.json());
    expect(list.items.map((card) => card.userId)).toEqual(patients.map((p) => p.id));
    expect(list.timezone).toBe('America/New_York');
    expect((await get(`${base}?limit=26`)).statusCode).toBe(400);
    const paged = insuranceReviewListSchema.parse((await get(`${base}?offset=1&limit=1`)).json());
    expect(paged.items.map((card) => card.userId)).toEqual([patientAt(1).id]);
  });

  it('filters by department and provider through the card appointments', async () => {
    const byDepartment = insuranceReviewListSchema.parse(
      (await get(`${base}?listDepartmentUuid=${world.departmentId}`)).json(),
    );
    expect(byDepartment.items.map((card) => card.userId)).toEqual([patientAt(0).id]);
    const byProvider = await get(`${base}/count?listProviderId=${world.provider.providerId}`);
    expect(byProvider.json()).toEqual({ count: 1 });
    const none = await get(`${base}/count?listProviderId=${crypto.randomUUID()}`);
    expect(none.json()).toEqual({ count: 0 });
  });

  it('shows a card with its appointment (doctor, department, start)', async () => {
    const response = await get(`${base}/${patientAt(0).id}/primary`);
    expect(response.statusCode).toBe(200);
    const view = insuranceReviewCardSchema.parse(response.json());
    expect(view.card.ircName).toBe('Aetna');
    expect(view.appointment).toMatchObject({ id: appointmentId, departmentName: 'Test Main Clinic' });
    expect((await get(`${base}/${patientAt(0).id}/secondary`)).statusCode).toBe(404);
    expect((await get(`${base}/${crypto.randomUUID()}/primary`)).statusCode).toBe(404);
  });

  it('next card: limit 1 at offset = order, wrapping to 0 when none is found (spec 3 §4)', async () => {
    const at1 = insuranceNextSchema.parse((await get(`${base}/next?order=1`)).json());
    expect(at1).toMatchObject({ order: 1, card: { userId: patientAt(1).id } });
    const wrapped = insuranceNextSchema.parse((await get(`${base}/next?order=3`)).json());
    expect(wrapped).toMatchObject({ order: 0, card: { userId: patientAt(0).id } });
    const empty = insuranceNextSchema.parse(
      (await get(`${base}/next?order=0&listProviderId=${crypto.randomUUID()}`)).json(),
    );
    expect(empty).toEqual({ card: null, order: 0 });
    expect((await get(`${base}/next?order=-1`)).statusCode).toBe(400);
  });

  it('status machine: Import counts down once, Import again keeps it, Remove from list, then no more changes', async () => {
    const target = patientAt(2);
    const [card] = await t.context.db
      .select()
      .from(insuranceCards)
      .where(eq(insuranceCards.userId, target.id));
    if (!card) {
      throw new Error('no card');
    }
    const url = `${base}/${target.id}/primary/status`;
    const put = (status: string, cardId = card.id) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: { cardId, status } });
    expect(await count()).toBe(3);
    const publish = vi.spyOn(t.context.realtime, 'publish');
    const imported = await put('approved');
    // BRIEF-dots: the clinic hears once that the count changed (Import again does not count down).
    expect(publish).toHaveBeenCalledWith(`clinic:${world.clinicId}`, { type: 'counts.changed' });
    expect(imported.statusCode).toBe(200);
    expect(insuranceReviewCardSchema.parse(imported.json()).card.status).toBe('approved');
    expect(await count()).toBe(2);
    expect((await put('approved')).statusCode).toBe(200);
    expect(await count()).toBe(2);
    expect(publish).toHaveBeenCalledTimes(1);
    publish.mockRestore();
    expect((await put('reviewed')).statusCode).toBe(200);
    expect(await count()).toBe(2);
    const again = await put('approved');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This insurance card was already removed from the list.' });
    expect((await put('new')).statusCode).toBe(400);
    expect((await put('approved', crypto.randomUUID())).statusCode).toBe(404);
    // The card id must be this patient's card of this kind.
    const other = await t.context.db
      .select({ id: insuranceCards.id })
      .from(insuranceCards)
      .where(eq(insuranceCards.userId, patientAt(1).id));
    expect((await put('approved', other[0]?.id ?? '')).statusCode).toBe(404);
    const fromNew = insuranceTransition('new', 'reviewed');
    expect(fromNew).toEqual({ allowed: true, leavesNew: true });
  });

  it('refuses bad input with 400 and a message', async () => {
    const response = await get(`${base}?listDepartmentUuid=not-a-uuid`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBeTruthy();
    expect((await get(`${base}?status=lost`)).statusCode).toBe(400);
    expect((await get(`${base}/${patientAt(0).id}/tertiary`)).statusCode).toBe(400);
    const badBody = await t.app.inject({
      method: 'PUT',
      url: `${base}/${patientAt(0).id}/primary/status`,
      headers: bearer(token),
      payload: { status: 'approved' },
    });
    expect(badBody.statusCode).toBe(400);
  });

  it("another clinic's provider gets 404; no permission or module 403; a patient 403", async () => {
    const other = await providerWithClinic(t, ['PROVIDER_INSURANCE']);
    await t.context.db
      .update(clinics)
      .set({ modules: sql`array_append(${clinics.modules}, 'USER_INSURANCE')` })
      .where(eq(clinics.id, other.clinicId));
    expect((await get(base, other.token)).statusCode).toBe(404);
    expect((await get(`${base}/count`, other.token)).statusCode).toBe(404);
    expect((await get(`${base}/${patientAt(0).id}/primary`, other.token)).statusCode).toBe(404);

    const limited = await providerWithClinic(t, ['APPOINTMENTS', 'PATIENT']);
    await enableInsuranceReview(t.context.db, limited.clinicId, crypto.randomUUID());
    const limitedBase = `/api/provider/clinics/${limited.clinicId}/insurance-cards`;
    expect((await get(limitedBase, limited.token)).statusCode).toBe(403);

    const noModule = await providerWithClinic(t, ['PROVIDER_INSURANCE']);
    const noModuleBase = `/api/provider/clinics/${noModule.clinicId}/insurance-cards`;
    expect((await get(`${noModuleBase}/count`, noModule.token)).statusCode).toBe(403);

    const patientToken = (await loginTokens(t.app, patientAt(0).username)).access_token;
    expect((await get(base, patientToken)).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base}/${patientAt(0).id}/primary/status`,
      headers: bearer(patientToken),
      payload: { cardId: crypto.randomUUID(), status: 'approved' },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('Next after Import never skips a card that is still new (issue 17 item 8)', () => {
  let t: TestApp;
  let token: string;
  let base: string;
  const cards: { id: string; userId: string }[] = [];
  const cardAt = (index: number) => {
    const card = cards[index];
    if (!card) {
      throw new Error(`no test card ${index}`);
    }
    return card;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const world = await createSchedulingWorld(t.context.db);
    await enableInsuranceReview(t.context.db, world.clinicId, world.provider.userId);
    token = (await loginTokens(t.app, world.provider.username)).access_token;
    base = `/api/provider/clinics/${world.clinicId}/insurance-cards`;
    // Newest first: cards 0, 1, 2, 3.
    for (let index = 0; index < 4; index++) {
      const patient = await createClinicPatient(t.context.db, world.clinicId);
      const row = await insertTestCard(t.context.db, {
        clinicId: world.clinicId,
        userId: patient.id,
        updatedAt: new Date(Date.now() - index * 60_000),
      });
      cards.push({ id: row.id, userId: patient.id });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const next = async (query: string) => {
    const response = await get(`${base}/next?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return insuranceNextSchema.parse(response.json());
  };
  const importCard = async (index: number) => {
    const card = cardAt(index);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${base}/${card.userId}/primary/status`,
      headers: bearer(token),
      payload: { cardId: card.id, status: 'approved' },
    });
    expect(response.statusCode).toBe(200);
  };

  it('answers the first new card after the one on screen, with its position, whatever happened to it', async () => {
    // Card 1 on screen (order 2 in the URL): still new, the next is card 2 at position 2.
    expect(await next(`order=2&after=${cardAt(1).id}`)).toMatchObject({
      order: 2,
      card: { id: cardAt(2).id },
    });
    // Import card 1: it leaves the queue and card 2 moves up to position 1. The offset rule alone
    // (limit 1 at offset 2) now lands on card 3 and skips card 2, still new: the bug of issue 17.
    await importCard(1);
    expect(await next('order=2')).toMatchObject({ card: { id: cardAt(3).id } });
    expect(await next(`order=2&after=${cardAt(1).id}`)).toMatchObject({
      order: 1,
      card: { id: cardAt(2).id },
    });
  });

  it('wraps to the first other new card, never answering the card on screen', async () => {
    // Card 3 is the last: wrap to card 0.
    expect(await next(`order=4&after=${cardAt(3).id}`)).toMatchObject({
      order: 0,
      card: { id: cardAt(0).id },
    });
    // With a filter that keeps no card there is none.
    expect(await next(`order=1&after=${cardAt(3).id}&listProviderId=${crypto.randomUUID()}`)).toEqual({
      card: null,
      order: 0,
    });
  });

  it("falls back to the offset rule for a card that is not this clinic's, and refuses a bad id", async () => {
    expect(await next(`order=0&after=${crypto.randomUUID()}`)).toMatchObject({
      order: 0,
      card: { id: cardAt(0).id },
    });
    const bad = await get(`${base}/next?order=0&after=not-a-uuid`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) as string });
  });
});
