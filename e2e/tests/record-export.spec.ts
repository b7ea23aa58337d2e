import { readFile } from 'node:fs/promises';
import { test, expect } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 21 item 4 (decision 0086): jane downloads her record from account settings (the PDF summary
// and the FHIR data), and dr.smith exports jane's record from her chart. The real server and
// database throughout; the worker's accessibility watch (fixtures/test.ts) scans both screens.
// Runs in the care-plan project (the default server, playwright.config.ts).

test('jane downloads her record; dr.smith exports it from her chart', async ({ page }) => {
  await signInByApi(page, DEMO.patient, { open: '/user/account-settings' });
  const section = page.getByRole('region', { name: 'Download my record' });
  await expect(section).toBeVisible();

  const pdfDownload = page.waitForEvent('download');
  await section.getByRole('button', { name: 'PDF summary' }).click();
  const pdf = await pdfDownload;
  // The server's name for the file: the patient's name and the day of the export.
  expect(pdf.suggestedFilename()).toMatch(/^health-record-[a-z]+-jane-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

  const jsonDownload = page.waitForEvent('download');
  await section.getByRole('button', { name: 'FHIR data (JSON)' }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toMatch(/^health-record-[a-z]+-jane-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(await readFile(await json.path(), 'utf8')) as {
    resourceType: string;
    type: string;
    entry: { resource: { resourceType: string; id: string; name?: { given?: string[] }[] } }[];
  };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('collection');
  const patients = bundle.entry.filter((entry) => entry.resource.resourceType === 'Patient');
  expect(patients).toHaveLength(1);
  const jane = patients[0]?.resource;
  expect(jane?.name?.[0]?.given?.[0]).toBe('Jane');

  await page.context().clearCookies();
  const smith = await page.context().browser()?.newPage();
  if (!smith) {
    throw new Error('no second page');
  }
  try {
    await signInByApi(smith, DEMO.provider, { open: `/provider/patient/${jane?.id ?? ''}/appointments` });
    const exportRegion = smith.getByRole('region', { name: 'Export record' });
    await expect(exportRegion).toBeVisible();
    const providerDownload = smith.waitForEvent('download');
    await exportRegion.getByRole('button', { name: 'FHIR data (JSON)' }).click();
    const exported = await providerDownload;
    expect(exported.suggestedFilename()).toMatch(/^health-record-[a-z]+-jane-\d{4}-\d{2}-\d{2}\.json$/);
    const providerBundle = JSON.parse(await readFile(await exported.path(), 'utf8')) as typeof bundle;
    expect(
      providerBundle.entry
        .filter((entry) => entry.resource.resourceType === 'Patient')
        .map((e) => e.resource.id),
    ).toEqual([jane?.id]);
    const providerPdf = smith.waitForEvent('download');
    await exportRegion.getByRole('button', { name: 'PDF summary' }).click();
    expect((await readFile(await (await providerPdf).path())).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await smith.close();
  }
});

// Decision 0090: a patient who uses the portal in Spanish gets the PDF in Spanish, under a Spanish
// file name (its Spanish text itself is checked in record-pdf.test.ts and record-export.routes.test.ts).
test('a patient using the portal in Spanish downloads the Spanish PDF', async ({ page }) => {
  const username = uniqueName('record.es');
  await createUser(page.request, {
    username,
    password: DEMO_PASSWORD,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
  });
  // The footer's language switch before logging in, as a Spanish speaker does.
  await page.goto('/guest/login');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await signInByApi(page, username, { open: '/user/account-settings' });
  const section = page.getByRole('region', { name: 'Descargar mi historia clínica' });
  await expect(section).toBeVisible();

  const asked = page.waitForRequest((request) => request.url().includes('/api/account/record-export.pdf'));
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Resumen en PDF' }).click();
  expect(new URL((await asked).url()).searchParams.get('lang')).toBe('es');
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^historia-clinica-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
});
