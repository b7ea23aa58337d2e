import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxListSchema } from '@app/contracts/dev-outbox';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { parseRecipientFilter } from './dev-outbox.service.ts';

describe('GET /dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.context.db;
    await enqueueMessage(
      db,
      {
        channel: 'sms',
        recipient: '+15551234567',
        body: 'Your code is 111111',
        purpose: 'two-factor-code',
      },
      t.context.now(),
    );
    await enqueueMessage(
      db,
      {
        channel: 'email',
        recipient: 'Jane.Patient@example.com',
        subject: 'Your code',
        body: 'Your code is 222222',
        purpose: 'two-factor-code',
      },
      t.context.now(),
    );
    await enqueueMessage(
      db,
      { channel: 'sms', recipient: '5559990000', body: 'other', purpose: 'reminder' },
      t.context.now(),
    );
    await enqueueMessage(
      db,
      {
        channel: 'email',
        recipient: 'mallory@example.com',
        subject: '<img src=x onerror=alert(1)>',
        body: '<script>alert("x")</script> & more',
        purpose: 'test',
      },
      t.context.now(),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  async function getJson(url: string) {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    return devOutboxListSchema.parse(response.json());
  }

  it.each(['5551234567', '(555)123-4567', '+15551234567', '1-555-123-4567', '555 123 4567'])(
    'finds the SMS for %s',
    async (to) => {
      const messages = await getJson(`/dev/outbox?to=${encodeURIComponent(to)}`);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        channel: 'sms',
        recipient: '+15551234567',
        body: 'Your code is 111111',
        purpose: 'two-factor-code',
        status: 'pending',
        subject: null,
      });
    },
  );

  it('answers the documented shape, newest first', async () => {
    const messages = await getJson('/dev/outbox');
    expect(messages).toHaveLength(4);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual(
      ['body', 'channel', 'createdAt', 'id', 'purpose', 'recipient', 'status', 'subject'].sort(),
    );
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('matches email addresses regardless of case', async () => {
    const messages = await getJson('/dev/outbox?to=jane.patient%40EXAMPLE.com');
    expect(messages.map((m) => m.body)).toEqual(['Your code is 222222']);
  });

  it('answers JSON with ?format=json whatever the Accept header says', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=5559990000&format=json' });
    expect(response.headers['content-type']).toContain('application/json');
    expect(devOutboxListSchema.parse(response.json()).map((m) => m.body)).toEqual(['other']);
  });

  it('answers an empty list for an unknown recipient', async () => {
    expect(await getJson('/dev/outbox?to=x')).toEqual([]);
    expect(await getJson('/dev/outbox?to=nobody%40example.com')).toEqual([]);
  });

  it('shows an accessible HTML page with escaped content and no script', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(html).toContain('<title>Development outbox · Care Portal</title>');
    expect(html).toContain('<h1>Development outbox</h1>');
    expect(html).toContain('<th scope="col">Recipient</th>');
    expect(html).toContain('<label for="to">');
    expect(html).toContain('Your code is 111111');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
  });

  it('filters the page too and escapes the filter it echoes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent('"><b>x')}`,
    });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('No messages yet.');
    expect(response.body).toContain('value="&quot;&gt;&lt;b&gt;x"');
    expect(response.body).not.toContain('<b>x');
  });
});

describe('GET /dev/outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox?format=json' });
    expect(response.statusCode).toBe(404);
  });
});

describe('parseRecipientFilter', () => {
  it('reads phone numbers by their last ten digits and emails in lower case', () => {
    expect(parseRecipientFilter('+1 (555) 123-4567')).toEqual({ kind: 'phone', digits: '5551234567' });
    expect(parseRecipientFilter(' A@B.org ')).toEqual({ kind: 'email', address: 'a@b.org' });
    expect(parseRecipientFilter('')).toEqual({ kind: 'all' });
    expect(parseRecipientFilter(undefined)).toEqual({ kind: 'all' });
    expect(parseRecipientFilter('x')).toEqual({ kind: 'exact', value: 'x' });
  });

  it("reads a user id (a push's recipient, decision 0044) exactly, not as a phone number", () => {
    const id = '0B5E1C2A-1234-4DEF-8ABC-123456789012';
    expect(parseRecipientFilter(id)).toEqual({ kind: 'exact', value: id.toLowerCase() });
  });
});
