import { readFile } from 'node:fs/promises';
import { AUDIT_CSV_COLUMNS } from '@app/contracts/audit';
import { test, expect } from '../fixtures/test.ts';
import { DEMO } from '../fixtures/demo.ts';
import { apiToken } from '../fixtures/appointments-api.ts';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { scanPage } from '../fixtures/accessibility.ts';

// Issue 19 "Must show" (items 2 and 3, decision 0063): dr.smith opens jane's chart through the
// provider screens; jane sees him in her access history with the part of the record he opened;
// dr.smith (a clinic admin: the demo gives him every permission, SETTING included) finds the event in
// the clinic's audit trail by patient and by himself (the staff picker, by keyboard) and exports it as
// CSV; dr.limited (APPOINTMENTS only) gets the
// no-access sentence. The other half of the issue's e2e line, "a tampered audit row is found by
// audit:verify", is apps/server/src/platform/audit/audit-verify.test.ts. Sessions by API (this is
// not a login test); one page, one person after the other.

const JANE = 'Jane Cooper';
const SMITH = 'Alice Smith';

/** One CSV line's cells: the export quotes every value and leaves an empty cell for none (0057). */
function cells(line: string): string[] {
  const found: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line.charAt(i);
    if (quoted && char === '"' && line.charAt(i + 1) === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      found.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  found.push(cell);
  return found;
}

test("dr.smith's look at jane's chart shows in her access history and in the clinic's audit trail", async ({
  page,
}) => {
  // 1. dr.smith finds jane and opens her chart, as a provider does.
  await signInByApi(page, DEMO.provider, { open: '/provider/search-patient' });
  await expect(page.getByRole('heading', { level: 1, name: 'Patient search' })).toBeVisible();
  await page.getByLabel('Name or member ID').fill(JANE);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Open ${JANE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: JANE })).toBeVisible();
  await expect(page).toHaveURL(/\/provider\/patient\/[0-9a-f-]{36}\/appointments$/);
  const janeId = /\/provider\/patient\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';

  // 2. jane reaches "Who opened my record" from her account settings and sees dr.smith there.
  await signInByApi(page, DEMO.patient, { open: '/user/account-settings' });
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await page.getByRole('link', { name: 'See who opened my record' }).click();
  await expect(page).toHaveURL(/\/user\/access-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Who opened my record' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Who opened your record' });
  const chartRead = history
    .getByTestId('access-history-entry')
    .filter({ hasText: SMITH })
    .filter({ hasText: 'Viewed: Patient chart' })
    .first();
  await expect(chartRead).toBeVisible();
  await expect(chartRead.getByText('Care team')).toBeVisible();
  await expect(chartRead.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  // 3. dr.smith opens the audit trail from the sidebar and narrows it to jane's chart reads, then to
  // his own.
  await signInByApi(page, DEMO.provider, { open: '/provider/appointment' });
  await page.getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/provider\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByLabel('Find a patient (name or member ID)').fill(JANE);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page
    .getByRole('list', { name: 'Patients found' })
    .getByRole('button', { name: new RegExp(`^${JANE}`) })
    .click();
  await expect(page.getByText(`Patient: ${JANE}`)).toBeVisible();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Viewed' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('table', { name: 'Audit events' });
  const row = table
    .getByTestId('audit-event')
    .filter({ hasText: SMITH })
    .filter({ hasText: 'Patient chart' })
    .first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(JANE);
  await expect(row).toContainText('Viewed');
  // Every row is jane's, and a read.
  for (const text of await table.getByTestId('audit-event').allInnerTexts()) {
    expect(text).toContain(JANE);
    expect(text).toContain('Viewed');
  }

  // The staff picker lists the clinic's staff: type the name, Enter picks it (axe scans the open list).
  const picker = page.getByRole('combobox', { name: 'Staff member' });
  await picker.pressSequentially(SMITH);
  await expect(page.getByRole('option', { name: SMITH })).toBeVisible();
  expect(await scanPage(page)).toEqual([]);
  await picker.press('Enter');
  await expect(page.getByText(`Staff member: ${SMITH}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove filter Staff member: ${SMITH}` })).toBeFocused();
  // Every row is now dr.smith's read of jane's record.
  await expect
    .poll(async () => {
      const texts = await table.getByTestId('audit-event').allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes(SMITH) && text.includes(JANE));
    })
    .toBe(true);
  await expect(row).toBeVisible();

  // 4. The export downloads the same selection as CSV, with the chart read in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('audit.csv');
  await expect(page.getByRole('status').filter({ hasText: 'The CSV file was downloaded.' })).toBeVisible();
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
  const column = (name: (typeof AUDIT_CSV_COLUMNS)[number]) => AUDIT_CSV_COLUMNS.indexOf(name);
  const rows = lines.map(cells);
  expect(rows.length).toBeGreaterThan(0);
  expect(
    rows.every(
      (line) =>
        line[column('patient_id')] === janeId &&
        line[column('action')] === 'read' &&
        line[column('actor_name')] === SMITH,
    ),
  ).toBe(true);
  expect(
    rows.some(
      (line) =>
        line[column('actor_name')] === SMITH &&
        line[column('resource_type')] === 'patient-chart' &&
        line[column('patient_name')] === JANE,
    ),
  ).toBe(true);

  // The export is itself on the trail.
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Exported' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(
    table.getByTestId('audit-event').filter({ hasText: SMITH }).filter({ hasText: 'Audit trail' }).first(),
  ).toBeVisible();

  // 5. dr.limited (APPOINTMENTS only): no sidebar entry, and the page's no-access sentence.
  await signInByApi(page, DEMO.limitedProvider, { open: '/provider/appointment' });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
  await page.goto('/provider/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await expect(page.getByTestId('no-access')).toHaveText('You do not have access to this page.');
  await expect(page.getByRole('table', { name: 'Audit events' })).toHaveCount(0);
});

// Issue 20 item 4 (decision 0076): both lists are read newest first a page (25) at a time, each page
// asking for the next by a cursor. A clinic of the test's own: a provider's 55 patient searches that
// find its patient write 55 reads of her record, three pages on either screen.
test('the access history and the audit trail load older entries with "Load more", page after page', async ({
  page,
}) => {
  const password = 'Cursor-pages-1!';
  const clinic = await createClinic(page.request, { name: uniqueName('Cursor Clinic') });
  const lastName = uniqueName('Pager').replace('.', '');
  const person = (
    memberType: 'patient' | 'doctor',
    firstName: string,
    permissions: ('SETTING' | 'PATIENT')[],
  ) =>
    createUser(page.request, {
      memberType,
      username: uniqueName(firstName.toLowerCase()),
      password,
      firstName,
      lastName,
      clinicNumbers: [clinic.clinicNumber],
      permissions,
    });
  const patient = await person('patient', 'Paula', []);
  const reader = await person('doctor', 'Rita', ['PATIENT']);
  const admin = await person('doctor', 'Adam', ['SETTING']);
  const token = await apiToken(page.request, reader.username ?? '', password);
  for (let i = 0; i < 55; i += 1) {
    const response = await page.request.get(
      `/api/provider/clinics/${clinic.id}/patients?query=${encodeURIComponent(lastName)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status()).toBe(200);
  }

  // The patient: 25, then 50, then all 55; the button goes and focus lands on the first of the last page.
  await signInByApi(page, patient.username ?? '', { password, open: '/user/access-history' });
  const history = page.getByRole('list', { name: 'Who opened your record' });
  const entries = history.getByTestId('access-history-entry');
  await expect(entries).toHaveCount(25);
  await expect(page.getByText('The 25 most recent entries')).toBeVisible();
  await expect(entries.first()).toContainText(`Rita ${lastName}`);
  await expect(entries.first()).toContainText('Viewed: Patient search');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeFocused();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries).toHaveCount(55);
  await expect(page.getByText('55 entries')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(entries.nth(50)).toBeFocused();
  // Newest first across the pages: the times never go up.
  const times = await entries
    .locator('time')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
  expect(times).toEqual([...times].sort().reverse());

  // The clinic admin: the trail of the clinic, the same way.
  await signInByApi(page, admin.username ?? '', { password, open: '/provider/audit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Audit events' }).getByTestId('audit-event');
  await expect(rows).toHaveCount(25);
  await expect(page.getByText('The 25 most recent events')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  // 55 reads and the three sign-ins (the reader's, the patient's, the admin's), at least.
  await expect.poll(() => rows.count()).toBeGreaterThan(50);
  const reads = rows.filter({ hasText: `Paula ${lastName}` }).filter({ hasText: 'Patient search' });
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(reads).toHaveCount(55);
});
