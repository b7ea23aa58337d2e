import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { signInByApi } from '../fixtures/session.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { apiToken, bookAppointment, findTarget, freeSlots } from '../fixtures/appointments-api.ts';

// Issue 5 items 7 and 8: the insurance card task (spec 2 §2 confirm-insurance-card and
// insurance-card/{kind}, §4) and the sign-document task with the signature input of spec 3 §2/§5/§8/§9.

const PASSWORD = 'Patient#Pass2026';
const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files');
const FOLLOW_UP = { provider: 'Smith', department: 'Riverside Main Clinic', consultationType: 'Follow-up' };

interface TaskRow {
  taskId: string;
  status: string;
  actions: { type: string }[];
}

async function patientWithAppointments(request: APIRequestContext, count: number) {
  const username = uniqueName('cards.patient');
  await createUser(request, {
    username,
    password: PASSWORD,
    firstName: 'Iris',
    lastName: 'Insured',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  const token = await apiToken(request, username, PASSWORD);
  const target = await findTarget(request, token, FOLLOW_UP);
  const slots = await freeSlots(request, token, target);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    // Slots far apart, so no two bookings of the same patient are near each other.
    const slot = slots[Math.floor((index * (slots.length - 1)) / Math.max(1, count - 1))];
    if (!slot) {
      throw new Error('No free slot');
    }
    ids.push(await bookAppointment(request, token, target, slot));
  }
  return { username, token, appointmentIds: ids };
}

async function taskOf(request: APIRequestContext, token: string, appointmentId: string, type: string) {
  const response = await request.get(`/api/check-in/appointments/${appointmentId}/tasks`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const tasks = (await response.json()) as TaskRow[];
  const task = tasks.find((item) => item.actions[0]?.type === type);
  if (!task) {
    throw new Error(`no ${type} task`);
  }
  return task;
}

/** Signed in by API, on the page a login lands on (these tests are not about logging in). */
async function logIn(page: Page, username: string) {
  await signInByApi(page, username, { password: PASSWORD });
  await expect(page).toHaveURL(/\/user\/appointment/);
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

test('a patient uploads her primary insurance card and the insurance task is done', async ({
  page,
  request,
}) => {
  const { username, token, appointmentIds } = await patientWithAppointments(request, 1);
  const appointmentId = appointmentIds[0] ?? '';
  await logIn(page, username);

  // No card on file: the confirm page opens the primary card page (spec 2 §4).
  await page.goto(`/user/task/confirm-insurance-card?appointmentId=${appointmentId}`);
  await expect(page).toHaveURL(/\/user\/task\/insurance-card\/primary\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Primary Insurance card' })).toBeVisible();

  // Saving without the photo and fields shows what is missing and sends nothing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please add a photo of the front of the card.')).toBeVisible();

  await page.getByLabel('Front of card').setInputFiles(path.join(FILES, 'insurance-card-front.jpg'));
  await page.getByLabel('Back of card').setInputFiles(path.join(FILES, 'insurance-card-back.png'));
  await expect(page.getByRole('img', { name: 'Front of the insurance card' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Back of the insurance card' })).toBeVisible();
  await page.getByLabel('Insurance number').fill('XJH 123456789');
  await page.getByLabel('Insurance company').fill('Blue Shield of New York');
  await page.getByLabel('Plan name').fill('Silver PPO');
  await page.getByRole('button', { name: 'Save' }).click();

  // spec 2 §4: on to the next task of the demo clinic's check-in, the consent to sign.
  await expect(page).toHaveURL(/\/user\/task\/sign-document\?appointmentId=.+&taskId=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Consent to treatment' })).toBeVisible();
  expect((await taskOf(request, token, appointmentId, 'insurance_card')).status).toBe('DONE');

  // With a card on file, the confirm page shows it with Confirm and Update.
  await page.goto(`/user/task/confirm-insurance-card?appointmentId=${appointmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your insurance' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Primary Insurance' })).toBeVisible();
  await expect(page.getByText('Blue Shield of New York')).toBeVisible();
  await expect(page.getByText('Iris Insured')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Front of the insurance card' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/user\/task\/sign-document\?appointmentId=.+&taskId=/);
});

test('a patient signs the consent by drawing and, for another visit, by typing; the signed PDF downloads', async ({
  page,
  request,
}) => {
  const { username, token, appointmentIds } = await patientWithAppointments(request, 2);
  const [first = '', second = ''] = appointmentIds;
  await logIn(page, username);

  await page.goto(`/user/task/sign-document?appointmentId=${first}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Consent to treatment' })).toBeVisible();
  // spec 3 §8: 'Please sign' on an empty pad; signing without a signature is refused.
  await expect(page.getByText('Please sign', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please sign' })).toBeVisible();

  await drawSignature(page);
  await expect(page.getByRole('status').filter({ hasText: 'Signature drawn' })).toBeAttached();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('All documents are signed. Thank you!')).toBeVisible();
  expect((await taskOf(request, token, first, 'sign_document')).status).toBe('DONE');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the signed Consent to treatment (PDF)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Consent to treatment.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // On to the next task after the consent, the vitals.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/task/vital\\?appointmentId=${first}&taskId=`));

  // Keyboard users sign by typing (spec 3 §2, §5: Confirm waits for text).
  await page.goto(`/user/task/sign-document?appointmentId=${second}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Consent to treatment' })).toBeVisible();
  await page.getByRole('button', { name: 'Type your signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Type your signature' });
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await dialog.getByLabel('Your full name').fill('Iris Insured');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Signature typed: Iris Insured' })).toBeAttached();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('All documents are signed. Thank you!')).toBeVisible();
  expect((await taskOf(request, token, second, 'sign_document')).status).toBe('DONE');
});
