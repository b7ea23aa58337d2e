import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { pushPayloadSchema, type PushPayload } from '@app/contracts/devices';
import type { FixtureCheckInWorldResponse } from '@app/contracts/check-in-fixtures';
import { accessToken, createCheckInWorld } from '../fixtures/check-in-world.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { latestMessages } from '../fixtures/outbox.ts';
import { signInByApi } from '../fixtures/session.ts';
import { expect, test } from '../fixtures/test.ts';

// Issue 17 item 5, spec 3 §7: "Push notification actions exist for todo (Done/Skip), password
// (Ok/Reject) and message (View/Skip)" (decision 0044). The server queues the push in the outbox; the
// test delivers it to the app's real service worker through the DevTools protocol (Chromium cannot reach
// a push service here, decision 0013) and presses a button with the worker's own click handler, as the
// browser does on a click (a click on a system notification cannot be scripted).
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'Push#Actions2026';

/** The newest push the server queued for this person, of this purpose, as the worker will receive it. */
async function queuedPush(request: APIRequestContext, userId: string, purpose: string): Promise<PushPayload> {
  let found: PushPayload | undefined;
  await expect
    .poll(async () => {
      const [message] = (await latestMessages(request, userId)).filter((item) => item.purpose === purpose);
      found = message ? pushPayloadSchema.parse(JSON.parse(message.body)) : undefined;
      return message?.channel ?? null;
    })
    .toBe('push');
  if (!found) {
    throw new Error(`no ${purpose} push`);
  }
  return found;
}

/** Waits for the app's worker to control the page, then delivers `payload` to it as a push service would. */
async function deliverPush(page: Page, context: BrowserContext, baseURL: string, payload: PushPayload) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 15_000,
    })
    .toMatch(/\/service-worker\.js$/);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((item) => !item.isDeleted && item.scopeURL === `${baseURL}/`);
      if (ours) {
        resolve(ours.registrationId);
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
}

/** The notification the worker shows: title, text and its buttons. */
async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((item) => ({
      title: item.title,
      body: item.body,
      actions: (item as Notification & { actions?: { action: string; title: string }[] }).actions?.map(
        (button) => ({ action: button.action, title: button.title }),
      ),
    }));
  });
}

/** Presses a button of the shown notification (or its body, with no action) inside the real worker. */
async function press(context: BrowserContext, action: string | null) {
  const [worker] = context.serviceWorkers();
  if (!worker) {
    throw new Error('no service worker');
  }
  await worker.evaluate(async (chosen) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      handleNotificationClick: (notification: Notification, action: string) => Promise<unknown>;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) {
      throw new Error('no notification shown');
    }
    await scope.handleNotificationClick(notification, chosen ?? '');
  }, action);
}

async function world(
  request: APIRequestContext,
  onFlyTaskTitles: string[],
): Promise<FixtureCheckInWorldResponse> {
  return createCheckInWorld(request, PASSWORD, { taskTitles: [], appointmentCount: 0, onFlyTaskTitles });
}

test('a task sent to the patient: Done on the notification marks it, and the task list no longer has it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const clinic = await world(request, ['Update your pharmacy', 'Upload your photo ID']);
  const [, photoId = ''] = clinic.onFlyTaskIds;
  await context.grantPermissions(['notifications'], { origin: base });
  await signInByApi(page, clinic.patient.username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/appointment/);

  // The clinic sends the patient the photo ID task: the push is queued with Done and Skip.
  const sent = await request.post('/dev/fixtures/quick-links', {
    data: { userId: clinic.patient.userId, clinicUuid: clinic.clinicUuid, type: 'on-fly', taskId: photoId },
  });
  expect(sent.status()).toBe(201);
  const push = await queuedPush(request, clinic.patient.userId, 'push-todo');
  await deliverPush(page, context, base, push);
  await expect
    .poll(() => shownNotifications(page), { timeout: 10_000 })
    .toEqual([
      {
        title: 'A task from your clinic',
        body: 'Upload your photo ID',
        actions: [
          { action: 'done', title: 'Done' },
          { action: 'skip', title: 'Skip' },
        ],
      },
    ]);

  // Done, pressed on the notification, reaches the API from the worker.
  const marked = page.context().waitForEvent('requestfinished', {
    predicate: (finished) => finished.url().endsWith('/public/push/actions'),
  });
  await press(context, 'done');
  const answer = await (await marked).response();
  expect(answer?.status()).toBe(200);
  expect(await answer?.json()).toEqual({ kind: 'todo', action: 'done', url: null });
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // The patient's task flow now starts with the one task left, and after it there is nothing to do.
  await page.goto(`/user/task?flow=on-fly&clinicUuid=${clinic.clinicUuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Update your pharmacy' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page).toHaveURL(/\/user\/on-fly-final$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All tasks done' })).toBeVisible();

  // The same notification cannot act twice.
  const again = await request.post('/public/push/actions', { data: { token: push.token, action: 'skip' } });
  expect(again.status()).toBe(400);
});

test('a new message: View on the notification opens the thread in the app', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const clinic = await world(request, []);
  const doctorName = uniqueName('push.doctor');
  await createUser(request, {
    memberType: 'doctor',
    username: doctorName,
    password: PASSWORD,
    clinicNumbers: [clinic.clinicNumber],
    permissions: ['MESSAGE', 'PATIENT'],
  });
  await context.grantPermissions(['notifications'], { origin: base });
  await signInByApi(page, clinic.patient.username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/appointment/);

  const subject = `Your visit ${Date.now().toString(36)}`;
  const token = await accessToken(request, doctorName, PASSWORD);
  const created = await request.post(`/api/provider/clinics/${clinic.clinicUuid}/messages/threads`, {
    headers: { authorization: `Bearer ${token}` },
    data: { subject, body: 'Please bring your glasses.', patientId: clinic.patient.userId },
  });
  expect(created.status()).toBe(201);
  const threadId = ((await created.json()) as { id: string }).id;

  const push = await queuedPush(request, clinic.patient.userId, 'push-message');
  await deliverPush(page, context, base, push);
  await expect
    .poll(() => shownNotifications(page), { timeout: 10_000 })
    .toEqual([
      {
        title: 'New message',
        body: 'You have a new message from your clinic.',
        actions: [
          { action: 'view', title: 'View' },
          { action: 'skip', title: 'Skip' },
        ],
      },
    ]);

  await press(context, 'view');
  await expect(page).toHaveURL(new RegExp(`/user/message/${threadId}$`));
  await expect(page.getByText('Please bring your glasses.')).toBeVisible();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
});
