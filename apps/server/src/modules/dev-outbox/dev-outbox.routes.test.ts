import { and, desc, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OUTBOX_LIMIT, devOutboxListSchema, type DevOutboxMessage } from '@app/contracts/dev-outbox';
import { INVALID_LIST_CURSOR_TEXT } from '@app/contracts/list-cursor';
import { outboxMessages } from '../../db/schema/outbox.ts';
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
    // On a phone the rows stack, each cell named by its column (data-label, read by the page's CSS).
    expect(html).toContain('<td data-label="Recipient">');
    expect(html).toContain('td::before { content: attr(data-label)');
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

describe('GET /dev/outbox by pages (decision 0076)', () => {
  let t: TestApp;
  const to = 'pager@example.com';
  /** `count` messages to `to`, all created at `at`. */
  const add = (count: number, at: Date, label: string) =>
    t.context.db.insert(outboxMessages).values(
      Array.from({ length: count }, (_, index) => ({
        channel: 'email' as const,
        recipient: to,
        body: `${label} ${String(index)}`,
        purpose: 'test',
        createdAt: at,
      })),
    );
  beforeAll(async () => {
    t = await buildTestApp();
    const now = t.context.now().getTime();
    // A page boundary inside a run of equal instants, and older messages written after newer ones.
    await add(DEV_OUTBOX_LIMIT + 20, new Date(now - 60_000), 'same instant');
    await add(40, new Date(now - 3_600_000), 'an hour older');
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(200);
    const link = response.headers.link;
    const next = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
    return { messages: devOutboxListSchema.parse(response.json()), next };
  };

  it('names the older messages in a Link header; the pages join without gaps or repeats', async () => {
    const first = await page(`/dev/outbox?to=${to}`);
    expect(first.messages).toHaveLength(DEV_OUTBOX_LIMIT);
    expect(first.next).toMatch(/^\/dev\/outbox\?to=pager%40example\.com&format=json&before=[\w-]+$/);
    const oldestAtStart = first.messages.at(-1)?.createdAt ?? '';
    // Between two reads: newer messages (above the reader's place) and one older than all.
    const now = t.context.now().getTime();
    await add(3, new Date(now), 'newer');
    await add(1, new Date(now - 86_400_000), 'a day older');
    const seen: DevOutboxMessage[] = [...first.messages];
    let next = first.next;
    let pages = 1;
    while (next !== undefined) {
      const older = await page(next);
      seen.push(...older.messages);
      next = older.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    const expected = await t.context.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, to), lte(outboxMessages.createdAt, new Date(oldestAtStart))))
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
    expect(seen.map((message) => message.id)).toEqual([
      ...first.messages.map((message) => message.id),
      ...expected.map((row) => row.id).filter((id) => !first.messages.some((message) => message.id === id)),
    ]);
    expect(new Set(seen.map((message) => message.id)).size).toBe(DEV_OUTBOX_LIMIT + 20 + 40 + 1);
  });

  it('links the page to the older messages, and the last page links nowhere', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${to}` });
    const href = /<a href="([^"]+)">Show earlier messages<\/a>/.exec(response.body)?.[1];
    expect(href).toMatch(/^\/dev\/outbox\?to=pager%40example\.com&amp;before=[\w-]+$/);
    let url = (href ?? '').replaceAll('&amp;', '&');
    for (;;) {
      const older = await t.app.inject({ method: 'GET', url });
      expect(older.statusCode).toBe(200);
      expect(older.headers['content-type']).toContain('text/html');
      const more = /<a href="([^"]+)">Show earlier messages<\/a>/.exec(older.body)?.[1];
      if (more === undefined) {
        expect(older.body).toContain('newest first');
        break;
      }
      url = more.replaceAll('&amp;', '&');
    }
  });

  it('refuses a cursor it did not make with a 400 and a clear message', async () => {
    for (const before of ['bm90LW91cnM', Buffer.from('a1.5').toString('base64url'), 'x%2Fy']) {
      const response = await t.app.inject({ method: 'GET', url: `/dev/outbox?format=json&before=${before}` });
      expect(response.statusCode, before).toBe(400);
      expect(response.json()).toMatchObject({
        errors: [{ detail: INVALID_LIST_CURSOR_TEXT, field: 'before' }],
      });
    }
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
