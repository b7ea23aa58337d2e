import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures/test.ts';
import { AccessibilityWatch, scanPage } from '../fixtures/accessibility.ts';
import { newContextOnSuiteClock } from '../fixtures/clock.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import {
  apiToken,
  bookAppointment,
  cancelThroughApi,
  findTarget,
  freeSlots,
} from '../fixtures/appointments-api.ts';

// Issue 16 items 1 and 2, "Must show" (decision 0033): /user/documents from the side menu, the demo
// attachment, adding a PDF to an upcoming visit, seeing it on the visit's details, downloading it,
// and dr.smith seeing it in the patient's documents tab. Bad input answers clean 404/400 texts.

const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files');
const FOLLOW_UP = { provider: 'Smith', department: 'Riverside Main Clinic', consultationType: 'Follow-up' };
const PASSWORD = 'Patient#Pass2026';

test('jane adds a PDF to an upcoming visit, finds it on the visit and downloads it; dr.smith sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  // A visit of her own three weeks ahead, so the demo visits stay as they are (removed at the end).
  const token = await apiToken(page.request, DEMO.patient, DEMO_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const target = await findTarget(page.request, token, FOLLOW_UP);
  const slot = (await freeSlots(page.request, token, target, 21)).at(-1);
  if (!slot) {
    throw new Error('No free slot');
  }
  const appointmentId = await bookAppointment(page.request, token, target, slot);
  let fileId: string | null = null;
  try {
    const session = await signInByApi(page, DEMO.patient);
    await expect(page).toHaveURL(/\/user\/appointment/);

    // From the side menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Documents' })
      .click();
    await expect(page).toHaveURL(/\/user\/documents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    for (const name of ['Signed documents', 'Insurance cards', 'Appointment documents']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    // The demo's attachment: jane's blood pressure log on her next visit with dr.smith.
    const demoVisit = page.getByRole('region', { name: /Follow-up with Alice Smith/ }).filter({
      hasText: 'Blood pressure log.pdf',
    });
    await expect(demoVisit).toHaveCount(1);
    await expect(demoVisit.getByRole('button', { name: 'Download Blood pressure log.pdf' })).toBeVisible();

    // Add a document: a wrong file is refused before sending, then the PDF goes up.
    await page.getByRole('button', { name: 'Add a document', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Add a document' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Appointment' }).selectOption(appointmentId);
    await page.getByLabel('File').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a document'),
    });
    await page.getByRole('textbox', { name: /Title/ }).fill('Referral letter');
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Please choose a PDF, or a JPEG, PNG or WebP picture.')).toBeVisible();
    // The open form (with its error) is not a path of its own, so the watch would not scan it.
    expect(await scanPage(page)).toEqual([]);

    const pdf = await readFile(path.join(FILES, 'referral-letter.pdf'));
    await page.getByLabel('File').setInputFiles(path.join(FILES, 'referral-letter.pdf'));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(/“Referral letter” was added to your appointment on/)).toBeVisible();
    const visit = page.getByRole('region').filter({ hasText: 'Referral letter.pdf' });
    await expect(visit.getByRole('button', { name: 'Download Referral letter.pdf' })).toBeVisible();

    // On the visit's details, with name and link; the link downloads the same bytes.
    await page.getByRole('link', { name: 'View the appointment', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/user/appointment/${appointmentId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment details' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Attachments' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Referral letter.pdf' });
    await expect(link).toBeVisible();
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Referral letter.pdf');
    expect((await readFile(await download.path())).equals(pdf)).toBe(true);
    fileId = /\/api\/files\/([0-9a-f-]{36})$/.exec((await link.getAttribute('href')) ?? '')?.[1] ?? null;
    expect(fileId).not.toBeNull();

    // Someone else's appointment and document: clean 404s with their texts.
    const other = uniqueName('docs.other');
    await createUser(page.request, {
      username: other,
      password: PASSWORD,
      firstName: 'Otto',
      lastName: 'Other',
      email: `${other}@example.com`,
      securityQuestion: 'First pet?',
      securityAnswer: 'Rex the dog',
      clinicNumbers: [1001],
    });
    const otherAuth = { authorization: `Bearer ${await apiToken(page.request, other, PASSWORD)}` };
    const foreign = await page.request.post(`/api/appointments/${appointmentId}/attachments`, {
      headers: otherAuth,
      multipart: {
        title: 'Not mine',
        file: { name: 'x.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(foreign.status()).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: 'Appointment not found.' });
    const someoneElses = await page.request.get(`/api/files/${fileId ?? ''}`, { headers: otherAuth });
    expect(someoneElses.status()).toBe(404);
    expect(await someoneElses.json()).toMatchObject({ message: 'This file does not exist.' });
    const tooBig = await page.request.post(`/api/appointments/${appointmentId}/attachments`, {
      headers: auth,
      multipart: {
        title: 'Empty',
        file: { name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
      },
    });
    expect(tooBig.status()).toBe(400);
    expect(await tooBig.json()).toMatchObject({ message: 'Please choose a file to upload.' });

    // dr.smith, in the patient's documents tab, sees jane's documents by visit.
    const smithContext = await newContextOnSuiteClock(browser, { baseURL });
    const smith = await smithContext.newPage();
    const smithAxe = new AccessibilityWatch(smith);
    await signInByApi(smith, DEMO.provider, {
      open: `/provider/patient/${session.tokens.user.id}/documents`,
    });
    await expect(smith.getByRole('heading', { level: 3, name: 'Appointment documents' })).toBeVisible();
    const tab = smith.getByRole('region', { name: 'Appointment documents' });
    await expect(tab.getByText('Referral letter.pdf')).toBeVisible();
    await expect(tab.getByText('Blood pressure log.pdf')).toBeVisible();
    const providerDownload = smith.waitForEvent('download');
    await tab.getByRole('button', { name: 'Download Referral letter.pdf' }).click();
    expect((await readFile(await (await providerDownload).path())).equals(pdf)).toBe(true);
    expect((await smithAxe.finish()).findings).toEqual([]);
    await smithContext.close();
  } finally {
    if (fileId) {
      await page.request.delete(`/api/appointments/${appointmentId}/attachments/${fileId}`, {
        headers: auth,
      });
    }
    await cancelThroughApi(page.request, token, appointmentId);
  }
});

test('jane removes a document she added, after confirming', async ({ page }) => {
  const token = await apiToken(page.request, DEMO.patient, DEMO_PASSWORD);
  const target = await findTarget(page.request, token, FOLLOW_UP);
  const slot = (await freeSlots(page.request, token, target, 28)).at(-1);
  if (!slot) {
    throw new Error('No free slot');
  }
  const appointmentId = await bookAppointment(page.request, token, target, slot);
  try {
    const added = await page.request.post(`/api/appointments/${appointmentId}/attachments`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        title: 'Old scan',
        file: {
          name: 'scan.pdf',
          mimeType: 'application/pdf',
          buffer: await readFile(path.join(FILES, 'referral-letter.pdf')),
        },
      },
    });
    expect(added.status()).toBe(201);

    await signInByApi(page, DEMO.patient, { open: `/user/appointment/${appointmentId}` });
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Old scan.pdf' })).toBeVisible();
    // The details lead to the documents screen with this visit chosen.
    await page.getByRole('link', { name: 'Add a document' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Add a document' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Appointment' })).toHaveValue(appointmentId);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Remove Old scan.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove document?' });
    await expect(dialog.getByText('Your care team will no longer see it.', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'REMOVE' }).click();
    await expect(page.getByText('“Old scan.pdf” was removed.')).toBeVisible();
    await expect(page.getByText('Old scan.pdf', { exact: true })).toHaveCount(0);
  } finally {
    await cancelThroughApi(page.request, token, appointmentId);
  }
});
