import { test, expect } from '../fixtures/test.ts';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInNewUser } from '../fixtures/session.ts';

// spec 1 §2 side menu → Account settings; §3 Account data; §7 User image upload (decision 0014).
const PASSWORD = 'Patient#Pass2026';
// A real 1×1 PNG, so the browser can show it.
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('a patient uploads a picture in account settings', async ({ page }) => {
  const username = uniqueName('image.patient');
  await signInNewUser(page, {
    username,
    password: PASSWORD,
    firstName: 'Ida',
    lastName: 'Image',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
  });
  await expect(page).toHaveURL(/\/user\/appointment/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByText('Ida Image')).toBeVisible();

  const input = page.getByLabel('Change picture (PNG, JPEG or WebP, up to 2 MB)');
  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
  await expect(page.getByRole('alert')).toContainText('Please choose a PNG, JPEG or WebP image.');

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  const picture = page.getByRole('img', { name: 'Your picture' });
  await expect(picture).toHaveAttribute('src', /^blob:/);
  // It stays after a reload: the user record points at it.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', /^blob:/);
});
