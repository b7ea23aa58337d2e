import type { APIRequestContext, Page } from '@playwright/test';
import type { FixtureUser } from '@app/contracts/dev-fixtures';
import { createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { latestMessages } from '../fixtures/outbox.ts';
import { expect, test } from '../fixtures/test.ts';
import { newContextOnSuiteClock } from '../fixtures/clock.ts';

// spec 1 §2 Credential recovery (guest), §4 Forgot username / Forgot password, §5 Recovery rules,
// §6 'email support' notice, §8 recovery errors; issue 3 items 2 and 3. Each test creates its people.

const ANSWER = 'Biscuit';

function randomPhone(): string {
  return `+1555${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
}

async function person(request: APIRequestContext, overrides: Partial<FixtureUser> = {}) {
  const username = uniqueName('rec');
  const firstName = 'Robin';
  const lastName = uniqueName('Lost').replace('.', '');
  const birthdate = '1984-06-30';
  const user: FixtureUser = {
    username,
    password: 'Original#Pass1',
    firstName,
    lastName,
    email: `${username}@example.com`,
    birthdate,
    securityQuestion: 'Name of your first dog?',
    securityAnswer: ANSWER,
    ...overrides,
  };
  await createUser(request, user);
  return { ...user, username, firstName, lastName, birthdate, email: user.email ?? null };
}

/** Waits for a message of this purpose to reach `to` and returns its body. */
async function readMessage(request: APIRequestContext, to: string, purpose: string): Promise<string> {
  await expect
    .poll(async () => (await latestMessages(request, to)).some((m) => m.purpose === purpose))
    .toBe(true);
  const message = (await latestMessages(request, to)).find((m) => m.purpose === purpose);
  return message?.body ?? '';
}

async function fillUsernameForm(page: Page, firstName: string, lastName: string, birthDate: string) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill(birthDate);
}

async function startForgotPassword(page: Page, username: string) {
  await page.goto('/guest/forgot-password');
  await expect(page).toHaveURL(/\/guest\/forgot-password\/username-step$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await expect(page.getByText('Please enter your username.')).toBeVisible();
  const proceed = page.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  await page.getByLabel('Username').fill(username);
  await proceed.click();
}

async function answerQuestion(page: Page, answer = ANSWER) {
  await expect(page).toHaveURL(/\/security-question-step/);
  await expect(page.getByText('Please enter the answer to your security question.')).toBeVisible();
  await expect(page.getByText('Name of your first dog?')).toBeVisible();
  await expect(page.getByLabel('Answer')).toBeFocused();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Answer').fill(answer);
  await next.click();
}

test('credential-recovery-select keeps the query on every navigation; Next waits for a choice', async ({
  page,
}) => {
  await page.goto('/guest/login?source=kiosk');
  await page.getByRole('link', { name: 'Get help accessing your account' }).click();
  await expect(page).toHaveURL(/\/guest\/credential-recovery-select\?source=kiosk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credential Recovery' })).toBeVisible();
  await expect(page.getByText('How can we help?')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('I forgot my password').check();
  await next.click();
  await expect(page).toHaveURL(/\/guest\/forgot-password\/username-step\?source=kiosk$/);
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/guest\/landing\?source=kiosk$/);

  await page.goto('/guest/credential-recovery-select?source=kiosk');
  await page.getByLabel('I forgot my username').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/guest\/forgot-username\/form-step\?source=kiosk$/);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/guest\/credential-recovery-select\?source=kiosk$/);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/guest\/login\?source=kiosk$/);
});

test('forgot username with one channel: sent at once by e-mail; later steps are guarded', async ({
  page,
  request,
}) => {
  const user = await person(request);
  // Guards: a direct visit to a later step goes to the first one, keeping the query.
  await page.goto('/guest/forgot-username/sent-info-step?source=kiosk');
  await expect(page).toHaveURL(/\/guest\/forgot-username\/form-step\?source=kiosk$/);
  await page.goto('/guest/forgot-username/anything?source=kiosk');
  await expect(page).toHaveURL(/\/guest\/forgot-username\/form-step\?source=kiosk$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot username' })).toBeVisible();

  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await fillUsernameForm(page, user.firstName, user.lastName, '1999-01-01');
  await next.click();
  // spec 1 §8: the lookup failure's detail, cleared on any input.
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('We could not find an account matching these details.');
  await page.getByLabel('Date of birth').fill(user.birthdate);
  await expect(alert).toHaveCount(0);
  await next.click();

  await expect(page).toHaveURL(/\/guest\/forgot-username\/sent-info-step\?source=kiosk$/);
  await expect(page.getByText('We sent your user username via e-mail to')).toBeVisible();
  await expect(page.getByText(`${user.username.slice(0, 1)}***@example.com`)).toBeVisible();
  expect(await readMessage(request, user.email ?? '', 'recovery-username')).toContain(user.username);
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/guest\/login\?source=kiosk$/);
});

test('forgot username with two channels: the person chooses a text, which shows 4 digits', async ({
  page,
  request,
}) => {
  const phone = randomPhone();
  const user = await person(request, { mobilePhone: phone });
  await page.goto('/guest/forgot-username/form-step');
  await fillUsernameForm(page, user.firstName, user.lastName, user.birthdate);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/guest\/forgot-username\/channel-step$/);
  await expect(page.getByText('Choose how to receive your username.')).toBeVisible();
  await expect(page.getByText(`(***) ***-${phone.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(`${user.username.slice(0, 1)}***@example.com`)).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: /Text to:/ }).check();
  await page.getByRole('radio', { name: /Email to:/ }).check();
  await page.getByRole('radio', { name: /Text to:/ }).check();
  await next.click();

  await expect(page).toHaveURL(/\/guest\/forgot-username\/sent-info-step$/);
  await expect(
    page.getByText('We sent your user username via text to the phone number ending in'),
  ).toBeVisible();
  await expect(page.getByText(phone.slice(-4), { exact: true })).toBeVisible();
  expect(await readMessage(request, phone, 'recovery-username')).toContain(user.username);
});

test('forgot password: security question, temporary password by e-mail, forced security page, new password works', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const phone = randomPhone();
  const user = await person(request, { mobilePhone: phone });
  await page.goto('/guest/forgot-password/sent-info-step');
  await expect(page).toHaveURL(/\/guest\/forgot-password\/username-step$/);
  // The brand logo shows on the forgot-password routes (spec 1 §1).
  await expect(page.locator('.app-logo')).toBeVisible();

  await startForgotPassword(page, user.username);
  await answerQuestion(page, 'wrong answer');
  await expect(page.getByRole('alert')).toHaveText('The answer to your security question is not correct.');
  await page.getByLabel('Answer').fill(` ${ANSWER.toLowerCase()} `);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/guest\/forgot-password\/receive-password-channel-step$/);
  await expect(page.getByText('Choose how to receive the new password')).toBeVisible();
  await expect(page.getByRole('radio', { name: `Text to: (***) ***-${phone.slice(-4)}` })).toBeVisible();
  await page.getByRole('radio', { name: `E-mail to: ${user.email ?? ''}` }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/guest\/forgot-password\/sent-info-step$/);
  await expect(page.getByText('We have sent your temporary password to')).toBeVisible();
  const body = await readMessage(request, user.email ?? '', 'temporary-password');
  const temporary = /temporary password is: (\S+)/.exec(body)?.[1] ?? '';
  expect(temporary).toHaveLength(12);

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/guest\/login$/);
  await submitLogin(page, user.username, temporary);
  await expect(page).toHaveURL(/\/user\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByText('Please set a new password of a minimum of 8 characters.')).toBeVisible();
  // The question is set, so only the password part is shown; a patient has no log-out button here.
  await expect(page.getByLabel('Security question')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('New password').fill('Brand new pass 7');
  await page.getByLabel('Confirm password').fill('Brand new pass 8');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Confirm password').fill('Brand new pass 7');
  await save.click();
  await expect(page).toHaveURL(/\/user\/appointment$/);

  // A fresh browser: the new password logs straight in, no security page any more.
  const context = await newContextOnSuiteClock(browser, { baseURL });
  const fresh = await context.newPage();
  await fresh.goto('/guest/login');
  await submitLogin(fresh, user.username, temporary);
  await expect(fresh.getByRole('alert')).toBeVisible();
  await submitLogin(fresh, user.username, 'Brand new pass 7');
  await expect(fresh).toHaveURL(/\/user\/appointment\?cameFrom=login$/);
  await context.close();
});

test('forgot password by text: the phone ending shows 4 digits', async ({ page, request }) => {
  const phone = randomPhone();
  const user = await person(request, { mobilePhone: phone, email: null });
  await startForgotPassword(page, user.username);
  await answerQuestion(page);
  await expect(page.getByRole('radio', { name: /E-mail to:/ })).toHaveCount(0);
  await page.getByRole('radio', { name: `Text to: (***) ***-${phone.slice(-4)}` }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('We have sent your temporary password to')).toBeVisible();
  await expect(page.getByText(`the phone number ending in ${phone.slice(-4)}`)).toBeVisible();
  expect(await readMessage(request, phone, 'temporary-password')).toMatch(/temporary password is: \S{12}/);
});

test('forgot password without a security question shows the email support notice', async ({
  page,
  request,
}) => {
  const user = await person(request, { securityQuestion: null, securityAnswer: null });
  await startForgotPassword(page, user.username);
  await expect(page.getByRole('alert')).toHaveText(
    'You need to have a security question set to use the forgot password feature, please email support@example.com',
  );
  await expect(page).toHaveURL(/\/guest\/forgot-password\/username-step$/);
});

test('a pending account gets its activation link, which activates it', async ({ page, request }) => {
  const user = await person(request, { status: 'pending' });
  await page.goto('/guest/login');
  await submitLogin(page, user.username, 'Original#Pass1');
  await expect(page.getByRole('alert')).toBeVisible();

  await startForgotPassword(page, user.username);
  await answerQuestion(page);
  await expect(page).toHaveURL(/\/guest\/forgot-password\/activation-link-channel-step$/);
  await expect(
    page.getByText(
      "Looks like your account hasn't been activated yet. Would you like to receive your activation link by email or text?",
    ),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /Text to phone number/ })).toHaveCount(0);
  await page.getByRole('radio', { name: `E-mail to ${user.email ?? ''}` }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/guest\/forgot-password\/sent-info-step$/);
  await expect(page.getByText('We sent your activation link with instructions via email to')).toBeVisible();

  const body = await readMessage(request, user.email ?? '', 'activation-link');
  const link = new URL(/(http\S+)/.exec(body)?.[1] ?? '');
  expect(link.pathname).toBe('/guest/activate-account');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your account has been activated. You can now log in.')).toBeVisible();

  // The link is single use.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toHaveText('This activation link is invalid or has expired.');

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await submitLogin(page, user.username, 'Original#Pass1');
  await expect(page).toHaveURL(/\/user\/appointment\?cameFrom=login$/);
});
