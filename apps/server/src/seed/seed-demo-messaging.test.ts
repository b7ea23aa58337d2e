import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadListSchema } from '@app/contracts/messaging';
import { providerWorkspaceResponseSchema } from '@app/contracts/provider-workspace';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed-demo-data.ts';

describe('demo messaging (issue 6)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000 });
    await seedDemoDataIfEmpty(t.context.db, t.context.now());
    for (const username of ['jane.patient', 'dr.smith']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        payload: { grant_type: 'password', client_id: '34', username, password: DEMO_PASSWORD },
      });
      tokens[username] = login.json<{ access_token: string }>().access_token;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (username: string) => ({ authorization: `Bearer ${tokens[username] ?? ''}` });

  it('gives jane a thread with dr.smith and dr.smith an unread reply', async () => {
    const jane = threadListSchema.parse(
      (await t.app.inject({ url: '/api/messages/threads', headers: bearer('jane.patient') })).json(),
    );
    expect(jane.threads.map((thread) => thread.subject)).toEqual(['Your visit next week']);
    expect(jane.threads[0]?.unreadCount).toBe(0);

    const workspace = providerWorkspaceResponseSchema.parse(
      (await t.app.inject({ url: '/api/provider/workspace', headers: bearer('dr.smith') })).json(),
    );
    const count = await t.app.inject({
      url: `/api/provider/clinics/${workspace.clinicId}/messages/unread-count`,
      headers: bearer('dr.smith'),
    });
    expect(count.json()).toEqual({ count: 1 });
    const templates = await t.app.inject({
      url: `/api/provider/clinics/${workspace.clinicId}/sms-templates`,
      headers: bearer('dr.smith'),
    });
    expect(templates.json<{ templates: unknown[] }>().templates).toHaveLength(2);
  });
});
