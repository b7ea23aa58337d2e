import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessHistoryResponseSchema,
  auditSearchResponseSchema,
  type AccessHistoryEntry,
  type AuditEventView,
} from '@app/contracts/audit';
import { INVALID_LIST_CURSOR_TEXT } from '@app/contracts/list-cursor';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { loginTokens } from '../../modules/auth/auth-test-helpers.ts';
import { bearer, patientAt, providerWithClinic } from '../../modules/patients/patients-test-helpers.ts';
import { encodeRowCursor } from '../paging/row-cursor.ts';
import { recordAuditEventsAlone } from './audit-recorder.ts';
import { sealAllAuditEvents } from './audit-sealer.ts';
import { verifyAuditChain } from './audit-verify.ts';

// Issue 20 item 4 (decision 0076): the access history and the audit search are read newest first by
// (occurred_at, id), a page at a time, with an opaque cursor. Pages join without gaps or repeats when
// events share an instant, when they were written out of time order, and when events arrive between
// two reads.

describe('audit lists by cursor (decision 0076)', () => {
  let t: TestApp;
  let admin: { token: string; clinicId: string };
  let patient: { id: string; token: string };
  let reader: { id: string };

  /** `count` reads of the patient's chart by `reader`, all at `at`. */
  const reads = (count: number, at: Date) =>
    recordAuditEventsAlone(
      t.context.db,
      Array.from({ length: count }, () => ({
        actorUserId: reader.id,
        patientId: patient.id,
        resourceType: 'patient-chart',
        action: 'read' as const,
        outcome: 'success' as const,
      })),
      at,
    );

  beforeAll(async () => {
    t = await buildTestApp({ CLOCK_AT: new Date('2026-11-24T15:00:00Z') });
    admin = await providerWithClinic(t, ['SETTING']);
    const patientUser = await patientAt(t, [admin.clinicId]);
    patient = { id: patientUser.id, token: (await loginTokens(t.app, patientUser.username)).access_token };
    reader = await createTestUser(t.context.db, { memberType: 'doctor', permissions: [] });
    const now = t.context.now().getTime();
    // Seven events at one instant, then three an hour older written after them: id order and time
    // order disagree, and most pages end inside a run of equal instants.
    await reads(7, new Date(now - 60_000));
    await reads(3, new Date(now - 3_600_000));
    await reads(2, new Date(now - 60_000));
  });
  afterAll(async () => {
    await t.close();
  });

  const historyPage = async (query: string) => {
    const response = await t.app.inject({
      url: `/api/me/access-history?${query}`,
      headers: bearer(patient.token),
    });
    expect(response.statusCode).toBe(200);
    return accessHistoryResponseSchema.parse(response.json());
  };
  const searchPage = async (query: string) => {
    const response = await t.app.inject({
      url: `/api/provider/audit?${query}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    return auditSearchResponseSchema.parse(response.json());
  };

  /** Newest first: later instant first, and the higher id first within one instant. */
  const inReadingOrder = (rows: (AccessHistoryEntry | AuditEventView)[]) =>
    [...rows].sort((a, b) => b.occurredAt.localeCompare(a.occurredAt) || b.id - a.id);

  it('reads the access history newest first in pages that join without gaps or repeats', async () => {
    const all = (await historyPage('pageSize=100')).entries;
    expect(all).toHaveLength(12);
    expect(all).toEqual(inReadingOrder(all));

    const first = await historyPage('pageSize=5');
    expect(first.entries).toEqual(all.slice(0, 5));
    expect(first.earlierCursor).not.toBeNull();
    // Between two reads: two newer events (above the reader's place, shown on the next fresh read)
    // and one older than everything (still ahead of the reader, so it must come on a later page).
    await reads(2, t.context.now());
    await reads(1, new Date(t.context.now().getTime() - 86_400_000));
    const seen = [...first.entries];
    let cursor = first.earlierCursor;
    let pages = 1;
    while (cursor !== null) {
      const page = await historyPage(`pageSize=5&before=${cursor}`);
      seen.push(...page.entries);
      cursor = page.earlierCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    const fresh = (await historyPage('pageSize=100')).entries;
    expect(fresh).toHaveLength(15);
    // Everything but the two newer events, each once, in reading order.
    expect(seen).toEqual(fresh.slice(2));
  });

  it('ends with no cursor when the last page is exactly full', async () => {
    const all = (await historyPage('pageSize=100')).entries;
    const first = await historyPage(`pageSize=${String(all.length - 5)}`);
    expect(first.earlierCursor).not.toBeNull();
    const last = await historyPage(`pageSize=5&before=${first.earlierCursor ?? ''}`);
    expect(last.entries).toEqual(all.slice(-5));
    expect(last.earlierCursor).toBeNull();
  });

  it("pages the clinic admin's search the same way, with and without filters", async () => {
    for (const filter of [`patientId=${patient.id}&action=read`, '']) {
      const all = (await searchPage(`${filter}&pageSize=100`)).events;
      expect(all.length).toBeGreaterThanOrEqual(15);
      expect(all).toEqual(inReadingOrder(all));
      const seen: AuditEventView[] = [];
      let cursor: string | null = null;
      do {
        const page: { events: AuditEventView[]; earlierCursor: string | null } = await searchPage(
          `${filter}&pageSize=4${cursor === null ? '' : `&before=${cursor}`}`,
        );
        expect(page.events.length).toBeLessThanOrEqual(4);
        seen.push(...page.events);
        cursor = page.earlierCursor;
      } while (cursor !== null);
      // The search's own reads may be on the trail: compare with the events as they were at the start.
      expect(seen.filter((event) => event.id <= (all[0]?.id ?? 0))).toEqual(
        all.filter((event) => event.id <= (all[0]?.id ?? 0)),
      );
      expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length);
    }
  });

  it('refuses a cursor it did not make with a 400 and a clear message, and changes nothing', async () => {
    const foreign = [
      'bm90LW91cnM', // "not-ours"
      Buffer.from('m1.5').toString('base64url'), // a thread cursor
      Buffer.from('o1.5').toString('base64url'), // another list's tag
      Buffer.from('a1.0').toString('base64url'),
      Buffer.from('a1.05').toString('base64url'),
      Buffer.from('a1.1234567890123456').toString('base64url'),
      `${encodeRowCursor({ tag: 'a1', idPattern: '' }, 5)}A`,
    ];
    for (const before of foreign) {
      for (const url of ['/api/me/access-history', '/api/provider/audit']) {
        const token = url.startsWith('/api/me') ? patient.token : admin.token;
        const response = await t.app.inject({ url: `${url}?before=${before}`, headers: bearer(token) });
        expect(response.statusCode, `${url} ${before}`).toBe(400);
        expect(response.json()).toMatchObject({
          message: INVALID_LIST_CURSOR_TEXT,
          code: 'invalid_cursor',
          errors: [{ field: 'before' }],
        });
      }
    }
    const badAlphabet = await t.app.inject({
      url: '/api/provider/audit?before=a%2Fb',
      headers: bearer(admin.token),
    });
    expect(badAlphabet.statusCode).toBe(400);
    expect(badAlphabet.json()).toMatchObject({
      errors: [{ detail: INVALID_LIST_CURSOR_TEXT, field: 'before' }],
    });
    // A well-made cursor naming no event is an empty page, not an error: ids only order the trail.
    const nowhere = await historyPage(`before=${encodeRowCursor({ tag: 'a1', idPattern: '' }, 999_999_999)}`);
    expect(nowhere).toEqual({ entries: [], earlierCursor: null });
    await sealAllAuditEvents(t.context.db);
    expect(await verifyAuditChain(t.context.db, t.context.now())).toMatchObject({ ok: true, unsealed: 0 });
  });
});
