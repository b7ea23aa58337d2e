import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  fixtureCheckInWorldResponseSchema,
  type FixtureCheckInWorld,
  type FixtureCheckInWorldResponse,
} from '@app/contracts/check-in-fixtures';
import { expect, test } from '../fixtures/test.ts';
import { waitForDraftWith } from '../fixtures/form-drafts.ts';
import { signInByApi } from '../fixtures/session.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { latestMessages } from '../fixtures/outbox.ts';
import { recordCheckInStatistics, shortenIdle } from '../fixtures/check-in-session.ts';
import { suiteNow } from '../fixtures/clock.ts';

// Issue 5 "Must show": a whole check-in through the UI, with every kind of task of the intake in the
// flow's order (spec 2 §4 "Completing marks it DONE, then moves to the next task"): the questionnaire
// with exclusions and a reload in the middle, the three demographic steps, the insurance card photos, a
// signature and the copay with the local test processor; then the final page. The same from a quick
// link of the outbox, and in self check-in (kiosk) mode with the idle time-out in the middle.
// Regular tasks, grouping, on-the-fly tasks and the link rules are in check-in.spec.ts; the details of
// each task page in questionnaire.spec.ts, care-tasks.spec.ts and insurance-and-signing.spec.ts.

const PASSWORD = 'Journey#Pass2026';
const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files');
const TEST_CARD = '4242 4242 4242 4242';

const INTAKE: NonNullable<FixtureCheckInWorld['tasks']> = [
  { title: 'Health questionnaire', actionType: 'questionnaire' },
  { title: 'Confirm your details', actionType: 'demographics' },
  { title: 'Insurance card', actionType: 'insurance_card' },
  { title: 'Sign the consent form', actionType: 'sign_document' },
  { title: 'Copay', actionType: 'copay' },
];

async function createWorld(
  request: APIRequestContext,
  world: Omit<FixtureCheckInWorld, 'name' | 'password'>,
): Promise<FixtureCheckInWorldResponse> {
  const name = uniqueName('cj').replace(/\./g, '');
  const response = await request.post('/dev/fixtures/check-in/world', {
    data: { name, password: PASSWORD, copayCents: 2500, ...world },
  });
  if (response.status() !== 201) {
    throw new Error(
      `POST /dev/fixtures/check-in/world answered ${response.status()}: ${await response.text()}`,
    );
  }
  return fixtureCheckInWorldResponseSchema.parse(await response.json());
}

/** The check-in link the clinic sends, read from the dev outbox as the patient would find it. */
async function checkInLinkFromOutbox(
  request: APIRequestContext,
  world: FixtureCheckInWorldResponse,
  appointmentId: string,
): Promise<string> {
  const sent = await request.post('/dev/fixtures/quick-links', {
    data: { userId: world.patient.userId, clinicUuid: world.clinicUuid, type: 'check-in', appointmentId },
  });
  expect(sent.status()).toBe(201);
  const [message] = (await latestMessages(request, world.patient.email)).filter(
    (item) => item.purpose === 'quick-link',
  );
  const url = /https?:\/\/\S+/.exec(message?.body ?? '')?.[0];
  if (!url) {
    throw new Error('No quick link in the outbox');
  }
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The Health history form: exclusions hide questions; a reload keeps every answer. */
async function answerQuestionnaire(page: Page, base: string) {
  await expect(page).toHaveURL(new RegExp(`${base}/questionnaire/main/[\\w-]+\\?appointmentId=.+&taskId=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Health history' })).toBeVisible();
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(finish).toBeDisabled();

  // 'No symptoms' excludes the pain question; 'Never smoked' the packs-per-day question.
  const pain = page.getByRole('heading', { name: 'How bad is your pain right now?' });
  await expect(pain).toBeVisible();
  await page.getByRole('checkbox', { name: 'No symptoms (routine visit)' }).check();
  await expect(pain).toHaveCount(0);
  const packs = page.getByRole('heading', { name: 'How many packs a day do you (or did you) smoke?' });
  await page.getByRole('radio', { name: 'Current smoker' }).check();
  await expect(packs).toBeVisible();
  await page.getByRole('radio', { name: 'Never smoked' }).check();
  await expect(packs).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Other' }).check();
  await page.getByRole('textbox', { name: /Other: please specify/ }).fill('Pollen');

  // A reload in the middle of the form: the answers are kept.
  await waitForDraftWith(page, 'Pollen');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Health history' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Other: please specify/ })).toHaveValue('Pollen');
  await expect(page.getByRole('checkbox', { name: 'No symptoms (routine visit)' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Never smoked' })).toBeChecked();
  await expect(pain).toHaveCount(0);
  await expect(packs).toHaveCount(0);

  await page.getByLabel('Date of last visit').fill('2025-03-14');
  await expect(finish).toBeEnabled();
  await finish.click();
}

/** The three demographic steps: the patient keeps what is on file and adds an emergency contact. */
async function confirmDemographics(page: Page, base: string) {
  await expect(page).toHaveURL(new RegExp(`${base}/demographic/personal\\?appointmentId=.+&taskId=`));
  await expect(page.getByRole('heading', { level: 2, name: 'Personal' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/demographic/contact-info\\?`));
  await expect(page.getByRole('heading', { level: 2, name: 'Contact info' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/demographic/emergency-info\\?`));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sam Emergency');
  await page.getByLabel('Mobile phone').fill('(212) 555-0142');
  await page.getByRole('button', { name: 'Save' }).click();
}

/** No card on file: the insurance task opens the primary card page; front and back photos as files. */
async function uploadInsuranceCard(page: Page, base: string) {
  await expect(page).toHaveURL(new RegExp(`${base}/insurance-card/primary\\?appointmentId=.+&taskId=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Primary Insurance card' })).toBeVisible();
  await page.getByLabel('Front of card').setInputFiles(path.join(FILES, 'insurance-card-front.jpg'));
  await page.getByLabel('Back of card').setInputFiles(path.join(FILES, 'insurance-card-back.png'));
  await expect(page.getByRole('img', { name: 'Front of the insurance card' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Back of the insurance card' })).toBeVisible();
  await page.getByLabel('Insurance number').fill('XJH 987654321');
  await page.getByLabel('Insurance company').fill('Blue Shield of New York');
  await page.getByLabel('Plan name').fill('Silver PPO');
  await page.getByRole('button', { name: 'Save' }).click();
}

async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) {
    throw new Error('signature pad not visible');
  }
  await page.mouse.move(box.x + 40, box.y + 100);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 40 + step * 30, box.y + 75 + Math.sin(step) * 40, { steps: 3 });
  }
  await page.mouse.up();
}

async function typeSignature(page: Page, name: string) {
  await page.getByRole('button', { name: 'Type your signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Type your signature' });
  await dialog.getByLabel('Your full name').fill(name);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  // The typed name is drawn on the pad once the script font has loaded; Sign before that asks to sign.
  await expect(page.getByRole('status').filter({ hasText: `Signature typed: ${name}` })).toBeAttached();
}

/** The consent, signed by drawing or typing; Continue goes on with the flow. */
async function signConsent(page: Page, base: string, how: 'draw' | { type: string }) {
  await expect(page).toHaveURL(new RegExp(`${base}/sign-document\\?appointmentId=.+&taskId=`));
  await expect(page.getByRole('heading', { level: 2, name: 'Consent to treatment' })).toBeVisible();
  if (how === 'draw') {
    await drawSignature(page);
    await expect(page.getByRole('status').filter({ hasText: 'Signature drawn' })).toBeAttached();
  } else {
    await typeSignature(page, how.type);
  }
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('All documents are signed. Thank you!')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The copay of the task setting, paid with the local test processor's card. */
async function payCopay(page: Page, base: string, holder: string) {
  await expect(page).toHaveURL(new RegExp(`${base}/copay\\?appointmentId=.+&taskId=`));
  await expect(page.getByText('Your copay for this visit is $25.00.')).toBeVisible();
  await page.getByLabel('Name on card').fill(holder);
  await page.getByLabel('Card number').fill(TEST_CARD);
  await page.getByLabel('Expiry month (MM)').fill('12');
  await page.getByLabel('Expiry year (YYYY)').fill(String(new Date(suiteNow()).getFullYear() + 2));
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $25.00' }).click();
}

/** From the dashboard's first task to the end: every page moves on to the next task by itself. */
async function completeIntake(page: Page, holder: string, signing: 'draw' | { type: string }) {
  const base = '/user/task';
  await page.getByRole('button', { name: 'Start: Health questionnaire' }).click();
  await answerQuestionnaire(page, base);
  await confirmDemographics(page, base);
  await uploadInsuranceCard(page, base);
  await signConsent(page, base, signing);
  await payCopay(page, base, holder);
  await expect(page).toHaveURL(/\/user\/copay-thank-you\?/);
  await expect(page.getByRole('region', { name: 'Receipt' })).toContainText('Visa ending in 4242');
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function expectCheckedIn(page: Page, appointmentId: string) {
  await expect(page).toHaveURL(/\/user\/check-in-final$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in complete' })).toBeVisible();
  await expect(page.getByText('Thank you, you are checked in.')).toBeVisible();
  // The dashboard shows every task done, and the check-in entry shows as checked in.
  await page.goto(`/user/task?appointmentId=${appointmentId}`);
  await expect(page.getByTestId('check-in-task').filter({ hasText: 'Done' })).toHaveCount(INTAKE.length);
  await page.goto('/user/check-in-landing');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Check-in Main Street' }).filter({ hasText: 'Checked in' }),
  ).toHaveCount(1);
}

test('a patient logs in and checks in for her visit: questionnaire, demographics, insurance card, signature, copay', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A patient of her own: the demo patients are shared by every test of the worker's server, and a
  // check-in clinic added to jane.patient would change her booking start (a clinic choice first).
  const world = await createWorld(request, { tasks: INTAKE });
  const [appointmentId = ''] = world.appointmentIds;
  const fullName = `${world.patient.firstName} ${world.patient.lastName}`;

  await signInByApi(page, world.patient.username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/appointment/);
  // From her appointments to the visit, then its tasks (spec 2 §2 COMPLETE TASKS).
  await page.locator(`a[href="/user/appointment/${appointmentId}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/user/appointment/${appointmentId}`));
  await page.getByRole('link', { name: 'COMPLETE TASKS' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/task\\?appointmentId=${appointmentId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  await expect(page.getByTestId('check-in-task')).toHaveCount(INTAKE.length);

  await completeIntake(page, fullName, { type: fullName });
  await expectCheckedIn(page, appointmentId);
});

test('the same check-in from the quick link in the outbox, without logging in', async ({ page, request }) => {
  test.setTimeout(180_000);
  const world = await createWorld(request, { tasks: INTAKE });
  const [appointmentId = ''] = world.appointmentIds;
  const link = await checkInLinkFromOutbox(request, world, appointmentId);
  expect(link).toMatch(/^\/quick-link\?type=check-in&oauthCode=/);

  await page.goto(link);
  // spec 2 §4 check-in quick link: a single appointment starts its check-in.
  await expect(page).toHaveURL(new RegExp(`/user/task\\?appointmentId=${appointmentId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();

  await completeIntake(page, `${world.patient.firstName} ${world.patient.lastName}`, 'draw');
  await expectCheckedIn(page, appointmentId);
});

test('self check-in on the kiosk: typed tasks under /provider/patient/task, the success page, the idle time-out mid check-in', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const world = await createWorld(request, {
    minutesAhead: 60,
    tasks: [
      { title: 'Your vitals today', actionType: 'vital' },
      { title: 'Sign the consent form', actionType: 'sign_document' },
      { title: 'Copay', actionType: 'copay' },
    ],
  });
  const [appointmentId = ''] = world.appointmentIds;
  const base = '/provider/patient/task';
  await shortenIdle(page, 12);
  const statistics = recordCheckInStatistics(page);

  await signInByApi(page, world.doctor.username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/provider\//);
  const findPatient = async () => {
    await page.goto('/provider/patient/search');
    await page.getByLabel('Last name or first name').fill(world.patient.lastName);
    await page.getByLabel('Date of birth').fill(world.patient.birthdate);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: /^Check in for / }).click();
    // Issue 16: the patient confirms who is checking in before the tasks.
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm who is checking in' })).toBeVisible();
    await expect(page.getByTestId('confirm-patient-name')).toHaveText(
      `${world.patient.firstName} ${world.patient.lastName}`,
    );
    await page.getByRole('button', { name: 'Yes, this is me — start check-in' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}\\?appointmentId=${appointmentId}`));
  };
  const taskSuccess = async () => {
    await expect(page).toHaveURL(new RegExp(`${base}/success$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Task complete' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
  };

  await findPatient();
  await page.getByRole('button', { name: 'Start: Your vitals today' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/vital\\?appointmentId=.+&taskId=`));
  await page.getByLabel('Pulse (bpm)').fill('64');
  await page.getByLabel('Pain (0 = none, 10 = worst)').fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  // spec 2 §4: in self check-in mode completing a task goes to the task success page; Continue opens
  // the next undone task.
  await taskSuccess();
  await expect(page).toHaveURL(new RegExp(`${base}/sign-document\\?appointmentId=.+&taskId=`));

  // The patient walks away from the consent: 'session_expired', then the patient search (spec 2 §4).
  await expect(page.getByRole('dialog', { name: 'Are you still here?' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/provider\/patient\/search$/, { timeout: 30_000 });
  expect(statistics).toContain('session_expired');

  // Back at the kiosk: the check-in resumes where it stopped.
  await findPatient();
  const tasks = page.getByTestId('check-in-task');
  await expect(tasks.filter({ hasText: 'Done' })).toHaveCount(1);
  await page.getByRole('button', { name: /: Sign the consent form$/ }).click();
  await signConsent(page, base, { type: `${world.patient.firstName} ${world.patient.lastName}` });
  await taskSuccess();
  await payCopay(page, base, `${world.patient.firstName} ${world.patient.lastName}`);
  await taskSuccess();

  await expect(page).toHaveURL(new RegExp(`${base}/check-in$`));
  await expect(page.getByText('Thank you, you are checked in.')).toBeVisible();
  await page.getByRole('button', { name: 'Next patient' }).click();
  await expect(page).toHaveURL(/\/provider\/patient\/search$/);
});
