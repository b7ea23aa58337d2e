import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HEALTH_CARD_PATH, healthCardSchema } from '@app/contracts/health-card';
import { users } from '../db/schema/accounts.ts';
import { insuranceCards } from '../db/schema/insurance.ts';
import { localFileStore } from '../platform/files/file-store.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DEMO_CLINIC_NUMBER, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';
import { DEMO_HEALTH_CARD_INSURANCE, seedDemoHealthCard } from './seed-demo-health-card.ts';
import { seedDemoInsuranceCards } from './seed-demo-insurance.ts';

describe("demo health card (issue 16): jane's primary insurance", () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'health-card-seed-'));
    t = await buildTestApp();
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
    const store = localFileStore(dataDir);
    // As the server does at start: the review queue's cards first, then jane's.
    await seedDemoInsuranceCards(t.context.db, store, DEMO_CLINIC_NUMBER, t.context.now());
    await seedDemoHealthCard(t.context.db, store, DEMO_CLINIC_NUMBER, t.context.now());
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows on her health card, reviewed, without adding to the queue of new cards', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: { grant_type: 'password', client_id: '34', username: 'jane.patient', password: DEMO_PASSWORD },
    });
    const token = login.json<{ access_token: string }>().access_token;
    const response = await t.app.inject({
      url: HEALTH_CARD_PATH,
      headers: { authorization: `Bearer ${token}` },
    });
    const card = healthCardSchema.parse(response.json());
    expect(card.patient).toMatchObject({
      name: 'Jane Cooper',
      birthdate: '1985-04-12',
      memberId: '10010001',
    });
    expect(card.insurance.primary).toMatchObject({
      payer: DEMO_HEALTH_CARD_INSURANCE.ircName,
      planName: DEMO_HEALTH_CARD_INSURANCE.planName,
      memberNumber: DEMO_HEALTH_CARD_INSURANCE.insuranceNumber,
      policyHolderName: 'Jane Cooper',
    });
    expect(card.insurance.secondary).toBeNull();
    const statuses = (await t.context.db.select({ status: insuranceCards.status }).from(insuranceCards)).map(
      (row) => row.status,
    );
    // seed-demo-insurance.ts's three cards stay the only new ones.
    expect(statuses.filter((status) => status === 'new')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'approved')).toHaveLength(1);
  });

  it('runs again without adding a second card', async () => {
    await seedDemoHealthCard(t.context.db, localFileStore(dataDir), DEMO_CLINIC_NUMBER, t.context.now());
    const [jane] = await t.context.db.select().from(users).where(eq(users.username, 'jane.patient'));
    const cards = await t.context.db
      .select()
      .from(insuranceCards)
      .where(eq(insuranceCards.userId, jane?.id ?? ''));
    expect(cards).toHaveLength(1);
  });
});
