import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  fixtureVideoWorldResponseSchema,
  type FixtureVideoWorldResponse,
} from '@app/contracts/video-fixtures';
import { expect, test } from '../fixtures/test.ts';
import { AccessibilityWatch } from '../fixtures/accessibility.ts';
import { chromiumLaunchOptions } from '../fixtures/chromium.ts';
import { signInByApi } from '../fixtures/session.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { apiToken } from '../fixtures/appointments-api.ts';
import { newContextOnSuiteClock } from '../fixtures/clock.ts';

// Issue 7 "Must show": real WebRTC between Chromium pages with fake camera and microphone
// (ARCHITECTURE.md, Habits): the patient arrives, the provider sees 'Your patient is here…' and
// joins, each side decodes the other's video, chat crosses with the unread dot, screen share swaps
// the published track and back, blur toggles and is kept for the next visit, and the provider's
// End visit ends it for everyone. A third participant joins by the public invitation link; a
// browser without camera and microphone shows the permissions block.
test.use({
  launchOptions: chromiumLaunchOptions([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
    // getDisplayMedia picks the screen by itself instead of asking.
    '--auto-select-desktop-capture-source=Entire screen',
  ]),
});

// One call at a time: two calls with software-GL blur on a 2-core machine starve each other's frames.
test.describe.configure({ mode: 'default' });

const PASSWORD = 'Video#Visit2026';

async function createVideoWorld(page: Page): Promise<FixtureVideoWorldResponse> {
  const response = await page.request.post('/dev/fixtures/video/world', {
    data: { name: uniqueName('vv').replace(/\./g, ''), password: PASSWORD },
  });
  if (response.status() !== 201) {
    throw new Error(`POST /dev/fixtures/video/world answered ${response.status()}: ${await response.text()}`);
  }
  return fixtureVideoWorldResponseSchema.parse(await response.json());
}

/** A second person's browser window: its own cookies and storage, axe watching it too. */
async function openWindow(browser: Browser, baseURL: string) {
  const context = await newContextOnSuiteClock(browser, { baseURL, reducedMotion: 'reduce' });
  await debugHook(context);
  const page = await context.newPage();
  return { context, page, axe: new AccessibilityWatch(page) };
}

/** The call's test hook (`window.__videoCall`) is on in production builds only with this flag. */
async function debugHook(context: BrowserContext) {
  await context.addInitScript(() => {
    window.localStorage.setItem('videoDebug', '1');
  });
}

interface VideoCallHook {
  peers(): RTCPeerConnection[];
  localStream(): MediaStream | null;
  dropConnection(): void;
}

/** The room socket closes as a lost network closes it (the call's media goes with it). */
async function dropConnection(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __videoCall?: VideoCallHook }).__videoCall?.dropConnection();
  });
}

/** Video frames this page has decoded from every remote participant (getStats inbound-rtp). */
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

/** The labels of the video tracks this page sends (a camera, a screen, or the blur canvas). */
async function sentVideoLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hook = (window as unknown as { __videoCall?: VideoCallHook }).__videoCall;
    return (hook?.peers() ?? []).flatMap((peer) =>
      peer
        .getSenders()
        .filter((sender) => sender.track?.kind === 'video')
        .map((sender) => sender.track?.label ?? ''),
    );
  });
}

async function expectDecoding(page: Page, peers: number) {
  await expect(page.getByTestId('remote-video')).toHaveCount(peers, { timeout: 20_000 });
  await expect.poll(() => decodedFrames(page), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The world's doctor, signed in by API on `open` (this file is not about logging in). */
async function providerLogin(page: Page, world: FixtureVideoWorldResponse, open: string) {
  await signInByApi(page, world.doctor.username, { password: PASSWORD, open });
  await expect(page).toHaveURL(/\/provider\//);
}

/** The world's patient, signed in by API on `open`. */
async function patientLogin(page: Page, world: FixtureVideoWorldResponse, open: string) {
  await signInByApi(page, world.patient.username, { password: PASSWORD, open });
  await expect(page).toHaveURL(/\/user\//);
}

test('a video visit: the patient arrives, the provider joins, video, chat, screen share, blur, end', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await debugHook(page.context());
  const world = await createVideoWorld(page);
  const patientName = `${world.patient.firstName} ${world.patient.lastName}`;

  // The provider opens the room first and waits for the patient.
  const provider = await openWindow(browser, baseURL ?? '');
  await providerLogin(provider.page, world, `/provider/video-call/${world.appointmentId}`);
  await expect(provider.page.getByRole('heading', { name: 'Welcome to the waiting room!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(provider.page.getByText(`Your call will start when ${patientName} arrives`)).toBeVisible();

  // The patient joins from the appointment's details page.
  await patientLogin(page, world, `/user/appointment/${world.appointmentId}`);
  await page.locator(`a[href="/user/video-call/${world.appointmentId}"]`).first().click();
  await expect(page.getByRole('heading', { name: 'Your video visit' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Join Call' }).click();
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeVisible();

  // spec 3 §2: the provider learns the patient is here, and joins.
  await expect(provider.page.getByText('Your patient is here. Click below to join the call.')).toBeVisible();
  // The telehealth waiting room in another tab shows the visit's state (spec 3 waiting room).
  const waitingRoom = await provider.context.newPage();
  const waitingRoomAxe = new AccessibilityWatch(waitingRoom);
  // A tab holds its own session, so the second tab logs in as well.
  await providerLogin(waitingRoom, world, '/provider/waiting-room-telehealth');
  await waitingRoom.getByRole('tab', { name: /^Scheduled/ }).click();
  // Both are in the room (the provider on the pre-join screen counts as present, see decision 0030).
  const row = waitingRoom.getByRole('row').filter({ hasText: patientName });
  await expect(row.getByText('In call')).toBeVisible();
  // The row leads into the visit's room as well.
  await expect(row.getByRole('link', { name: 'Join video call' })).toHaveAttribute(
    'href',
    `/provider/video-call/${world.appointmentId}`,
  );
  await provider.page.bringToFront();
  await provider.page.getByRole('button', { name: 'Join Call' }).click();

  // Each side decodes the other's video.
  await expectDecoding(provider.page, 1);
  await expectDecoding(page, 1);
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeHidden();

  // Chat: the patient sees the unread dot; opening the chat clears it; messages cross both ways.
  await provider.page.getByRole('button', { name: 'Open chat' }).click();
  const providerChat = provider.page.getByRole('region', { name: 'Chat' });
  await providerChat.getByRole('textbox', { name: 'Message' }).fill('Good morning, can you hear me?');
  await providerChat.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('New messages')).toBeAttached();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(page.getByText('New messages')).toHaveCount(0);
  const patientChat = page.getByRole('region', { name: 'Chat' });
  await expect(patientChat.getByText('Good morning, can you hear me?')).toBeVisible();
  await patientChat.getByRole('textbox', { name: 'Message' }).fill('Yes, loud and clear.');
  await patientChat.getByRole('button', { name: 'Send' }).click();
  await expect(providerChat.getByText('Yes, loud and clear.')).toBeVisible();

  // Screen share swaps the published video for the screen, and Stop sharing swaps it back.
  const [cameraLabel = ''] = await sentVideoLabels(provider.page);
  expect(cameraLabel).not.toBe('');
  await provider.page.getByRole('button', { name: 'Share screen' }).click();
  await expect(provider.page.getByRole('button', { name: 'Stop sharing' })).toBeVisible();
  await expect.poll(() => sentVideoLabels(provider.page)).not.toEqual([cameraLabel]);
  await provider.page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect.poll(() => sentVideoLabels(provider.page)).toEqual([cameraLabel]);
  await expect(provider.page.getByRole('button', { name: 'Share screen' })).toBeVisible();

  // Blur background ON: the published track becomes the blurred canvas; the choice is kept.
  await provider.page.getByRole('button', { name: 'More options' }).click();
  const blur = provider.page.getByRole('switch', { name: 'Blur background' });
  await expect(blur).not.toBeChecked();
  await blur.click();
  await expect(blur).toBeChecked();
  await expect(provider.page.getByText('ON', { exact: true })).toBeVisible();
  await expect.poll(() => sentVideoLabels(provider.page), { timeout: 45_000 }).not.toEqual([cameraLabel]);
  // The patient still receives video while the blur runs (a few frames a second in software GL).
  const before = await decodedFrames(page);
  await expect.poll(() => decodedFrames(page), { timeout: 30_000 }).toBeGreaterThan(before);
  await provider.page.keyboard.press('Escape');

  // The provider ends the visit for everyone.
  await provider.page.getByRole('button', { name: 'End visit' }).click();
  await expect(provider.page.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();
  // The waiting room follows over the realtime socket, without a reload.
  await expect(row.getByText('Visit ended')).toBeVisible();
  expect((await waitingRoomAxe.finish()).findings).toEqual([]);

  // The choice is the provider's videoCallPreferences (spec 3 §3), read when the next visit starts.
  const token = await apiToken(page.request, world.doctor.username, PASSWORD);
  const preferences = await page.request.get('/api/provider/data/videoCallPreferences', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await preferences.json()).toMatchObject({ value: { isBlurApplied: true } });

  const { findings } = await provider.axe.finish();
  expect(findings).toEqual([]);
  await provider.context.close();
});

// Issue 17 item 8 (decision 0047): spec 3 §8's rules hold for the whole call, not only before the
// first join. A connection lost mid-call shows "Reconnecting…" and is tried again after 30 s, or at
// once with "Try again now"; either way the call comes back with video both ways. Joining from
// another window takes the place for good (4409). spec 3 §9 sizes: the self view is 300x190; the
// chat panel is 300 px wide beside the call on a wide screen and 220 px high below it on a phone.
test('a connection lost mid-call: Reconnecting…, Try again now or 30 s later, the call comes back', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  await debugHook(page.context());
  const world = await createVideoWorld(page);
  const patientName = `${world.patient.firstName} ${world.patient.lastName}`;

  const provider = await openWindow(browser, baseURL ?? '');
  await provider.page.setViewportSize({ width: 1280, height: 800 });
  await providerLogin(provider.page, world, `/provider/video-call/${world.appointmentId}`);
  await provider.page.getByRole('button', { name: 'Join Call' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await patientLogin(page, world, `/user/video-call/${world.appointmentId}`);
  await page.getByRole('button', { name: 'Join Call' }).click();
  await expectDecoding(provider.page, 1);
  await expectDecoding(page, 1);

  // spec 3 §9 sizes, on a wide screen and on a phone.
  await provider.page.getByRole('button', { name: 'Open chat' }).click();
  const providerChat = provider.page.getByRole('region', { name: 'Chat' });
  await expect(providerChat).toBeVisible();
  expect((await providerChat.boundingBox())?.width).toBe(300);
  const selfView = provider.page.locator('figure', { has: provider.page.getByTestId('local-video') });
  expect(await selfView.boundingBox()).toMatchObject({ width: 300, height: 190 });
  await page.getByRole('button', { name: 'Open chat' }).click();
  const patientChat = page.getByRole('region', { name: 'Chat' });
  await expect(patientChat).toBeVisible();
  expect((await patientChat.boundingBox())?.height).toBe(220);
  await provider.page.screenshot({ path: testInfo.outputPath('call-1280.png') });
  await page.screenshot({ path: testInfo.outputPath('call-390.png') });

  // The patient's connection drops in the middle of the call.
  await dropConnection(page);
  const lost = page.getByRole('alert').filter({ hasText: 'Reconnecting…' });
  await expect(lost).toBeVisible();
  await expect(lost).toContainText('The connection to the visit was lost. We will try again in 30 seconds.');
  await page.screenshot({ path: testInfo.outputPath('reconnecting-390.png') });
  // The provider sees the patient gone.
  await expect(provider.page.getByText(`Your call will start when ${patientName} arrives`)).toBeVisible();
  await expect(provider.page.getByTestId('remote-video')).toHaveCount(0);
  // "Try again now" does not wait: the patient is back in the call, video both ways.
  await lost.getByRole('button', { name: 'Try again now' }).click();
  await expect(lost).toBeHidden();
  await expectDecoding(page, 1);
  await expectDecoding(provider.page, 1);
  await expect(provider.page.getByText(`Your call will start when ${patientName} arrives`)).toBeHidden();

  // Now the provider's connection drops; nobody presses anything: the retry comes after 30 s.
  await dropConnection(provider.page);
  const providerLost = provider.page.getByRole('alert').filter({ hasText: 'Reconnecting…' });
  await expect(providerLost).toBeVisible();
  await provider.page.screenshot({ path: testInfo.outputPath('reconnecting-1280.png') });
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeVisible();
  await provider.page.clock.fastForward(29_000);
  await expect(providerLost).toBeVisible();
  await provider.page.clock.fastForward(1_000);
  await expect(providerLost).toBeHidden();
  await expectDecoding(provider.page, 1);
  await expectDecoding(page, 1);
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeHidden();

  // The patient opens the visit in another tab: this one steps aside for good (4409).
  const second = await page.context().newPage();
  const secondAxe = new AccessibilityWatch(second);
  await patientLogin(second, world, `/user/video-call/${world.appointmentId}`);
  await expect(
    page.getByRole('heading', { name: 'You joined this visit from another window.' }),
  ).toBeVisible();
  await expect(page.getByText('The visit goes on in that window. Close this one.')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Join Call' })).toBeEnabled();
  // Even after its 30 s this window does not take the room back.
  await page.clock.fastForward(31_000);
  await expect(
    page.getByRole('heading', { name: 'You joined this visit from another window.' }),
  ).toBeVisible();
  await second.getByRole('button', { name: 'Join Call' }).click();
  await expectDecoding(second, 1);

  await provider.page.getByRole('button', { name: 'End visit' }).click();
  await expect(second.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();
  expect((await secondAxe.finish()).findings).toEqual([]);
  expect((await provider.axe.finish()).findings).toEqual([]);
  await provider.context.close();
});

test('three in the room: a guest joins by the invitation link', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await debugHook(page.context());
  const world = await createVideoWorld(page);

  const provider = await openWindow(browser, baseURL ?? '');
  await providerLogin(provider.page, world, `/provider/video-call/${world.appointmentId}`);
  await provider.page.getByRole('button', { name: 'Join Call' }).click();

  // The provider invites a third person (an interpreter); the link opens without a login.
  await provider.page.getByRole('button', { name: 'More options' }).click();
  await provider.page.getByRole('button', { name: 'Invite someone' }).click();
  const link = await provider.page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  const invitation = new URL(link);
  expect(invitation.pathname).toBe(`/provider/video-call/${world.appointmentId}`);
  expect(invitation.searchParams.get('uuid')).toBeTruthy();
  await provider.page.getByRole('button', { name: 'More options' }).click();

  const guest = await openWindow(browser, baseURL ?? '');
  await guest.page.goto(`${invitation.pathname}${invitation.search}`);
  await guest.page.getByLabel('Your name').fill('Ana Interpreter');
  await guest.page.getByRole('button', { name: 'Continue' }).click();
  await expect(guest.page.getByRole('heading', { name: 'Welcome to the waiting room!' })).toBeVisible();
  await guest.page.getByRole('button', { name: 'Join Call' }).click();

  await patientLogin(page, world, `/user/video-call/${world.appointmentId}`);
  await page.getByRole('button', { name: 'Join Call' }).click();

  await expectDecoding(provider.page, 2);
  await expectDecoding(page, 2);
  await expectDecoding(guest.page, 2);

  await provider.page.getByRole('button', { name: 'End visit' }).click();
  await expect(guest.page.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();

  for (const window of [provider, guest]) {
    const { findings } = await window.axe.finish();
    expect(findings).toEqual([]);
    await window.context.close();
  }
});

test('without camera and microphone the room shows the permissions block and no Join Call', async ({
  page,
}) => {
  const world = await createVideoWorld(page);
  // The browser refuses both devices, as after "Block" in its permission prompt.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await providerLogin(page, world, `/provider/video-call/${world.appointmentId}`);
  const block = page.getByRole('alert').filter({ hasText: 'Your camera and microphone are off' });
  await expect(block).toBeVisible({ timeout: 30_000 });
  await expect(block.getByRole('link', { name: 'How to allow camera and microphone' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join Call' })).toHaveCount(0);
});

// Issue 16 item 5: the demo video visit a newcomer can join whenever the portal runs (the server keeps
// it open, apps/server/src/seed/demo-video-visit.ts): jane.patient joins it from her appointments and
// dr.smith sees her arrive in the telehealth waiting room, joins, and they see each other.
test('the demo video visit: jane.patient joins and dr.smith sees her arrive', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await debugHook(page.context());
  const provider = await openWindow(browser, baseURL ?? '');
  await signInByApi(provider.page, 'dr.smith', { open: '/provider/waiting-room-telehealth' });
  await provider.page.getByRole('tab', { name: /^Scheduled/ }).click();
  const row = provider.page.getByRole('row').filter({ hasText: 'Jane Cooper' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Patient waiting')).toHaveCount(0);

  // jane finds the visit in her appointments and joins it.
  await signInByApi(page, 'jane.patient', { open: '/user/appointment' });
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Telehealth visit' })
    .getByRole('link', { name: /^Open appointment with Alice Smith/ })
    .click();
  await page.getByRole('link', { name: 'Start video visit' }).click();
  await expect(page.getByRole('heading', { name: 'Your video visit' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Join Call' }).click();
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeVisible();

  // dr.smith sees her arrive without reloading, and joins from the row.
  await expect(row.getByText('Patient waiting')).toBeVisible();
  await row.getByRole('link', { name: 'Join video call' }).click();
  await expect(provider.page.getByText('Your patient is here. Click below to join the call.')).toBeVisible({
    timeout: 30_000,
  });
  await provider.page.getByRole('button', { name: 'Join Call' }).click();
  await expectDecoding(provider.page, 1);
  await expectDecoding(page, 1);
  await expect(page.getByText('Please wait, your provider will join shortly.')).toBeHidden();
  const { findings } = await provider.axe.finish();
  expect(findings).toEqual([]);
  await provider.context.close();
});
