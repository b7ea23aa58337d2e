import type { Locator, Page } from '@playwright/test';
import { DEMO } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { expect, test } from '../fixtures/test.ts';

// Decision 0039 (issue 16, spec 1 §2/§4 landings, spec 3 §6 APPOINTMENTS): /provider/appointments
// lists the clinic's appointments across providers over today and the next 7 days. The demo clinic
// week (seed-demo-clinic-week.ts) gives dr.limited, dr.patel and dr.gomez evening visits on every
// weekday ahead, so the list is never empty and has more than one page; other tests of this worker
// may add appointments, so nothing here counts rows exactly. Runs in the care-manager project.

function table(page: Page): Locator {
  return page.getByRole('table', { name: /^Appointments from / });
}

/** The body rows of the list once its answer is in (not the previous page kept while loading). */
async function settledRows(page: Page): Promise<Locator> {
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  return table(page).locator('tbody').getByRole('row');
}

test('dr.smith sees the clinic week across providers, filters it by provider and status, and pages', async ({
  page,
}) => {
  await signInByApi(page, DEMO.provider, { open: '/provider/appointments' });
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByText("The clinic's appointments of every provider, by start time.")).toBeVisible();
  // The Schedule item of the sidebar is where the list belongs.
  await expect(
    page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Schedule' }),
  ).toHaveAttribute('aria-current', 'page');
  let rows = await settledRows(page);
  // More than one page: 25 rows and a page counter.
  await expect(rows).toHaveCount(25);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByText(/^\d+ appointments from /)).toBeVisible();
  // dr.smith holds PATIENT: the patient's name opens the patient.
  await expect(table(page).getByRole('rowheader').first().getByRole('link')).toHaveAttribute(
    'href',
    /^\/provider\/patient\/[0-9a-f-]{36}$/,
  );

  // Provider: only dr.patel's visits, and the filter is in the URL.
  const filters = page.getByRole('region', { name: 'Filter appointments' });
  await filters.getByRole('checkbox', { name: 'Priya Patel, MD' }).check();
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]providerIds=[0-9a-f-]{36}/);
  rows = await settledRows(page);
  await expect(rows.first()).toContainText('Priya Patel, MD');
  await expect(rows.filter({ hasNotText: 'Priya Patel, MD' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Lakeside Clinic');
  const patelCount = Number(
    /^(\d+) /.exec((await page.getByText(/ appointments? from /).textContent()) ?? '')?.[1],
  );
  expect(patelCount).toBeGreaterThan(0);

  // Status as well: only her cancelled visits, fewer than all of hers.
  await filters.getByRole('checkbox', { name: 'Cancelled' }).check();
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]statuses=cancelled/);
  rows = await settledRows(page);
  await expect(rows.first()).toContainText('Cancelled');
  await expect(rows.filter({ hasNotText: 'Cancelled' })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: 'Priya Patel, MD' })).toHaveCount(0);
  // A cancelled visit offers nothing more.
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  const cancelledCount = Number(
    /^(\d+) /.exec((await page.getByText(/ appointments? from /).textContent()) ?? '')?.[1],
  );
  expect(cancelledCount).toBeGreaterThan(0);
  expect(cancelledCount).toBeLessThan(patelCount);

  // A filter that matches nothing says so.
  await filters.getByLabel('Patient name').fill('Nobody Here');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'No appointments match these filters.' }),
  ).toBeVisible();

  // Clear: the whole week again; then the next page, which a reload keeps (the page is in the URL).
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/provider\/appointments$/);
  rows = await settledRows(page);
  await expect(rows).toHaveCount(25);
  const firstOfPageOne = (await table(page).getByRole('rowheader').first().textContent()) ?? '';
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await settledRows(page);
  await expect(table(page).getByRole('rowheader').first()).not.toHaveText(firstOfPageOne);
  await page.reload();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Previous page' }),
  ).toBeEnabled();
});

test('dr.limited (APPOINTMENTS only) sees the list without patient links', async ({ page }) => {
  await signInByApi(page, DEMO.limitedProvider, { open: '/provider/appointments' });
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  const rows = await settledRows(page);
  await expect(rows).toHaveCount(25);
  await expect(table(page).getByRole('rowheader').first()).not.toBeEmpty();
  await expect(table(page).getByRole('rowheader').getByRole('link')).toHaveCount(0);
  // His own visits are there, among the others'.
  const filters = page.getByRole('region', { name: 'Filter appointments' });
  await filters.getByRole('checkbox', { name: 'Daniel Lee, NP' }).check();
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect((await settledRows(page)).first()).toContainText('Daniel Lee, NP');
});

test('the list is a set of cards on a phone, still read as a table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, DEMO.provider, { open: '/provider/appointments' });
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  // The filters start folded away on a phone.
  await expect(page.getByRole('button', { name: 'Show filters' })).toHaveAttribute('aria-expanded', 'false');
  const rows = await settledRows(page);
  const first = rows.first();
  await expect(first.getByRole('rowheader')).toBeVisible();
  // Each card names its fields; the table keeps its headers for screen readers.
  await expect(first.getByText('Date and time', { exact: true })).toBeVisible();
  await expect(table(page).getByRole('columnheader', { name: 'Provider' })).toBeAttached();
  const box = await first.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
});
