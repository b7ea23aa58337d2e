import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInTaskListSchema, type CheckInTask } from '@app/contracts/check-in';
import { TEST_CARDS, transactionSchema } from '@app/contracts/payments';
import { taskSettings } from '../../db/schema/check-in.ts';
import { balanceItems, paymentTransactions } from '../../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';

describe('payments: outstanding balance, copay, receipts (issue 5 item 9)', () => {
  let t: TestApp;
  let world: SchedulingWorld;
  let jane: { id: string; token: string };
  let mark: { id: string; token: string };
  let provider: { token: string };
  let copayTask: CheckInTask;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const card = (cardNumber: string) => ({
    cardNumber,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    nameOnCard: 'Jane Doe',
  });

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    world = await createSchedulingWorld(t.context.db);
    const janeUser = await createClinicPatient(t.context.db, world.clinicId);
    const markUser = await createClinicPatient(t.context.db, world.clinicId);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
    mark = { id: markUser.id, token: (await loginTokens(t.app, markUser.username)).access_token };
    provider = { token: (await loginTokens(t.app, world.provider.username)).access_token };
    await t.context.db.insert(taskSettings).values({
      clinicId: world.clinicId,
      title: 'Copay',
      actionType: 'copay',
      config: { amountCents: 2500 },
    });
    const appointment = await insertAppointment(t.context.db, world, {
      patientUserId: jane.id,
      startAt: DateTime.now().plus({ days: 1 }).startOf('hour').toJSDate(),
    });
    const list = await t.app.inject({
      url: `/api/check-in/appointments/${appointment.id}/tasks`,
      headers: auth(jane.token),
    });
    [copayTask] = checkInTaskListSchema.parse(list.json()) as [CheckInTask];
  });
  afterAll(async () => {
    await t.close();
  });

  async function addBalance(userId: string, amountCents: number) {
    const [row] = await t.context.db
      .insert(balanceItems)
      .values({ userId, clinicId: world.clinicId, description: 'Visit on 2026-10-01', amountCents })
      .returning();
    if (!row) {
      throw new Error('balance not created');
    }
    return row;
  }
  const countTransactions = async () => (await t.context.db.select().from(paymentTransactions)).length;

  it('lists the open balance and pays it with a test card; the receipt keeps last4 only', async () => {
    const item = await addBalance(jane.id, 12_050);
    const list = await t.app.inject({ url: '/api/payments/balances', headers: auth(jane.token) });
    expect(list.json()).toMatchObject({ totalCents: 12_050, items: [{ id: item.id }] });

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/balances/pay',
      headers: auth(jane.token),
      payload: { balanceIds: [item.id], card: card('4242 4242 4242 4242') },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = transactionSchema.parse(paid.json());
    expect(receipt).toMatchObject({
      status: 'succeeded',
      amountCents: 12_050,
      cardLast4: '4242',
      cardBrand: 'Visa',
    });
    expect(receipt.receiptNumber).toMatch(/^R-\d{8}-[0-9A-F]{8}$/);
    expect(JSON.stringify(await t.context.db.select().from(paymentTransactions))).not.toContain(
      '4242424242424242',
    );
    expect(
      (await t.app.inject({ url: '/api/payments/balances', headers: auth(jane.token) })).json(),
    ).toMatchObject({
      totalCents: 0,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payments/balances/pay',
      headers: auth(jane.token),
      payload: { balanceIds: [item.id], card: card(TEST_CARDS.success) },
    });
    expect(again.statusCode).toBe(404);

    // The receipt: the patient's own and the clinic's provider's; not another patient's.
    const url = `/api/payments/transactions/${receipt.id}`;
    expect((await t.app.inject({ url, headers: auth(jane.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: auth(provider.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: auth(mark.token) })).statusCode).toBe(404);
  });

  it('records a decline and an insufficient-funds answer; the balance stays open', async () => {
    const item = await addBalance(jane.id, 5_000);
    for (const [number, code] of [
      [TEST_CARDS.declined, 'card_declined'],
      [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/balances/pay',
        headers: auth(jane.token),
        payload: { balanceIds: [item.id], card: card(number) },
      });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({ code });
    }
    const [row] = await t.context.db.select().from(balanceItems).where(eq(balanceItems.id, item.id));
    expect(row?.paidAt).toBeNull();
    const declines = await t.context.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.status, 'declined'));
    expect(declines.map((entry) => entry.receiptNumber)).toEqual([null, null]);
  });

  it("404s another patient's balance and task; bad card input 400 with nothing written", async () => {
    const item = await addBalance(jane.id, 1_000);
    const before = await countTransactions();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/payments/balances/pay',
      headers: auth(mark.token),
      payload: { balanceIds: [item.id], card: card(TEST_CARDS.success) },
    });
    expect(other.statusCode).toBe(404);
    const otherTask = await t.app.inject({
      method: 'POST',
      url: `/api/payments/tasks/${copayTask.taskId}/copay`,
      headers: auth(mark.token),
      payload: { card: card(TEST_CARDS.success) },
    });
    expect(otherTask.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/payments/tasks/${copayTask.taskId}/copay`,
          headers: auth(mark.token),
        })
      ).statusCode,
    ).toBe(404);

    const bad = [
      { balanceIds: [item.id], card: card('4242424242424241') },
      { balanceIds: [item.id], card: { ...card(TEST_CARDS.success), expMonth: 13 } },
      { balanceIds: [item.id], card: { ...card(TEST_CARDS.success), expYear: 2001 } },
      { balanceIds: [item.id], card: { ...card(TEST_CARDS.success), cvc: '12' } },
      { balanceIds: ['not-a-uuid'], card: card(TEST_CARDS.success) },
      { balanceIds: [], card: card(TEST_CARDS.success) },
    ];
    for (const payload of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/balances/pay',
        headers: auth(jane.token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await countTransactions()).toBe(before);
    const [row] = await t.context.db.select().from(balanceItems).where(eq(balanceItems.id, item.id));
    expect(row?.paidAt).toBeNull();
  });

  it('pays the copay at the setting amount once; the provider of the clinic may pay it on the kiosk', async () => {
    const info = await t.app.inject({
      url: `/api/payments/tasks/${copayTask.taskId}/copay`,
      headers: auth(jane.token),
    });
    expect(info.json()).toEqual({ amountCents: 2500, paid: null });
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/payments/tasks/${copayTask.taskId}/copay`,
      headers: auth(jane.token),
      payload: { card: card(TEST_CARDS.declined), amountCents: 1 },
    });
    expect(declined.statusCode).toBe(402);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/tasks/${copayTask.taskId}/copay`,
      headers: auth(provider.token),
      payload: { card: card(TEST_CARDS.successMastercard), amountCents: 1 },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      kind: 'copay',
      amountCents: 2500,
      cardLast4: '4444',
      cardBrand: 'Mastercard',
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/payments/tasks/${copayTask.taskId}/copay`,
      headers: auth(jane.token),
      payload: { card: card(TEST_CARDS.success) },
    });
    expect(twice.statusCode).toBe(409);
    const after = await t.app.inject({
      url: `/api/payments/tasks/${copayTask.taskId}/copay`,
      headers: auth(jane.token),
    });
    expect(after.json()).toMatchObject({ amountCents: 2500, paid: { kind: 'copay' } });
  });
});
