import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '@app/contracts/errors';
import { FUTURE_READING_TEXT, vitalSeriesResponseSchema } from '@app/contracts/vitals';
import { vitalValues } from '../../db/schema/vitals.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import { bearer, patientAt, providerWithClinic } from '../patients/patients-test-helpers.ts';

// Decision 0031: a server whose clock is days away from real time dates, compares and stores business
// time by its own clock, database columns with a now() default included.

const DAY_MS = 24 * 60 * 60_000;
/** Three days and seven hours behind the machine's clock. */
const SHIFT_MS = -(3 * DAY_MS + 7 * 60 * 60_000);

describe('business time follows the server clock, not the real one (decision 0031)', () => {
  let t: TestApp;
  let jane: { id: string; token: string };

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    t.advanceClock(SHIFT_MS);
    const smith = await providerWithClinic(t, ['PATIENT', 'REMOTE_PATIENT_MONITORING']);
    const janeUser = await patientAt(t, [smith.clinicId]);
    jane = { id: janeUser.id, token: (await loginTokens(t.app, janeUser.username)).access_token };
  });
  afterAll(() => t.close());

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/vitals/values', headers: bearer(jane.token), payload });

  /** Within a few seconds of `expected` (the request takes some real time). */
  const near = (actual: Date | string, expected: Date) =>
    Math.abs(new Date(actual).getTime() - expected.getTime()) < 10_000;

  it('dates a reading, and its stored entry time, by the server clock', async () => {
    const before = t.context.now();
    expect(near(before, new Date(Date.now() + SHIFT_MS))).toBe(true);
    const response = await post({ values: { pulse: 71 } });
    expect(response.statusCode, response.body).toBe(201);
    const [value] = vitalSeriesResponseSchema.parse(response.json()).values;
    expect(value?.key).toBe('pulse');
    expect(near(value?.recordedAt ?? '', before)).toBe(true);
    expect(near(value?.recordedAt ?? '', new Date())).toBe(false);

    // vital_values.created_at has a now() default; the service writes the server clock instead.
    const [row] = await t.context.db
      .select({ createdAt: vitalValues.createdAt })
      .from(vitalValues)
      .where(eq(vitalValues.userId, jane.id));
    expect(row && near(row.createdAt, before)).toBe(true);
  });

  it('reads "the last day" by the server clock', async () => {
    const response = await t.app.inject({ url: '/api/vitals/values?days=1', headers: bearer(jane.token) });
    expect(response.statusCode).toBe(200);
    expect(vitalSeriesResponseSchema.parse(response.json()).values.map((value) => value.key)).toEqual([
      'pulse',
    ]);
  });

  it('refuses a reading dated at the real now, which is in the future of the server clock', async () => {
    const response = await post({ values: { pain: 2 }, recordedAt: new Date().toISOString() });
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json()).message).toBe(FUTURE_READING_TEXT);
  });
});
