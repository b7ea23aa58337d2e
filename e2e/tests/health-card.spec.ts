import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import pngjs from 'pngjs';
import { test, expect } from '../fixtures/test.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 16 /user/single/health-card (spec 1 §2 side menu; spec 3 §8, §9 the QR code; decision 0034).
// jane.patient's card comes from the demo data (seed-demo-health-card.ts gives her a primary insurance);
// the test only reads it. The card without insurance belongs to a patient made here.

/** What a phone would read: the QR element's screenshot, decoded by a real QR decoder. */
async function decodeQr(code: Locator): Promise<string | null> {
  const png = pngjs.PNG.sync.read(await code.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test('jane opens her health card from the side menu: details, insurance, a QR of her member ID, print', async ({
  page,
}) => {
  await signInByApi(page, 'jane.patient');
  await expect(page).toHaveURL(/\/user\/appointment/);
  await expect(page.getByRole('heading', { name: 'Upcoming appointments' })).toBeVisible();
  // Print is offered: counted here instead of opening the browser's print dialog.
  await page.evaluate(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Health card' }).click();
  await expect(page).toHaveURL(/\/user\/single\/health-card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Health card' })).toBeVisible();

  const card = page.getByRole('article', { name: 'Member card of Jane Cooper' });
  await expect(card.getByText('Riverside Family Health', { exact: true }).first()).toBeVisible();
  const field = (name: string) =>
    card.getByText(name, { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(field('Member')).toHaveText('Jane Cooper');
  await expect(field('Date of birth')).toHaveText('April 12, 1985');
  await expect(field('Member ID')).toHaveText('10010001');

  const primary = card.getByRole('region', { name: 'Primary insurance' });
  await expect(primary).toContainText('UnitedHealthcare');
  await expect(primary).toContainText('Choice Plus PPO');
  await expect(primary).toContainText('UHC 904 417 226');
  await expect(primary).toContainText('Jane Cooper');
  await expect(card.getByRole('region', { name: 'Secondary insurance' })).toContainText(
    'No secondary insurance on file.',
  );
  await expect(card.getByRole('region', { name: 'Clinic' })).toContainText(
    'Riverside Family Health Clinic ID 1001',
  );

  // The QR code, with the centre image over it, reads back as the member ID.
  const code = card.getByRole('img', { name: 'QR code of member ID 10010001' });
  await expect(code).toHaveAttribute('data-qr-state', 'drawn');
  await expect(code.locator('img')).toBeVisible();
  expect(await decodeQr(code)).toBe('10010001');

  await page.getByRole('button', { name: 'PRINT CARD' }).click();
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);

  // On paper only the card: no header, menu button, title or print button; the code still reads.
  await page.emulateMedia({ media: 'print' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Health card' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'PRINT CARD' })).toBeHidden();
  expect(await decodeQr(code)).toBe('10010001');
});

test('a patient without insurance sees where to add it, and their own member ID in the QR code', async ({
  page,
  request,
}) => {
  const username = uniqueName('card.patient');
  const password = 'Card#Pass2026';
  const user = await createUser(request, {
    username,
    password,
    firstName: 'Nora',
    lastName: 'Noinsure',
    email: `${username}@example.com`,
    birthdate: '1990-02-03',
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  await signInByApi(page, username, { password, open: '/user/single/health-card' });

  const card = page.getByRole('article', { name: 'Member card of Nora Noinsure' });
  await expect(card.getByRole('region', { name: 'Insurance' })).toContainText(
    'No insurance on file — add it at your next check-in.',
  );
  await expect(card.getByText('February 3, 1990')).toBeVisible();
  await expect(card.getByText(user.memberId, { exact: true })).toBeVisible();
  const code = card.getByRole('img', { name: `QR code of member ID ${user.memberId}` });
  await expect(code).toHaveAttribute('data-qr-state', 'drawn');
  expect(await decodeQr(code)).toBe(user.memberId);
});
