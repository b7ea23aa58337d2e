import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema, type PushPayload } from '@app/contracts/devices';
import type { ForgotPasswordStartResponse, SecurityAnswerResponse } from '@app/contracts/recovery';
import {
  PUSH_ACTION_INVALID_TEXT,
  PUSH_ACTION_NOT_ALLOWED_TEXT,
  PUSH_ACTIONS_PATH,
  PUSH_TEXTS,
} from '@app/contracts/push-actions';
import { TASK_DONE_BY_FLOW_TEXT } from '@app/contracts/check-in';
import { taskSettings, tasks } from '../../db/schema/check-in.ts';
import { messageThreads } from '../../db/schema/messaging.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { setSecurityQuestion } from '../accounts/account-security.service.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';
import {
  bearer,
  patientAt,
  providerWithClinic,
  type TestProvider,
} from '../patients/patients-test-helpers.ts';
import { issueQuickLink } from '../quick-links/quick-links.service.ts';

// spec 3 §7 push notification actions (issue 17 item 5, decision 0044).

describe('push notification actions', () => {
  let t: TestApp;
  let smith: TestProvider;
  let jane: { id: string; token: string };

  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000 });
    smith = await providerWithClinic(t, ['MESSAGE', 'PATIENT']);
    const user = await patientAt(t, [smith.clinicId]);
    jane = { id: user.id, token: (await loginTokens(t.app, user.username)).access_token };
  });
  afterAll(() => t.close());

  /** The push notifications queued for a person, newest first, as the service worker receives them. */
  async function pushesTo(userId: string, purpose: string): Promise<PushPayload[]> {
    const rows = await t.context.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, userId), eq(outboxMessages.purpose, purpose)))
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
    return rows.map((row) => {
      expect(row.channel).toBe('push');
      return pushPayloadSchema.parse(JSON.parse(row.body));
    });
  }

  async function latestPush(userId: string, purpose: string): Promise<PushPayload & { token: string }> {
    const [push] = await pushesTo(userId, purpose);
    if (!push?.token) {
      throw new Error(`no ${purpose} push for ${userId}`);
    }
    return { ...push, token: push.token };
  }

  function act(payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: PUSH_ACTIONS_PATH, payload });
  }

  /** An on-the-fly task for jane, sent to her by a quick link that names it (the todo notification). */
  async function sendTask(title: string, actionType: 'regular' | 'questionnaire' = 'regular') {
    const [setting] = await t.context.db
      .insert(taskSettings)
      .values({ clinicId: smith.clinicId, title, actionType, isOnFly: true })
      .returning({ id: taskSettings.id });
    const [task] = await t.context.db
      .insert(tasks)
      .values({ clinicId: smith.clinicId, userId: jane.id, settingId: setting?.id ?? '' })
      .returning({ id: tasks.id });
    const taskId = task?.id ?? '';
    await issueQuickLink(
      t.context.db,
      { type: 'on-fly', clinicId: smith.clinicId, userId: jane.id, taskId },
      t.context.now(),
      'http://localhost',
    );
    return { taskId, push: await latestPush(jane.id, 'push-todo') };
  }

  async function taskStatus(taskId: string) {
    const [row] = await t.context.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId));
    return row?.status;
  }

  describe('todo (Done / Skip)', () => {
    it('a task sent to a patient is pushed with Done and Skip; Done marks it done, once', async () => {
      const { taskId, push } = await sendTask('Update your pharmacy');
      expect(push).toMatchObject({
        kind: 'todo',
        title: PUSH_TEXTS.todo.title,
        body: 'Update your pharmacy',
        url: `/user/task?flow=on-fly&clinicUuid=${smith.clinicId}`,
        actions: [
          { action: 'done', title: 'Done' },
          { action: 'skip', title: 'Skip' },
        ],
      });

      const done = await act({ token: push.token, action: 'done' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ kind: 'todo', action: 'done', url: null });
      expect(await taskStatus(taskId)).toBe('DONE');

      // Single use: the same token, for either button, is refused and changes nothing.
      for (const action of ['done', 'skip']) {
        const again = await act({ token: push.token, action });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toMatchObject({
          message: PUSH_ACTION_INVALID_TEXT,
          code: 'push_action_invalid',
        });
      }
      expect(await taskStatus(taskId)).toBe('DONE');
    });

    it('Skip leaves the task open but seen (ACCESSED), and the app still lists it', async () => {
      const { taskId, push } = await sendTask('Upload your photo ID');
      const skipped = await act({ token: push.token, action: 'skip' });
      expect(skipped.statusCode).toBe(200);
      expect(skipped.json()).toEqual({ kind: 'todo', action: 'skip', url: null });
      expect(await taskStatus(taskId)).toBe('ACCESSED');
      const list = await t.app.inject({
        url: `/api/on-fly-tasks?clinicUuid=${smith.clinicId}`,
        headers: bearer(jane.token),
      });
      expect(list.json<{ taskId: string }[]>().map((task) => task.taskId)).toContain(taskId);
    });

    it('Done on a task its own flow completes is refused (409), changes nothing and keeps the token', async () => {
      const { taskId, push } = await sendTask('Health history', 'questionnaire');
      const refused = await act({ token: push.token, action: 'done' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: TASK_DONE_BY_FLOW_TEXT });
      expect(await taskStatus(taskId)).toBe('NEW');
      // The refusal used nothing up: Skip still works.
      expect((await act({ token: push.token, action: 'skip' })).statusCode).toBe(200);
      expect(await taskStatus(taskId)).toBe('ACCESSED');
    });

    it('a button of another kind is refused (400) and leaves the token and the task as they were', async () => {
      const { taskId, push } = await sendTask('Confirm your address');
      for (const action of ['view', 'ok', 'reject']) {
        const wrong = await act({ token: push.token, action });
        expect(wrong.statusCode, action).toBe(400);
        expect(wrong.json()).toMatchObject({
          message: PUSH_ACTION_NOT_ALLOWED_TEXT,
          code: 'push_action_not_allowed',
        });
      }
      expect(await taskStatus(taskId)).toBe('NEW');
      expect((await act({ token: push.token, action: 'done' })).statusCode).toBe(200);
    });
  });

  describe('message (View / Skip)', () => {
    async function newThread(subject: string) {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/provider/clinics/${smith.clinicId}/messages/threads`,
        headers: bearer(smith.token),
        payload: { subject, body: 'Please call us back.', patientId: jane.id },
      });
      expect(created.statusCode).toBe(201);
      return created.json<{ id: string }>().id;
    }

    it('a new message to a patient is pushed with View and Skip; View answers the thread to open', async () => {
      const threadId = await newThread('About your visit');
      const push = await latestPush(jane.id, 'push-message');
      expect(push).toMatchObject({
        kind: 'message',
        title: PUSH_TEXTS.message.title,
        body: PUSH_TEXTS.message.body,
        url: `/user/message/${threadId}`,
        actions: [
          { action: 'view', title: 'View' },
          { action: 'skip', title: 'Skip' },
        ],
      });
      // No health data on a lock screen: neither the subject nor the text is in the notification.
      expect(JSON.stringify(push)).not.toContain('About your visit');
      expect(JSON.stringify(push)).not.toContain('call us back');

      const viewed = await act({ token: push.token, action: 'view' });
      expect(viewed.statusCode).toBe(200);
      expect(viewed.json()).toEqual({ kind: 'message', action: 'view', url: `/user/message/${threadId}` });
      expect((await act({ token: push.token, action: 'view' })).statusCode).toBe(400);
    });

    it('a reply pushes the patient again, not the provider; Skip dismisses and leaves the message unread', async () => {
      const threadId = await newThread('Lab work');
      const before = (await pushesTo(jane.id, 'push-message')).length;
      const replied = await t.app.inject({
        method: 'POST',
        url: `/api/provider/clinics/${smith.clinicId}/messages/threads/${threadId}/messages`,
        headers: bearer(smith.token),
        payload: { body: 'One more thing.' },
      });
      expect(replied.statusCode).toBe(201);
      expect(await pushesTo(jane.id, 'push-message')).toHaveLength(before + 1);
      const push = await latestPush(jane.id, 'push-message');
      const unreadBefore = (
        await t.app.inject({ url: '/api/messages/unread-count', headers: bearer(jane.token) })
      ).json<{ count: number }>().count;

      const skipped = await act({ token: push.token, action: 'skip' });
      expect(skipped.statusCode).toBe(200);
      expect(skipped.json()).toEqual({ kind: 'message', action: 'skip', url: null });
      const unreadAfter = (
        await t.app.inject({ url: '/api/messages/unread-count', headers: bearer(jane.token) })
      ).json<{ count: number }>().count;
      expect(unreadAfter).toBe(unreadBefore);

      // The patient's own answer pushes nobody: providers get no push and the sender none of their own.
      const ownBefore = (await pushesTo(jane.id, 'push-message')).length;
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${threadId}/messages`,
        headers: bearer(jane.token),
        payload: { body: 'Thanks!' },
      });
      expect(answer.statusCode).toBe(201);
      expect(await pushesTo(jane.id, 'push-message')).toHaveLength(ownBefore);
      expect(await pushesTo(smith.id, 'push-message')).toHaveLength(0);
      expect(
        await t.context.db.select().from(messageThreads).where(eq(messageThreads.id, threadId)),
      ).toHaveLength(1);
    });
  });

  describe('password prompt (Ok / Reject)', () => {
    const ANSWER = 'Rex the dog';

    async function person() {
      const user = await createTestUser(t.context.db, {});
      await setSecurityQuestion(t.context.db, user.id, 'First pet?', ANSWER, t.context.now());
      return user;
    }

    function post(url: string, payload: Record<string, unknown>) {
      return t.app.inject({ method: 'POST', url, payload });
    }

    async function answerQuestion(username: string, answer = ANSWER) {
      const start = await post('/public/recovery/password/start', { username });
      const { token } = start.json<ForgotPasswordStartResponse>();
      return post('/public/recovery/password/answer', { token, answer });
    }

    it('a proven answer prompts the owner; Ok lets the reset go on', async () => {
      const user = await person();
      expect(await pushesTo(user.id, 'push-password')).toHaveLength(0);
      // A wrong answer (or just the username) prompts nobody.
      expect((await answerQuestion(user.username, 'wrong')).statusCode).toBe(400);
      expect(await pushesTo(user.id, 'push-password')).toHaveLength(0);

      const answered = await answerQuestion(user.username);
      expect(answered.statusCode).toBe(200);
      const push = await latestPush(user.id, 'push-password');
      expect(push).toMatchObject({
        kind: 'password',
        title: PUSH_TEXTS.password.title,
        body: PUSH_TEXTS.password.body,
        actions: [
          { action: 'ok', title: 'Ok' },
          { action: 'reject', title: 'Reject' },
        ],
      });
      const ok = await act({ token: push.token, action: 'ok' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ kind: 'password', action: 'ok', url: null });
      const sent = await post('/public/recovery/password/send', {
        token: answered.json<SecurityAnswerResponse>().token,
        channel: 'email',
      });
      expect(sent.statusCode).toBe(200);
    });

    it('Reject stops the reset in progress: the next step is refused', async () => {
      const user = await person();
      const answered = await answerQuestion(user.username);
      const push = await latestPush(user.id, 'push-password');
      expect((await act({ token: push.token, action: 'done' })).statusCode).toBe(400);
      const rejected = await act({ token: push.token, action: 'reject' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toEqual({ kind: 'password', action: 'reject', url: null });
      const sent = await post('/public/recovery/password/send', {
        token: answered.json<SecurityAnswerResponse>().token,
        channel: 'email',
      });
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({ code: 'recovery_expired' });
      expect(await pushesTo(user.id, 'temporary-password')).toHaveLength(0);
    });
  });

  describe('bad input', () => {
    it.each([
      [{}, 'no token'],
      [{ token: 'x'.repeat(43) }, 'no action'],
      [{ token: 'short', action: 'done' }, 'malformed token'],
      [{ token: 'x'.repeat(43), action: 'delete' }, 'unknown action'],
      [{ token: 'x'.repeat(43), action: 'done', userId: 'someone' }, 'extra field'],
    ])('%j (%s) is a 400', async (payload: Record<string, unknown>, _label: string) => {
      const response = await act(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    });

    it('an unknown token is a 400 like a used one', async () => {
      const response = await act({ token: 'A'.repeat(43), action: 'done' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: PUSH_ACTION_INVALID_TEXT });
    });

    it("another purpose's one-time token (a recovery step) is not an action token", async () => {
      const user = await person2();
      const start = await t.app.inject({
        method: 'POST',
        url: '/public/recovery/password/start',
        payload: { username: user.username },
      });
      const { token } = start.json<ForgotPasswordStartResponse>();
      expect((await act({ token, action: 'ok' })).statusCode).toBe(400);
    });

    async function person2() {
      const user = await createTestUser(t.context.db, {});
      await setSecurityQuestion(t.context.db, user.id, 'First pet?', 'x', t.context.now());
      return user;
    }
  });

  // Last: it moves this app's clock past every token's life.
  describe('expiry', () => {
    it('a token older than its 24 hours is refused and changes nothing', async () => {
      const { taskId, push } = await sendTask('Bring your inhaler list');
      t.advanceClock(24 * 3_600_000 + 1_000);
      const late = await act({ token: push.token, action: 'done' });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ message: PUSH_ACTION_INVALID_TEXT });
      expect(await taskStatus(taskId)).toBe('NEW');
    });
  });
});
