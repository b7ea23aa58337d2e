import { mkdir, readdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { appointmentListResponseSchema, type Appointment } from '@app/contracts/appointments';
import { providerWorkspaceResponseSchema } from '@app/contracts/provider-workspace';
import { chromiumLaunchOptions } from '../fixtures/chromium.ts';
import { startSuiteClock, suiteNow } from '../fixtures/clock.ts';
import { apiToken } from '../fixtures/appointments-api.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { startPortalServer, type PortalServer } from '../fixtures/portal-server.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 18 item 7 (decision 0055): pictures of every main screen. `npm run screens` builds the portal,
// then this script starts the built server on a fresh data directory with the demo data (exactly as
// a newcomer's first `npm start`), signs in as the demo patient and the demo provider, and renders
// the key screens at a phone (390 px) and a desktop (1280 px) width to
// docs/screens/<area>-<screen>-<width>.png. The whole run happens at the e2e suite's fixed instant
// (e2e/fixtures/clock.ts, E2E_CLOCK_AT to pick another), with the browser's Date held on it, so the
// pictures only change when the screens do. Device scale factor 1 keeps the files small.
//
//   npm run screens                       every screen
//   npm run screens -- patient-home login  only the screens whose name contains one of the words

const OUT_DIR = fileURLToPath(new URL('../../docs/screens/', import.meta.url));
const WIDTHS = [390, 1280] as const;
type Width = (typeof WIDTHS)[number];
const HEIGHT: Record<Width, number> = { 390: 844, 1280: 800 };

interface World {
  /** jane.patient's upcoming office visit (the demo seed's "Blood pressure check"). */
  officeVisit: Appointment;
  /** The demo telehealth visit the server keeps open now (decision 0040). */
  videoVisit: Appointment;
  janeId: string;
}

interface Screen {
  /** docs/screens/<name>-<width>.png */
  name: string;
  /** guest: no session; patient: jane.patient; provider: dr.smith. */
  who: 'guest' | 'patient' | 'provider';
  /** The address to open, or the steps that reach the screen. */
  open: string | ((page: Page, world: World) => Promise<void> | string);
}

const firstHeading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** spec 2 §2 booking steps, the way a patient goes: filters, the provider, the visit type. */
async function toTimeSlots(page: Page): Promise<void> {
  await page.goto('/user/appointment/create');
  await firstHeading(page).waitFor();
  const choose = async (label: string, option: string) => {
    const select = page.getByLabel(label, { exact: true });
    if ((await select.inputValue().catch(() => '')) === '') {
      await select.selectOption({ label: option });
    }
  };
  await choose('State', 'New York');
  await choose('Insurance', 'Aetna');
  await choose('Specialty', 'Family medicine');
  await choose('Visit Type', 'In person');
  await page.getByRole('button', { name: 'Schedule now with Alice Smith' }).click();
  await page.getByRole('radio', { name: 'Follow-up' }).check();
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await page.getByRole('group', { name: 'Available times' }).waitFor();
}

/**
 * Issue 19 (decision 0063): on fresh demo data nobody has opened jane's record yet; dr.smith reads her
 * chart and appointments through the API first, so her access history shows what it is for.
 */
async function toAccessHistory(page: Page, world: World): Promise<void> {
  const token = await apiToken(page.request, DEMO.provider, DEMO_PASSWORD);
  const { clinicId } = providerWorkspaceResponseSchema.parse(
    await apiGet(page.request, '/api/provider/workspace', token),
  );
  await apiGet(page.request, `/api/provider/clinics/${clinicId}/patients/${world.janeId}`, token);
  await apiGet(page.request, `/api/provider/clinics/${clinicId}/patients/${world.janeId}/payments`, token);
  await page.goto('/user/access-history');
}

/**
 * Issue 21 item 3 (decision 0082): a SMART app's authorization request, as the portal's consent screen
 * shows it. The app is registered through the dev fixture; the request starts at /oauth/smart/authorize.
 */
let smartClientId: string | null = null;

async function startSmartLaunch(
  page: Page,
  scope = 'launch/patient openid fhirUser offline_access patient/*.rs',
): Promise<string> {
  if (smartClientId === null) {
    const registered = await page.request.post('/dev/fixtures/smart-apps', {
      data: { name: 'Health Diary', redirectUris: ['https://diary.example.org/callback'] },
    });
    smartClientId = ((await registered.json()) as { clientId: string }).clientId;
  }
  const clientId = smartClientId;
  const smart = (await (await page.request.get('/.well-known/smart-configuration')).json()) as {
    issuer: string;
  };
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: 'https://diary.example.org/callback',
    scope,
    state: 'screens',
    aud: smart.issuer,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  const started = await page.request.get(`/oauth/smart/authorize?${query.toString()}`, { maxRedirects: 0 });
  return started.headers().location ?? '/user/account-settings';
}

async function toConnectedApps(page: Page, area: 'user' | 'provider' = 'user'): Promise<void> {
  const provider = area === 'provider';
  const consent = await startSmartLaunch(page, provider ? 'openid fhirUser user/*.rs' : undefined);
  const token = await apiToken(page.request, provider ? DEMO.provider : DEMO.patient, DEMO_PASSWORD);
  await page.request.post(`/api/smart/requests/${consent.split('/').pop() ?? ''}/decision`, {
    headers: { authorization: `Bearer ${token}` },
    data: { allow: true },
  });
  await page.goto(`/${area}/account-settings`);
  const row = page.getByTestId('connected-app').first();
  await row.waitFor();
  await row.scrollIntoViewIfNeeded();
}

const SCREENS: Screen[] = [
  { name: 'guest-login', who: 'guest', open: '/guest/login' },
  { name: 'patient-home', who: 'patient', open: '/user/appointment' },
  {
    name: 'patient-check-in-tasks',
    who: 'patient',
    open: (_page, world) => `/user/task?appointmentId=${world.officeVisit.id}`,
  },
  {
    name: 'patient-questionnaire',
    who: 'patient',
    open: async (page, world) => {
      await page.goto(`/user/task/questionnaire?appointmentId=${world.officeVisit.id}`);
      await page.waitForURL(/\/questionnaire\/main\//);
    },
  },
  { name: 'patient-booking-start', who: 'patient', open: '/user/appointment/create' },
  { name: 'patient-time-slots', who: 'patient', open: toTimeSlots },
  {
    name: 'patient-appointment-details',
    who: 'patient',
    open: (_page, world) => `/user/appointment/${world.officeVisit.id}`,
  },
  { name: 'patient-messages', who: 'patient', open: '/user/message' },
  { name: 'patient-documents', who: 'patient', open: '/user/documents' },
  { name: 'patient-access-history', who: 'patient', open: toAccessHistory },
  {
    name: 'patient-connect-app',
    who: 'patient',
    open: async (page) => {
      await page.goto(await startSmartLaunch(page));
      await page.getByRole('button', { name: 'Allow' }).waitFor();
    },
  },
  { name: 'patient-connected-apps', who: 'patient', open: (page) => toConnectedApps(page) },
  {
    // Decision 0089: a provider's launch (user/ scopes), in the provider shell.
    name: 'provider-connect-app',
    who: 'provider',
    open: async (page) => {
      await page.goto(await startSmartLaunch(page, 'openid fhirUser offline_access user/*.rs'));
      await page.getByRole('button', { name: 'Allow' }).waitFor();
    },
  },
  {
    name: 'provider-connected-apps',
    who: 'provider',
    open: (page) => toConnectedApps(page, 'provider'),
  },
  {
    // Issue 21 item 4 (decision 0086): the section in view.
    name: 'patient-record-export',
    who: 'patient',
    open: async (page) => {
      await page.goto('/user/account-settings');
      const section = page.getByRole('region', { name: 'Download my record' });
      await section.waitFor();
      await section.scrollIntoViewIfNeeded();
    },
  },
  { name: 'provider-day-schedule', who: 'provider', open: '/provider/appointment' },
  { name: 'provider-waiting-room', who: 'provider', open: '/provider/waiting-room' },
  { name: 'provider-waiting-room-telehealth', who: 'provider', open: '/provider/waiting-room-telehealth' },
  {
    name: 'provider-patient-search',
    who: 'provider',
    open: async (page) => {
      await page.goto('/provider/search-patient');
      await firstHeading(page).waitFor();
      await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('Garcia');
      await page.keyboard.press('Enter');
      await page.getByText('Maria').first().waitFor();
    },
  },
  {
    name: 'provider-patient-chart',
    who: 'provider',
    open: (_page, world) => `/provider/patient/${world.janeId}`,
  },
  { name: 'provider-messages', who: 'provider', open: '/provider/message' },
  { name: 'provider-audit', who: 'provider', open: '/provider/audit' },
  {
    name: 'provider-video-room',
    who: 'provider',
    open: (_page, world) => `/provider/video-call/${world.videoVisit.id}`,
  },
];

async function apiGet(request: APIRequestContext, path: string, token: string): Promise<unknown> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) {
    throw new Error(`GET ${path} answered ${response.status()}`);
  }
  return response.json();
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Finds jane's demo visits through the API (her own token), as her appointment list does. */
async function findWorld(request: APIRequestContext): Promise<World> {
  const token = await apiToken(request, DEMO.patient, DEMO_PASSWORD);
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  const now = suiteNow();
  const query = `startAt=${isoDay(now - 86_400_000)}&finishAt=${isoDay(now + 30 * 86_400_000)}`;
  const { appointments } = appointmentListResponseSchema.parse(
    await apiGet(request, `/api/appointments?${query}`, token),
  );
  const live = appointments.filter((item) => item.status === 'booked' || item.status === 'confirmed');
  const officeVisit = live.find((item) => item.type === 'office');
  const videoVisit = live.find((item) => item.type === 'video_call');
  if (!officeVisit || !videoVisit) {
    throw new Error(`The demo data has no upcoming office and video visit for ${DEMO.patient}`);
  }
  return { officeVisit, videoVisit, janeId: payload.sub };
}

/** Waits until the screen has settled: its heading, the data it asked for, the web font. */
async function settle(page: Page): Promise<void> {
  await firstHeading(page).waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Skeletons and spinners replaced by their data.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function newContext(browser: Browser, baseURL: string, width: Width): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: HEIGHT[width] },
    deviceScaleFactor: 1,
    isMobile: width < 1024,
    hasTouch: width < 1024,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    locale: 'en-US',
    timezoneId: 'America/New_York',
    permissions: ['camera', 'microphone'],
  });
  // The browser's Date stays on the suite's instant: "today", "in 3 days" and clocks never move.
  await context.clock.setFixedTime(suiteNow());
  return context;
}

async function render(
  browser: Browser,
  portal: PortalServer,
  width: Width,
  screens: Screen[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const who of ['guest', 'patient', 'provider'] as const) {
    const mine = screens.filter((screen) => screen.who === who);
    if (mine.length === 0) {
      continue;
    }
    const context = await newContext(browser, portal.baseURL, width);
    const page = await context.newPage();
    try {
      const world = await findWorld(page.request);
      if (who !== 'guest') {
        await signInByApi(page, who === 'patient' ? DEMO.patient : DEMO.provider);
        await settle(page);
      }
      for (const screen of mine) {
        const file = `${OUT_DIR}${screen.name}-${width}.png`;
        try {
          const target = typeof screen.open === 'string' ? screen.open : await screen.open(page, world);
          if (typeof target === 'string') {
            await page.goto(target);
          }
          await settle(page);
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
          console.log(`  ${screen.name}-${width}.png  ${await firstHeading(page).innerText()}`);
        } catch (error) {
          failures.push(`${screen.name}-${width}: ${(error as Error).message.split('\n')[0]}`);
          console.error(`  ${screen.name}-${width}.png FAILED: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    } finally {
      await context.close();
    }
  }
  return failures;
}

async function main(): Promise<void> {
  const words = process.argv.slice(2);
  const screens = words.length
    ? SCREENS.filter((screen) => words.some((word) => screen.name.includes(word)))
    : SCREENS;
  const { at } = startSuiteClock();
  await mkdir(OUT_DIR, { recursive: true });
  if (words.length === 0) {
    // A full run replaces the pictures: a screen that was dropped leaves no stale file behind.
    for (const file of await readdir(OUT_DIR)) {
      if (file.endsWith('.png')) {
        await rm(`${OUT_DIR}${file}`);
      }
    }
  }
  console.log(`screens: the portal at ${at.toISOString()}, demo data seeded afresh`);
  const portal = await startPortalServer({}, { emptyDataDir: true });
  const browser = await chromium.launch(
    chromiumLaunchOptions(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']),
  );
  const failures: string[] = [];
  try {
    for (const width of WIDTHS) {
      failures.push(...(await render(browser, portal, width, screens)));
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} screen(s) not rendered:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\n${screens.length * WIDTHS.length} pictures in docs/screens/`);
  }
}

await main();
