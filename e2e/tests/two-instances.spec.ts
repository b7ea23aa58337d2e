import type { Browser, Page } from '@playwright/test';
import {
  fixtureVideoWorldResponseSchema,
  type FixtureVideoWorldResponse,
} from '@app/contracts/video-fixtures';
import { expect, test as base } from '../fixtures/test.ts';
import { AccessibilityWatch } from '../fixtures/accessibility.ts';
import { chromiumLaunchOptions } from '../fixtures/chromium.ts';
import { newContextOnSuiteClock } from '../fixtures/clock.ts';
import { DEMO } from '../fixtures/demo.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { startTwoInstances, type TwoInstances } from '../fixtures/two-instances.ts';

// Issue 20 item 6 (decision 0071): two server processes on one PostgreSQL database and one Redis
// (ARCHITECTURE.md: realtime fans out through Redis pub/sub). The patient's browser talks only to
// instance A, the provider's only to instance B, so every live update below crossed between them:
// the waiting room, secure messages both ways, and a video call's signaling (real WebRTC).
// Runs in the PostgreSQL pass of .ci/run only (project two-instances, docs/testing.md).

const test = base.extend<object, { instances: TwoInstances }>({
  instances: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring for a fixture without dependencies.
    async ({}, use) => {
      const instances = await startTwoInstances();
      await use(instances);
      await instances.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // The test's own page (the patient's) is on instance A.
  baseURL: async ({ instances }, use) => {
    await use(instances.a.baseURL);
  },
});

test.use({
  launchOptions: chromiumLaunchOptions([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
  ]),
});

// One call at a time on the 2-core machine (as video-call.spec.ts).
test.describe.configure({ mode: 'default' });

const PASSWORD = 'Two#Instances2026';

/** The provider's browser window, on instance B, with axe watching it too. */
async function providerWindow(browser: Browser, instances: TwoInstances) {
  const context = await newContextOnSuiteClock(browser, {
    baseURL: instances.b.baseURL,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  return { context, page, axe: new AccessibilityWatch(page) };
}

async function createVideoWorld(page: Page): Promise<FixtureVideoWorldResponse> {
  const response = await page.request.post('/dev/fixtures/video/world', {
    data: { name: uniqueName('two').replace(/\./g, ''), password: PASSWORD },
  });
  if (response.status() !== 201) {
    throw new Error(`POST /dev/fixtures/video/world answered ${response.status()}: ${await response.text()}`);
  }
  return fixtureVideoWorldResponseSchema.parse(await response.json());
}

interface VideoCallHook {
  peers(): RTCPeerConnection[];
}

/** Video frames this page has decoded from the other side (getStats inbound-rtp). */
async function decodedFrames(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const hook = (window as unknown as { __videoCall?: VideoCallHook }).__videoCall;
    let frames = 0;
    for (const peer of hook?.peers() ?? []) {
      const stats = await peer.getStats();
      stats.forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') {
          frames += report.framesDecoded ?? 0;
        }
      });
    }
    return frames;
  });
}

test('a patient on instance A and a provider on instance B: waiting room and video call', async ({
  page,
  browser,
  instances,
}) => {
  test.setTimeout(180_000);
  // The call's test hook (window.__videoCall) is on in production builds only with this flag.
  await page.context().addInitScript(() => {
    window.localStorage.setItem('videoDebug', '1');
  });
  const world = await createVideoWorld(page);
  const patientName = `${world.patient.firstName} ${world.patient.lastName}`;

  // The provider, on B, watches the telehealth waiting room.
  const provider = await providerWindow(browser, instances);
  await provider.context.addInitScript(() => {
    window.localStorage.setItem('videoDebug', '1');
  });
  await signInByApi(provider.page, world.doctor.username, {
    password: PASSWORD,
    open: '/provider/waiting-room-telehealth',
  });
  await expect(
    provider.page.getByRole('heading', { level: 1, name: 'Telehealth Waiting Room' }),
  ).toBeVisible();
  const row = provider.page.getByRole('tabpanel').getByRole('row', { name: new RegExp(patientName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Patient waiting')).toHaveCount(0);

  // (a) The patient, on A, arrives in the video room; B's waiting room shows it without a reload.
  await signInByApi(page, world.patient.username, {
    password: PASSWORD,
    open: `/user/video-call/${world.appointmentId}`,
  });
  await expect(page.getByRole('heading', { name: 'Your video visit' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Join Call' }).click();
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeVisible();
  await expect(
    provider.page.getByRole('status').filter({ hasText: `${patientName} has arrived` }),
  ).toBeVisible();
  await expect(row.getByText('Patient waiting')).toBeVisible();

  // (c) The provider joins from the row; the call's signaling crosses A and B, and each side decodes
  // the other's video.
  await row.getByRole('link', { name: 'Join video call' }).click();
  await expect(provider.page).toHaveURL(new RegExp(`/provider/video-call/${world.appointmentId}$`));
  await expect(provider.page.getByText('Your patient is here. Click below to join the call.')).toBeVisible({
    timeout: 30_000,
  });
  await provider.page.getByRole('button', { name: 'Join Call' }).click();
  for (const side of [provider.page, page]) {
    await expect(side.getByTestId('remote-video')).toHaveCount(1, { timeout: 20_000 });
    await expect.poll(() => decodedFrames(side), { timeout: 20_000 }).toBeGreaterThan(0);
  }
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeHidden();

  // The provider ends the visit on B; the patient's page on A follows.
  await provider.page.getByRole('button', { name: 'End visit' }).click();
  await expect(provider.page.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();

  expect((await provider.axe.finish()).findings).toEqual([]);
  await provider.context.close();
});

test('a patient on instance A and a provider on instance B: a message and its reply cross both ways', async ({
  page,
  browser,
  instances,
}) => {
  const subject = `Two instances ${Date.now().toString(36)}`;

  // jane, on A, watches her messages.
  await signInByApi(page, DEMO.patient, { open: '/user/message' });
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByTestId('thread-list')).toBeVisible();

  // dr.smith, on B, writes to her (the patient side answers threads; a provider opens them).
  const provider = await providerWindow(browser, instances);
  const drSmith = provider.page;
  await signInByApi(drSmith, DEMO.provider, { open: '/provider/message/search-patient' });
  await drSmith.getByLabel('Name', { exact: true }).fill('Cooper');
  await drSmith.getByRole('button', { name: 'Add Jane Cooper' }).click();
  await expect(drSmith.getByTestId('receivers')).toContainText('Jane Cooper');
  await drSmith.getByRole('link', { name: 'Continue' }).click();
  await drSmith.getByLabel('Subject').fill(subject);
  await drSmith.getByRole('textbox', { name: 'Message', exact: true }).fill('How are you feeling today?');
  await drSmith.getByRole('button', { name: 'Send' }).click();
  await expect(drSmith.getByRole('heading', { level: 1, name: subject })).toBeVisible();

  // (b) It arrives in jane's open list on A; her answer arrives in dr.smith's open thread on B.
  const janeRow = page.getByTestId('thread-row').filter({ hasText: subject });
  await expect(janeRow.getByTestId('unread-dot')).toContainText('1 unread message');
  await janeRow.getByRole('link', { name: subject }).click();
  await expect(page.getByTestId('thread-messages')).toContainText('How are you feeling today?');
  await page.getByLabel('Your reply').fill('Much better, thank you.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(drSmith.getByTestId('thread-messages')).toContainText('Much better, thank you.');

  // dr.smith's reply comes back to jane's open thread on A.
  await drSmith.getByLabel('Your reply').fill('Glad to hear it. See you at your next visit.');
  await drSmith.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('thread-messages')).toContainText(
    'Glad to hear it. See you at your next visit.',
  );

  expect((await provider.axe.finish()).findings).toEqual([]);
  await provider.context.close();
});
