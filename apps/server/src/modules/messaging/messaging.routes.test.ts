import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { apiErrorSchema, CONTROL_CHARACTERS_MESSAGE } from '@app/contracts/errors';
import {
  bulkMessageListSchema,
  bulkMessageSchema,
  bulkPreviewSchema,
  receiverListSchema,
  smsListSchema,
  smsRecordSchema,
  smsTemplateListSchema,
  smsTemplateSchema,
  threadDetailSchema,
  threadListSchema,
  threadMessageSchema,
} from '@app/contracts/messaging';
import { INVALID_CURSOR_TEXT, THREAD_PAGE_SIZE } from '@app/contracts/messaging-constants';
import { realtimeTopic } from '@app/contracts/realtime';
import { clinics, providers } from '../../db/schema/clinics.ts';
import { messageThreads, smsOptOuts, smsTemplates } from '../../db/schema/messaging.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { users } from '../../db/schema/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';

describe('messaging', () => {
  let t: TestApp;
  let smith: TestProvider;
  /** A second provider of smith's clinic, who is not in smith's threads unless added. */
  let colleague: TestProvider;
  let stranger: TestProvider;
  let limited: TestProvider;
  let bulkOnly: TestProvider;
  let jane: { id: string; token: string };
  let olive: { id: string; token: string };
  let base: string;

  async function patient(clinicId: string, mobilePhone: string | null = '+12025550101') {
    const user = await patientAt(t, [clinicId], { mobilePhone });
    const tokens = await loginTokens(t.app, user.username);
    return { id: user.id, token: tokens.access_token };
  }

  async function joinClinic(provider: TestProvider, clinicId: string, permissions: string[]) {
    await t.context.db.insert(providers).values({ userId: provider.id, clinicId, permissions });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    smith = await providerWithClinic(t, ['MESSAGE', 'BULK_MESSAGING', 'PATIENT']);
    base = `/api/provider/clinics/${smith.clinicId}`;
    colleague = await providerWithClinic(t, ['MESSAGE']);
    await joinClinic(colleague, smith.clinicId, ['MESSAGE']);
    colleague = { ...colleague, token: (await loginTokens(t.app, colleague.username)).access_token };
    stranger = await providerWithClinic(t, ['MESSAGE', 'BULK_MESSAGING']);
    limited = await providerWithClinic(t, ['APPOINTMENTS']);
    await joinClinic(limited, smith.clinicId, ['APPOINTMENTS']);
    limited = { ...limited, token: (await loginTokens(t.app, limited.username)).access_token };
    bulkOnly = await providerWithClinic(t, ['MESSAGE']);
    await joinClinic(bulkOnly, smith.clinicId, ['MESSAGE']);
    bulkOnly = { ...bulkOnly, token: (await loginTokens(t.app, bulkOnly.username)).access_token };
    await t.context.db
      .update(clinics)
      .set({ modules: ['BULK_MESSAGING'] })
      .where(eq(clinics.id, smith.clinicId));
    await t.context.db.update(clinics).set({ name: 'Sunrise Clinic' }).where(eq(clinics.id, smith.clinicId));
    jane = await patient(smith.clinicId);
    olive = await patient(smith.clinicId);
    await t.context.db.update(users).set({ firstName: 'Jane' }).where(eq(users.id, jane.id));
  });
  afterAll(() => t.close());

  async function createThread(token: string, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: `${base}/messages/threads`,
      headers: bearer(token),
      payload: body,
    });
  }

  describe('threads', () => {
    let threadId: string;

    beforeAll(async () => {
      const created = await createThread(smith.token, {
        subject: 'Your lab results',
        body: 'Your results are in. All normal.',
        patientId: jane.id,
      });
      expect(created.statusCode).toBe(201);
      threadId = threadDetailSchema.parse(created.json()).id;
    });

    it('delivers a provider message to the patient, who reads and answers it', async () => {
      const unread = await t.app.inject({ url: '/api/messages/unread-count', headers: bearer(jane.token) });
      expect(unread.json()).toEqual({ count: 1 });

      const list = threadListSchema.parse(
        (await t.app.inject({ url: '/api/messages/threads', headers: bearer(jane.token) })).json(),
      );
      expect(list.threads).toHaveLength(1);
      expect(list.threads[0]).toMatchObject({
        id: threadId,
        subject: 'Your lab results',
        unreadCount: 1,
        clinicName: 'Sunrise Clinic',
      });

      const thread = threadDetailSchema.parse(
        (
          await t.app.inject({ url: `/api/messages/threads/${threadId}`, headers: bearer(jane.token) })
        ).json(),
      );
      expect(thread.messages).toEqual([
        expect.objectContaining({ body: 'Your results are in. All normal.', mine: false }),
      ]);

      const read = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${threadId}/read`,
        headers: bearer(jane.token),
      });
      expect(read.json()).toEqual({ count: 0 });

      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${threadId}/messages`,
        headers: bearer(jane.token),
        payload: { body: '  Thank you, doctor!  ' },
      });
      expect(answer.statusCode).toBe(201);
      // issue 20 item 4: the answer is the new message alone, not the thread.
      const sent = threadMessageSchema.strict().parse(answer.json());
      expect(sent).toMatchObject({ body: 'Thank you, doctor!', mine: true, senderId: jane.id });
      const reread = threadDetailSchema.parse(
        (
          await t.app.inject({ url: `/api/messages/threads/${threadId}`, headers: bearer(jane.token) })
        ).json(),
      );
      expect(reread.messages.at(-1)).toEqual(sent);
      // The one statement that stores a send also moves the thread's time and the sender's read mark.
      expect(reread.lastMessageAt).toBe(sent.createdAt);
      const janeCount = await t.app.inject({
        url: '/api/messages/unread-count',
        headers: bearer(jane.token),
      });
      expect(janeCount.json()).toEqual({ count: 0 });

      const smithCount = await t.app.inject({
        url: `${base}/messages/unread-count`,
        headers: bearer(smith.token),
      });
      expect(smithCount.json()).toEqual({ count: 1 });
      const smithList = threadListSchema.parse(
        (await t.app.inject({ url: `${base}/messages/threads`, headers: bearer(smith.token) })).json(),
      );
      expect(smithList.threads.find((item) => item.id === threadId)?.unreadCount).toBe(1);
      await t.app.inject({
        method: 'POST',
        url: `${base}/messages/threads/${threadId}/read`,
        headers: bearer(smith.token),
      });
      const after = await t.app.inject({
        url: `${base}/messages/unread-count`,
        headers: bearer(smith.token),
      });
      expect(after.json()).toEqual({ count: 0 });
    });

    it('tells each recipient over their realtime topic, and not the sender', async () => {
      const seen: { topic: string; type: string; payload?: unknown }[] = [];
      const stops = [jane.id, smith.id, olive.id].map((id) =>
        t.context.realtime.subscribe(realtimeTopic.user(id), (event) => {
          seen.push({ topic: realtimeTopic.user(id), type: event.type, payload: event.payload });
        }),
      );
      const response = await t.app.inject({
        method: 'POST',
        url: `${base}/messages/threads/${threadId}/messages`,
        headers: bearer(smith.token),
        payload: { body: 'One more thing.' },
      });
      expect(response.statusCode).toBe(201);
      for (const stop of stops) {
        stop();
      }
      expect(seen).toEqual(
        expect.arrayContaining([
          { topic: realtimeTopic.user(jane.id), type: 'message.created', payload: { threadId } },
          { topic: realtimeTopic.user(jane.id), type: 'counts.changed', payload: undefined },
        ]),
      );
      expect(seen.some((event) => event.topic === realtimeTopic.user(olive.id))).toBe(false);
      expect(
        seen.some((event) => event.topic === realtimeTopic.user(smith.id) && event.type === 'counts.changed'),
      ).toBe(false);
      await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${threadId}/read`,
        headers: bearer(jane.token),
      });
    });

    it('narrows the provider list to one patient', async () => {
      const forJane = threadListSchema.parse(
        (
          await t.app.inject({
            url: `${base}/messages/threads?patientId=${jane.id}`,
            headers: bearer(smith.token),
          })
        ).json(),
      );
      expect(forJane.threads.map((item) => item.id)).toContain(threadId);
      const forOlive = threadListSchema.parse(
        (
          await t.app.inject({
            url: `${base}/messages/threads?patientId=${olive.id}`,
            headers: bearer(smith.token),
          })
        ).json(),
      );
      expect(forOlive.threads.map((item) => item.id)).not.toContain(threadId);
    });

    it('shows a thread only to its participants', async () => {
      const asColleague = await t.app.inject({
        url: `${base}/messages/threads/${threadId}`,
        headers: bearer(colleague.token),
      });
      expect(asColleague.statusCode).toBe(404);
      const colleagueList = threadListSchema.parse(
        (await t.app.inject({ url: `${base}/messages/threads`, headers: bearer(colleague.token) })).json(),
      );
      expect(colleagueList.threads.map((item) => item.id)).not.toContain(threadId);
      const colleagueReply = await t.app.inject({
        method: 'POST',
        url: `${base}/messages/threads/${threadId}/messages`,
        headers: bearer(colleague.token),
        payload: { body: 'Sneaking in' },
      });
      expect(colleagueReply.statusCode).toBe(404);

      const asOlive = await t.app.inject({
        url: `/api/messages/threads/${threadId}`,
        headers: bearer(olive.token),
      });
      expect(asOlive.statusCode).toBe(404);
      const oliveReply = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${threadId}/messages`,
        headers: bearer(olive.token),
        payload: { body: 'Hello?' },
      });
      expect(oliveReply.statusCode).toBe(404);
      const oliveRead = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${threadId}/read`,
        headers: bearer(olive.token),
      });
      expect(oliveRead.statusCode).toBe(404);
    });

    it('adds chosen providers of the clinic to a thread', async () => {
      const created = await createThread(smith.token, {
        subject: 'Care team',
        body: 'Please review Jane.',
        patientId: jane.id,
        providerIds: [colleague.id],
      });
      expect(created.statusCode).toBe(201);
      const thread = threadDetailSchema.parse(created.json());
      expect(thread.participants.map((p) => p.userId).sort()).toEqual(
        [colleague.id, jane.id, smith.id].sort(),
      );
      const seen = await t.app.inject({
        url: `${base}/messages/threads/${thread.id}`,
        headers: bearer(colleague.token),
      });
      expect(seen.statusCode).toBe(200);
    });

    it("refuses another clinic's provider with 404 and a provider without MESSAGE with 403", async () => {
      for (const url of [
        `${base}/messages/threads`,
        `${base}/messages/threads/${threadId}`,
        `${base}/messages/unread-count`,
      ]) {
        expect((await t.app.inject({ url, headers: bearer(stranger.token) })).statusCode).toBe(404);
        expect((await t.app.inject({ url, headers: bearer(limited.token) })).statusCode).toBe(403);
        expect((await t.app.inject({ url, headers: bearer(jane.token) })).statusCode).toBe(403);
      }
      const foreignCreate = await createThread(stranger.token, {
        subject: 'x',
        body: 'y',
        patientId: jane.id,
      });
      expect(foreignCreate.statusCode).toBe(404);
      const strangerThread = await t.app.inject({
        url: `/api/provider/clinics/${stranger.clinicId}/messages/threads/${threadId}`,
        headers: bearer(stranger.token),
      });
      expect(strangerThread.statusCode).toBe(404);
    });

    it('keeps providers off the patient routes', async () => {
      const response = await t.app.inject({ url: '/api/messages/threads', headers: bearer(smith.token) });
      expect(response.statusCode).toBe(403);
    });

    it('refuses bad input with 400 and writes nothing', async () => {
      const before = (await t.context.db.select().from(messageThreads)).length;
      const cases: Record<string, unknown>[] = [
        { subject: '', body: 'x', patientId: jane.id },
        { subject: 'x', body: '   ', patientId: jane.id },
        { subject: 'x', body: 'y' },
        { subject: 'x', body: 'y', patientId: 'not-a-uuid' },
        { subject: 'x'.repeat(201), body: 'y', patientId: jane.id },
        { subject: 'x', body: 'y', providerIds: [stranger.id] },
      ];
      for (const payload of cases) {
        const response = await createThread(smith.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(apiErrorSchema.parse(response.json()).message).toEqual(expect.any(String));
      }
      const foreignPatient = await patient(stranger.clinicId);
      const response = await createThread(smith.token, {
        subject: 'x',
        body: 'y',
        patientId: foreignPatient.id,
      });
      expect(response.statusCode).toBe(404);
      expect((await t.context.db.select().from(messageThreads)).length).toBe(before);
      const badThread = await t.app.inject({
        url: `${base}/messages/threads/nope`,
        headers: bearer(smith.token),
      });
      expect(badThread.statusCode).toBe(400);
      const emptyReply = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${threadId}/messages`,
        headers: bearer(jane.token),
        payload: { body: '' },
      });
      expect(emptyReply.statusCode).toBe(400);
      expect(apiErrorSchema.parse(emptyReply.json()).message).toContain('Please write a message.');
    });
  });

  describe('thread pages (decision 0069)', () => {
    let longThreadId: string;
    const total = THREAD_PAGE_SIZE * 2 + 5;

    beforeAll(async () => {
      const created = await createThread(smith.token, {
        subject: 'Long',
        body: 'Message 1',
        patientId: olive.id,
      });
      longThreadId = threadDetailSchema.parse(created.json()).id;
      for (let index = 2; index <= total; index += 1) {
        const token = index % 2 === 0 ? olive.token : smith.token;
        const url =
          index % 2 === 0
            ? `/api/messages/threads/${longThreadId}/messages`
            : `${base}/messages/threads/${longThreadId}/messages`;
        const sent = await t.app.inject({
          method: 'POST',
          url,
          headers: bearer(token),
          payload: { body: `Message ${index}` },
        });
        expect(sent.statusCode).toBe(201);
      }
    });

    async function page(token: string, url: string) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      return threadDetailSchema.parse(response.json());
    }

    it('answers the newest page first and walks back with the cursor, without gaps or repeats', async () => {
      const url = `/api/messages/threads/${longThreadId}`;
      const newest = await page(olive.token, url);
      expect(newest.messages).toHaveLength(THREAD_PAGE_SIZE);
      expect(newest.messages.at(-1)?.body).toBe(`Message ${total}`);
      expect(newest.earlierCursor).toEqual(expect.any(String));

      const bodies = newest.messages.map((message) => message.body);
      let cursor = newest.earlierCursor;
      let pages = 1;
      while (cursor) {
        const earlier = await page(olive.token, `${url}?before=${cursor}`);
        bodies.unshift(...earlier.messages.map((message) => message.body));
        cursor = earlier.earlierCursor;
        pages += 1;
      }
      expect(pages).toBe(3);
      expect(bodies).toEqual(Array.from({ length: total }, (_, index) => `Message ${index + 1}`));
    });

    it('pages the provider route the same way, with the same cursors', async () => {
      const url = `${base}/messages/threads/${longThreadId}`;
      const newest = await page(smith.token, url);
      const patientNewest = await page(olive.token, `/api/messages/threads/${longThreadId}`);
      expect(newest.earlierCursor).toBe(patientNewest.earlierCursor);
      const earlier = await page(smith.token, `${url}?before=${newest.earlierCursor ?? ''}`);
      expect(earlier.messages.at(-1)?.body).toBe(`Message ${total - THREAD_PAGE_SIZE}`);
      expect(earlier.messages.map((message) => message.mine)).toContain(true);
    });

    it('a new message moves the newest page but not the pages behind a cursor', async () => {
      const url = `/api/messages/threads/${longThreadId}`;
      const newest = await page(olive.token, url);
      const earlierBefore = await page(olive.token, `${url}?before=${newest.earlierCursor ?? ''}`);
      await t.app.inject({
        method: 'POST',
        url: `${url}/messages`,
        headers: bearer(olive.token),
        payload: { body: 'A late one' },
      });
      const earlierAfter = await page(olive.token, `${url}?before=${newest.earlierCursor ?? ''}`);
      expect(earlierAfter.messages).toEqual(earlierBefore.messages);
      expect((await page(olive.token, url)).messages.at(-1)?.body).toBe('A late one');
    });

    it('refuses a cursor it did not make with 400 and a clear message', async () => {
      const forged = Buffer.from('m1.0', 'utf8').toString('base64url');
      const tooBig = Buffer.from('m1.1234567890123456', 'utf8').toString('base64url');
      for (const cursor of ['', 'not*base64', 'abc', forged, tooBig, 'x'.repeat(65)]) {
        const response = await t.app.inject({
          url: `/api/messages/threads/${longThreadId}?before=${cursor}`,
          headers: bearer(olive.token),
        });
        expect(response.statusCode, cursor).toBe(400);
        expect(apiErrorSchema.parse(response.json()).message).toContain(INVALID_CURSOR_TEXT);
      }
      // A control character gets the app's one answer for those (decision 0059).
      const control = await t.app.inject({
        url: `/api/messages/threads/${longThreadId}?before=%00`,
        headers: bearer(olive.token),
      });
      expect(control.statusCode).toBe(400);
      expect(apiErrorSchema.parse(control.json()).message).toContain(CONTROL_CHARACTERS_MESSAGE);
    });

    it("keeps the cursor to the caller's own threads", async () => {
      const newest = await page(olive.token, `/api/messages/threads/${longThreadId}`);
      const asJane = await t.app.inject({
        url: `/api/messages/threads/${longThreadId}?before=${newest.earlierCursor ?? ''}`,
        headers: bearer(jane.token),
      });
      expect(asJane.statusCode).toBe(404);
      const asColleague = await t.app.inject({
        url: `${base}/messages/threads/${longThreadId}?before=${newest.earlierCursor ?? ''}`,
        headers: bearer(colleague.token),
      });
      expect(asColleague.statusCode).toBe(404);
      const asStranger = await t.app.inject({
        url: `/api/provider/clinics/${stranger.clinicId}/messages/threads/${longThreadId}?before=${newest.earlierCursor ?? ''}`,
        headers: bearer(stranger.token),
      });
      expect(asStranger.statusCode).toBe(404);
    });

    it('reading the newest page and marking read clears every unread message of the thread', async () => {
      // More unread messages than a page holds: the sender marks read by sending, so olive writes alone.
      for (let index = 0; index < THREAD_PAGE_SIZE + 2; index += 1) {
        await t.app.inject({
          method: 'POST',
          url: `/api/messages/threads/${longThreadId}/messages`,
          headers: bearer(olive.token),
          payload: { body: `Unread ${index}` },
        });
      }
      const unread = await t.app.inject({
        url: `${base}/messages/unread-count`,
        headers: bearer(smith.token),
      });
      expect(unread.json<{ count: number }>().count).toBeGreaterThan(THREAD_PAGE_SIZE);
      const read = await t.app.inject({
        method: 'POST',
        url: `${base}/messages/threads/${longThreadId}/read`,
        headers: bearer(smith.token),
      });
      expect(read.statusCode).toBe(200);
      const list = threadListSchema.parse(
        (await t.app.inject({ url: `${base}/messages/threads`, headers: bearer(smith.token) })).json(),
      );
      expect(list.threads.find((item) => item.id === longThreadId)?.unreadCount).toBe(0);
    });

    it("answers a provider's reply with the new message alone and refuses a stranger's with 404", async () => {
      const sent = await t.app.inject({
        method: 'POST',
        url: `${base}/messages/threads/${longThreadId}/messages`,
        headers: bearer(smith.token),
        payload: { body: 'Provider reply' },
      });
      expect(sent.statusCode).toBe(201);
      expect(threadMessageSchema.strict().parse(sent.json())).toMatchObject({
        body: 'Provider reply',
        senderId: smith.id,
        mine: true,
      });
      const foreign = await t.app.inject({
        method: 'POST',
        url: `/api/provider/clinics/${stranger.clinicId}/messages/threads/${longThreadId}/messages`,
        headers: bearer(stranger.token),
        payload: { body: 'Not mine' },
      });
      expect(foreign.statusCode).toBe(404);
      const limitedReply = await t.app.inject({
        method: 'POST',
        url: `${base}/messages/threads/${longThreadId}/messages`,
        headers: bearer(limited.token),
        payload: { body: 'No permission' },
      });
      expect(limitedReply.statusCode).toBe(403);
      const providerOnPatientRoute = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${longThreadId}/messages`,
        headers: bearer(smith.token),
        payload: { body: 'Wrong door' },
      });
      expect(providerOnPatientRoute.statusCode).toBe(403);
      const bodies = (await page(smith.token, `${base}/messages/threads/${longThreadId}`)).messages.map(
        (message) => message.body,
      );
      expect(bodies).not.toContain('Not mine');
      expect(bodies).not.toContain('No permission');
      expect(bodies).not.toContain('Wrong door');
    });
  });

  describe('receivers', () => {
    it('finds patients and providers of the clinic only', async () => {
      const foreign = await patient(stranger.clinicId);
      const patients = receiverListSchema.parse(
        (
          await t.app.inject({ url: `${base}/messages/receivers/patients?q=`, headers: bearer(smith.token) })
        ).json(),
      );
      const ids = patients.receivers.map((r) => r.userId);
      expect(ids).toEqual(expect.arrayContaining([jane.id, olive.id]));
      expect(ids).not.toContain(foreign.id);
      const byName = receiverListSchema.parse(
        (
          await t.app.inject({
            url: `${base}/messages/receivers/patients?q=jane`,
            headers: bearer(smith.token),
          })
        ).json(),
      );
      expect(byName.receivers.map((r) => r.userId)).toEqual([jane.id]);
      const wildcard = receiverListSchema.parse(
        (
          await t.app.inject({
            url: `${base}/messages/receivers/patients?q=%25`,
            headers: bearer(smith.token),
          })
        ).json(),
      );
      expect(wildcard.receivers).toEqual([]);

      const providerList = receiverListSchema.parse(
        (
          await t.app.inject({ url: `${base}/messages/receivers/providers`, headers: bearer(smith.token) })
        ).json(),
      );
      const providerIds = providerList.receivers.map((r) => r.userId);
      expect(providerIds).toContain(colleague.id);
      expect(providerIds).not.toContain(smith.id);
      expect(providerIds).not.toContain(stranger.id);
    });
  });

  describe('SMS and templates', () => {
    it('texts a patient through the outbox with the placeholders filled in', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${base}/patients/${jane.id}/sms`,
        headers: bearer(smith.token),
        payload: { body: 'Hi {firstName}, {clinicName} has a message for you.' },
      });
      expect(response.statusCode).toBe(201);
      const sms = smsRecordSchema.parse(response.json());
      expect(sms).toMatchObject({ status: 'queued', body: 'Hi Jane, Sunrise Clinic has a message for you.' });
      const outbox = await t.context.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.body, 'Hi Jane, Sunrise Clinic has a message for you.'));
      expect(outbox).toEqual([expect.objectContaining({ channel: 'sms', recipient: '+12025550101' })]);
      const list = await t.app.inject({
        url: `${base}/patients/${jane.id}/sms`,
        headers: bearer(smith.token),
      });
      expect(smsListSchema.parse(list.json()).messages).toHaveLength(1);
    });

    it('refuses a text to an opted-out patient, to a patient without a phone and with an unknown placeholder', async () => {
      const optedOut = await patient(smith.clinicId);
      await t.context.db.insert(smsOptOuts).values({ userId: optedOut.id, optedOutAt: new Date() });
      const refused = await t.app.inject({
        method: 'POST',
        url: `${base}/patients/${optedOut.id}/sms`,
        headers: bearer(smith.token),
        payload: { body: 'Hello' },
      });
      expect(refused.statusCode).toBe(409);
      expect(apiErrorSchema.parse(refused.json()).message).toBe(
        'This patient has opted out of text messages.',
      );
      const phoneless = await patient(smith.clinicId, null);
      const noPhone = await t.app.inject({
        method: 'POST',
        url: `${base}/patients/${phoneless.id}/sms`,
        headers: bearer(smith.token),
        payload: { body: 'Hello' },
      });
      expect(noPhone.statusCode).toBe(409);
      const typo = await t.app.inject({
        method: 'POST',
        url: `${base}/patients/${jane.id}/sms`,
        headers: bearer(smith.token),
        payload: { body: 'Hi {fristName}' },
      });
      expect(typo.statusCode).toBe(400);
      expect(apiErrorSchema.parse(typo.json()).message).toContain('Unknown placeholder');
      const foreign = await patient(stranger.clinicId);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: `${base}/patients/${foreign.id}/sms`,
        headers: bearer(smith.token),
        payload: { body: 'Hello' },
      });
      expect(elsewhere.statusCode).toBe(404);
    });

    it('lists, creates, edits and deletes the clinic templates', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: `${base}/sms-templates`,
        headers: bearer(smith.token),
        payload: { name: 'Flu shots', body: 'Hi {firstName}, flu shots are available.' },
      });
      expect(created.statusCode).toBe(201);
      const template = smsTemplateSchema.parse(created.json());
      const edited = await t.app.inject({
        method: 'PUT',
        url: `${base}/sms-templates/${template.id}`,
        headers: bearer(smith.token),
        payload: { name: 'Flu shots 2026', body: 'Hi {firstName}, flu shots are in.' },
      });
      expect(smsTemplateSchema.parse(edited.json())).toMatchObject({ name: 'Flu shots 2026' });
      const list = await t.app.inject({ url: `${base}/sms-templates`, headers: bearer(smith.token) });
      expect(smsTemplateListSchema.parse(list.json()).templates).toEqual([
        expect.objectContaining({ id: template.id }),
      ]);

      const strangerEdit = await t.app.inject({
        method: 'PUT',
        url: `/api/provider/clinics/${stranger.clinicId}/sms-templates/${template.id}`,
        headers: bearer(stranger.token),
        payload: { name: 'Mine now', body: 'x' },
      });
      expect(strangerEdit.statusCode).toBe(404);
      const invalid = await t.app.inject({
        method: 'POST',
        url: `${base}/sms-templates`,
        headers: bearer(smith.token),
        payload: { name: '', body: 'x' },
      });
      expect(invalid.statusCode).toBe(400);
      const limitedList = await t.app.inject({
        url: `${base}/sms-templates`,
        headers: bearer(limited.token),
      });
      expect(limitedList.statusCode).toBe(403);

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `${base}/sms-templates/${template.id}`,
        headers: bearer(smith.token),
      });
      expect(removed.statusCode).toBe(204);
      expect(await t.context.db.select().from(smsTemplates)).toEqual([]);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `${base}/sms-templates/${template.id}`,
        headers: bearer(smith.token),
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('bulk messaging', () => {
    it('needs the BULK_MESSAGING permission and module', async () => {
      const payload = { selection: { kind: 'patients', patientIds: [jane.id] }, body: 'Hello' };
      const noPermission = await t.app.inject({
        method: 'POST',
        url: `${base}/bulk-messages`,
        headers: bearer(bulkOnly.token),
        payload,
      });
      expect(noPermission.statusCode).toBe(403);
      // stranger holds the permission, but their clinic has the module off.
      const noModule = await t.app.inject({
        method: 'POST',
        url: `/api/provider/clinics/${stranger.clinicId}/bulk-messages`,
        headers: bearer(stranger.token),
        payload,
      });
      expect(noModule.statusCode).toBe(403);
      const foreign = await t.app.inject({
        method: 'POST',
        url: `${base}/bulk-messages`,
        headers: bearer(stranger.token),
        payload,
      });
      expect(foreign.statusCode).toBe(404);
      const asPatient = await t.app.inject({
        method: 'POST',
        url: `${base}/bulk-messages`,
        headers: bearer(jane.token),
        payload,
      });
      expect(asPatient.statusCode).toBe(403);
      const search = await t.app.inject({
        url: `${base}/bulk-messages/patients?q=`,
        headers: bearer(bulkOnly.token),
      });
      expect(search.statusCode).toBe(403);
      const smithSearch = receiverListSchema.parse(
        (
          await t.app.inject({ url: `${base}/bulk-messages/patients?q=`, headers: bearer(smith.token) })
        ).json(),
      );
      expect(smithSearch.receivers.map((r) => r.userId)).toContain(jane.id);
    });

    it('previews and sends one outbox item per reachable recipient, skipping opted-out patients', async () => {
      const a = await patient(smith.clinicId, '+12025550111');
      const b = await patient(smith.clinicId, '+12025550112');
      const optedOut = await patient(smith.clinicId, '+12025550113');
      const phoneless = await patient(smith.clinicId, null);
      const foreign = await patient(stranger.clinicId, '+12025550114');
      await t.context.db.insert(smsOptOuts).values({ userId: optedOut.id, optedOutAt: new Date() });
      const selection = { kind: 'patients', patientIds: [a.id, b.id, optedOut.id, phoneless.id, foreign.id] };
      const body = 'Dear {firstName} {lastName}, {clinicName} is closed on Friday.';

      const preview = bulkPreviewSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: `${base}/bulk-messages/preview`,
            headers: bearer(smith.token),
            payload: { selection, body },
          })
        ).json(),
      );
      expect(preview.sendCount).toBe(2);
      expect(preview.skippedCount).toBe(2);
      const statusOf = (rows: { patientId: string; status: string }[], id: string) =>
        rows.find((row) => row.patientId === id)?.status;
      expect(statusOf(preview.recipients, optedOut.id)).toBe('opted-out');
      expect(statusOf(preview.recipients, phoneless.id)).toBe('no-phone');
      expect(statusOf(preview.recipients, foreign.id)).toBeUndefined();
      expect(preview.recipients.find((row) => row.patientId === a.id)?.text).toMatch(
        /^Dear Test User [0-9a-f]+, Sunrise Clinic is closed on Friday\.$/,
      );

      const sent = await t.app.inject({
        method: 'POST',
        url: `${base}/bulk-messages`,
        headers: bearer(smith.token),
        payload: { selection, body },
      });
      expect(sent.statusCode).toBe(201);
      const bulk = bulkMessageSchema.parse(sent.json());
      expect(bulk.recipients).toHaveLength(4);
      expect(statusOf(bulk.recipients, a.id)).toBe('queued');
      expect(statusOf(bulk.recipients, optedOut.id)).toBe('opted-out');
      const outbox = await t.context.db
        .select()
        .from(outboxMessages)
        .where(
          inArray(outboxMessages.recipient, ['+12025550111', '+12025550112', '+12025550113', '+12025550114']),
        );
      expect(outbox.map((row) => row.recipient).sort()).toEqual(['+12025550111', '+12025550112']);

      // Delivery status follows the outbox.
      await t.context.db
        .update(outboxMessages)
        .set({ status: 'sent' })
        .where(eq(outboxMessages.recipient, '+12025550111'));
      await t.context.db
        .update(outboxMessages)
        .set({ status: 'failed' })
        .where(eq(outboxMessages.recipient, '+12025550112'));
      const read = bulkMessageSchema.parse(
        (
          await t.app.inject({ url: `${base}/bulk-messages/${bulk.id}`, headers: bearer(smith.token) })
        ).json(),
      );
      expect(statusOf(read.recipients, a.id)).toBe('sent');
      expect(statusOf(read.recipients, b.id)).toBe('failed');
      const list = await t.app.inject({ url: `${base}/bulk-messages`, headers: bearer(smith.token) });
      expect(bulkMessageListSchema.parse(list.json()).bulkMessages).toEqual([
        expect.objectContaining({ id: bulk.id, recipientCount: 4 }),
      ]);
    });

    it('refuses bad selections with 400', async () => {
      const cases: unknown[] = [
        { selection: { kind: 'patients', patientIds: [] }, body: 'x' },
        { selection: { kind: 'everyone' }, body: 'x' },
        { selection: { kind: 'appointments', from: '2026-02-10', to: '2026-02-01' }, body: 'x' },
        { selection: { kind: 'appointments', from: 'soon', to: '2026-02-01' }, body: 'x' },
        { selection: { kind: 'patients', patientIds: [jane.id] }, body: '' },
        { selection: { kind: 'patients', patientIds: [jane.id] }, body: 'x'.repeat(1601) },
        // Nobody of this clinic matches.
        { selection: { kind: 'appointments', from: '2001-01-01', to: '2001-01-02' }, body: 'x' },
      ];
      for (const payload of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${base}/bulk-messages/preview`,
          headers: bearer(smith.token),
          payload: payload as Record<string, unknown>,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const missing = await t.app.inject({
        url: `${base}/bulk-messages/00000000-0000-4000-8000-000000000000`,
        headers: bearer(smith.token),
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe("the patient's text-message preference", () => {
    it('is off by default and can be switched', async () => {
      const read = await t.app.inject({ url: '/api/messages/sms-preference', headers: bearer(olive.token) });
      expect(read.json()).toEqual({ smsOptOut: false });
      const write = await t.app.inject({
        method: 'PUT',
        url: '/api/messages/sms-preference',
        headers: bearer(olive.token),
        payload: { smsOptOut: true },
      });
      expect(write.json()).toEqual({ smsOptOut: true });
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/messages/sms-preference',
        headers: bearer(olive.token),
        payload: { smsOptOut: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
      const asProvider = await t.app.inject({
        url: '/api/messages/sms-preference',
        headers: bearer(smith.token),
      });
      expect(asProvider.statusCode).toBe(403);
    });
  });
});
