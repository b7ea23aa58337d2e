import type { CDPSession, Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import type { AccessibilityWatch } from '../fixtures/accessibility.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { suiteNow } from '../fixtures/clock.ts';

// spec 1 §1, §4: biometric login in the Care Manager app, as passkeys (decision 0012), with
// Chromium's own virtual authenticator standing in for the fingerprint reader.
// Runs in the care-manager project (APP_VARIANT=care-manager, playwright.config.ts).

const PASSWORD = 'Doctor#Pass2026';
const BIOMETRIC_BUTTON = 'Log in with Face ID, Touch ID, facial recognition or fingerprint';

async function addFingerprintReader(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  // WebAuthn answers only a focused page; a headless, unattended browser never has focus by itself.
  await page.bringToFront();
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function newDoctor(request: Parameters<typeof createUser>[0]) {
  const username = uniqueName('dr.passkey');
  await createUser(request, {
    memberType: 'doctor',
    username,
    password: PASSWORD,
    firstName: 'Pat',
    lastName: 'Passkey',
    email: `${username}@example.com`,
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
  });
  return username;
}

async function logOut(page: Page, accessibility: AccessibilityWatch) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/guest\/landing/);
  // The landing page's accessibility scan must not take the focus during the next biometric prompt.
  await accessibility.settle();
  await page.bringToFront();
}

test('a doctor allows biometric login, then logs in with the passkey', async ({
  page,
  request,
  accessibility,
}) => {
  const username = await newDoctor(request);
  const { cdp, authenticatorId } = await addFingerprintReader(page);

  await page.goto('/guest/login');
  await expect(page.getByRole('button', { name: BIOMETRIC_BUTTON })).toHaveCount(0);
  await submitLogin(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/provider\/appointment\?cameFrom=login/);

  // spec 1 §4: on the first login, with biometrics available and no choice made, the question.
  const offer = page.getByRole('dialog', { name: 'Allow biometric login?' });
  await expect(offer).toBeVisible();
  await accessibility.settle();
  await page.bringToFront();
  await offer.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(offer).toBeHidden();

  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('isBiometricAllow'))).toBe('yes');

  // The login screen shows the biometric icon, and the automatic prompt runs 300 ms after it loads
  // (spec 1 §4, §9): the page's clock is held so the test can tell "before" from "after".
  await logOut(page, accessibility);
  // The context runs on the suite's clock already (fixtures/test.ts): hold it a minute ahead.
  await page.clock.pauseAt(suiteNow() + 60_000);
  await page.goto('/guest/login');
  const button = page.getByRole('button', { name: BIOMETRIC_BUTTON });
  await expect(button).toBeVisible();
  await expect(button).toBeEnabled();
  await page.clock.runFor(250);
  await expect(page).toHaveURL(/\/guest\/login/);
  await expect(button).toBeEnabled();
  await page.clock.runFor(60);
  await expect(page).toHaveURL(/\/provider\/appointment\?cameFrom=login/);
  // The choice is made: no second question.
  await expect(page.getByRole('dialog', { name: 'Allow biometric login?' })).toHaveCount(0);
  const afterLogin = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(afterLogin.credentials[0]?.signCount).toBeGreaterThan(0);

  // The icon itself logs in too, without waiting for the automatic prompt.
  await logOut(page, accessibility);
  await page.goto('/guest/login');
  await page.getByRole('button', { name: BIOMETRIC_BUTTON }).click();
  await expect(page).toHaveURL(/\/provider\/appointment\?cameFrom=login/);
});

test('a doctor who does not allow biometric login is not asked again and sees no icon', async ({
  page,
  request,
  accessibility,
}) => {
  const username = await newDoctor(request);
  const { cdp, authenticatorId } = await addFingerprintReader(page);

  await page.goto('/guest/login');
  await submitLogin(page, username, PASSWORD);
  const offer = page.getByRole('dialog', { name: 'Allow biometric login?' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: "Don't allow" }).click();
  await expect(offer).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('isBiometricAllow'))).toBe('no');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0);

  await logOut(page, accessibility);
  await page.goto('/guest/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('button', { name: BIOMETRIC_BUTTON })).toHaveCount(0);
  await submitLogin(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/provider\/appointment\?cameFrom=login/);
  await expect(page.getByRole('dialog', { name: 'Allow biometric login?' })).toHaveCount(0);
});

test('a doctor adds a passkey in account settings and removes it again', async ({
  page,
  request,
  accessibility,
}) => {
  const username = await newDoctor(request);
  const { cdp, authenticatorId } = await addFingerprintReader(page);
  await page.goto('/guest/login');
  await submitLogin(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/provider\/appointment\?cameFrom=login/);
  const offer = page.getByRole('dialog', { name: 'Allow biometric login?' });
  await offer.getByRole('button', { name: "Don't allow" }).click();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/provider\/account-settings$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await accessibility.settle();
  await page.bringToFront();
  await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
  await expect(page.getByRole('status')).toContainText('The passkey was added.');
  await expect(page.getByRole('button', { name: /^Remove passkey / })).toHaveCount(1);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('isBiometricAllow'))).toBe('yes');

  await page.getByRole('button', { name: /^Remove passkey / }).click();
  await expect(page.getByRole('status')).toContainText('The passkey was removed.');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();

  // The device forgot it too: the login screen offers no biometric login.
  await logOut(page, accessibility);
  await page.goto('/guest/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('button', { name: BIOMETRIC_BUTTON })).toHaveCount(0);
});
