import { DEMO } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { expect, test } from '../fixtures/test.ts';

// Decision 0037 (spec 3 §1, §2, §6): the women's-healthcare app, APP_VARIANT=womens-healthcare, a
// provider app whose schedule shows the appointment provider filter with its own icon.

test('dr.smith’s schedule shows the provider filter with the women’s-healthcare icon, and it filters', async ({
  page,
}) => {
  await signInByApi(page, DEMO.provider, { open: '/provider/appointment' });
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByRole('banner').getByText("Women's Health")).toBeVisible();

  const filters = page.getByRole('navigation', { name: 'Filters' });
  await expect(filters.locator('svg[data-filter-icon="womens-health"]')).toBeVisible();
  await expect(filters.locator('svg[data-filter-icon="funnel"]')).toHaveCount(0);

  await filters.getByRole('link', { name: 'Providers' }).click();
  await expect(page).toHaveURL(/\/provider\/appointment\/select-providers/);
  await expect(page.getByRole('heading', { level: 1, name: 'Select providers' })).toBeVisible();
  // spec 3 §2: the filter shows only on the schedule itself, not on a path below it.
  await expect(page.locator('svg[data-filter-icon]')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Alice Smith, MD' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My schedule' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Filters' }).locator('svg[data-filter-icon="womens-health"]'),
  ).toBeVisible();
});
