import type { Page } from '@playwright/test';
import { createClinic, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { submitLogin } from '../fixtures/demo.ts';
import { expect, test } from '../fixtures/test.ts';

// spec 1 §2 Sign-up wizard, §4 Sign-up, §5 Sign-up rules, §8 sign-up errors; issue 3 item 1.

const PASSWORD = 'Sign#Up2026';

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthdate: string;
  username: string;
}

/** A new person; letters only in the last name so it passes the firstName-like rules everywhere. */
function newPerson(): Person {
  const tag = uniqueName('x').replace(/[^a-z]/g, '');
  return {
    firstName: 'Maria',
    lastName: `Lopez ${tag}`,
    email: `maria.${tag}@example.com`,
    phone: '2125550142',
    birthdate: '1990-05-17',
    username: uniqueName('maria'),
  };
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function expectStep(page: Page, title: string, counter: string) {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByText(counter, { exact: true })).toBeVisible();
}

async function fillName(page: Page, person: Person) {
  await expectStep(page, 'Your name', '1/4');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await next(page).click();
}

async function fillInfo(page: Page, person: Person) {
  await expectStep(page, 'About you', '2/4');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mobile phone').fill(person.phone);
  await page.getByLabel('Date of birth').fill(person.birthdate);
  await page.getByLabel('Legal sex').selectOption('female');
}

async function fillLogin(page: Page, person: Person) {
  await expectStep(page, 'Your login details', '3/4');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
}

async function fillCreate(page: Page) {
  await expectStep(page, 'Security question', '4/4');
  await page.getByLabel('Security question').fill('First pet?');
  await page.getByLabel('Security answer').fill('Rex the dog');
  await page.getByLabel('I agree to the terms and conditions').check();
}

/** A field's error text, tied to it by aria-describedby. */
async function expectFieldError(page: Page, label: string, message: string) {
  await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(
    new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
}

test('a patient signs up in four steps, lands on the default route, and can log in again', async ({
  page,
}) => {
  const person = newPerson();
  await page.goto('/guest/login');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/guest\/sign-up$/);
  await expect(next(page)).toBeDisabled();
  await fillName(page, person);
  await fillInfo(page, person);
  // spec 1 §2: the mask (000)000-0000.
  await expect(page.getByLabel('Mobile phone')).toHaveValue('(212)555-0142');
  await next(page).click();
  await fillLogin(page, person);
  await next(page).click();
  await fillCreate(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  // spec 1 §2: no redirect hint -> the role's default route.
  await expect(page).toHaveURL(/\/user\/appointment$/);
  expect(await page.evaluate(() => window.localStorage.getItem('messagingWarning'))).toBe('true');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/guest\/landing/);
  await page.goto('/guest/login');
  await submitLogin(page, person.username, PASSWORD);
  // The security question was saved after sign-up, so no detour to the security page.
  await expect(page).toHaveURL(/\/user\/appointment\?cameFrom=login/);
});

test('a sign-up link from a clinic ends on /user/provider/connect (addingProvider hint)', async ({
  page,
  request,
}) => {
  const clinic = await createClinic(request, { name: uniqueName('Invite clinic') });
  const person = newPerson();
  await page.goto(`/guest/sign-up?clinicUuid=${clinic.id}`);
  await fillName(page, person);
  await fillInfo(page, person);
  await next(page).click();
  await fillLogin(page, person);
  await next(page).click();
  await fillCreate(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/provider\/connect$/);
  // No code in the link: the connect screen opens empty (decision 0035).
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a clinic' })).toBeVisible();
  await expect(page.getByLabel('Invitation code')).toHaveValue('');
});

test('Back on step 1 goes to the login page', async ({ page }) => {
  await page.goto('/guest/sign-up');
  await expectStep(page, 'Your name', '1/4');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/guest\/login$/);
});

test('going back keeps the entered data', async ({ page }) => {
  const person = newPerson();
  await page.goto('/guest/sign-up');
  await fillName(page, person);
  await fillInfo(page, person);
  await next(page).click();
  await expectStep(page, 'Your login details', '3/4');
  await page.getByLabel('Username').fill(person.username);

  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 'About you', '2/4');
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('Mobile phone')).toHaveValue('(212)555-0142');
  await expect(page.getByLabel('Date of birth')).toHaveValue(person.birthdate);
  await expect(page.getByLabel('Legal sex')).toHaveValue('female');
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 'Your name', '1/4');
  await expect(page.getByLabel('First name')).toHaveValue(person.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(person.lastName);
  await next(page).click();
  await next(page).click();
  await expect(page.getByLabel('Username')).toHaveValue(person.username);
});

test('every sign-up rule shows its message and keeps Next disabled', async ({ page }) => {
  const person = newPerson();
  await page.goto('/guest/sign-up');

  // Step 1: names.
  await page.getByLabel('First name').fill('M');
  await page.getByLabel('First name').blur();
  await expectFieldError(page, 'First name', 'This field should be valid and 2 characters minimum');
  await page.getByLabel('Last name').fill('   ');
  await page.getByLabel('Last name').blur();
  await expectFieldError(page, 'Last name', 'This field should be valid and 2 characters minimum');
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('First name').fill('Mar1a');
  await expectFieldError(page, 'First name', 'This field should be valid and 2 characters minimum');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await expect(next(page)).toBeEnabled();
  await next(page).click();

  // Step 2: contact, birthdate, legal sex.
  await expectStep(page, 'About you', '2/4');
  await page.getByLabel('Email').fill('maria@');
  await page.getByLabel('Email').blur();
  await expectFieldError(page, 'Email', 'This field should not be empty. Please enter a valid email address');
  await page.getByLabel('Email').fill('');
  await page.getByLabel('Mobile phone').fill('');
  await page.getByLabel('Mobile phone').blur();
  // spec 1 §5: at least one of mobilePhone and email.
  await expectFieldError(page, 'Email', 'This field should not be empty. Please enter a valid email address');
  await expectFieldError(
    page,
    'Mobile phone',
    'This field should not be empty. Please enter a valid mobile phone',
  );
  // A toll-free number is a valid US number but not a mobile (public phone check).
  await page.getByLabel('Mobile phone').fill('8005550100');
  await expectFieldError(page, 'Mobile phone', 'Please enter a valid mobile phone');
  await page.getByLabel('Mobile phone').fill(person.phone);
  await page.getByLabel('Date of birth').fill('1899-12-31');
  await page.getByLabel('Date of birth').blur();
  await expectFieldError(page, 'Date of birth', 'Please enter a valid Date of Birth');
  await page.getByLabel('Date of birth').fill(person.birthdate);
  await page.getByLabel('Legal sex').selectOption('female');
  await page.getByLabel('Legal sex').selectOption('');
  await expectFieldError(page, 'Legal sex', 'This field should be valid and not empty');
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('Legal sex').selectOption('male');
  await expect(next(page)).toBeEnabled();
  await next(page).click();

  // Step 3: login details.
  await expectStep(page, 'Your login details', '3/4');
  await page.getByLabel('Username').fill('maria');
  await page.getByLabel('Username').blur();
  await expectFieldError(page, 'Username', 'This field should be valid and 6 characters minimum');
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(
    page.getByText('Use 8 or more characters with a mix of letters, numbers & symbols', { exact: true }),
  ).toHaveCount(2);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(`${PASSWORD}x`);
  await page.getByLabel('Confirm password', { exact: true }).blur();
  await expectFieldError(page, 'Confirm password', 'Password does not match the confirm password.');
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await expect(next(page)).toBeEnabled();
  await next(page).click();

  // Step 4: security question, answer, terms.
  await expectStep(page, 'Security question', '4/4');
  await page.getByLabel('Security question').fill('abc');
  await page.getByLabel('Security question').blur();
  await expectFieldError(page, 'Security question', 'This field should be valid and 4 characters minimum');
  await page.getByLabel('Security answer').fill('    ');
  await page.getByLabel('Security answer').blur();
  await expectFieldError(page, 'Security answer', 'This field should be valid and 4 characters minimum');
  const terms = page.getByLabel('I agree to the terms and conditions');
  await terms.check();
  await terms.uncheck();
  await expectFieldError(
    page,
    'I agree to the terms and conditions',
    'You must agree to the terms and conditions before continue',
  );
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
});

test('a person who already has an account is told so, with a link to log in', async ({ page, request }) => {
  const person = newPerson();
  await createUser(request, {
    username: uniqueName('existing'),
    password: PASSWORD,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    birthdate: person.birthdate,
  });
  await page.goto('/guest/sign-up');
  await fillName(page, person);
  await fillInfo(page, { ...person, firstName: 'MARIA' });
  await next(page).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('This user already exists, please click here to login');
  await expectStep(page, 'About you', '2/4');
  await expect(next(page)).toBeDisabled();
  await alert.getByRole('link', { name: 'click here' }).click();
  await expect(page).toHaveURL(/\/guest\/login$/);
});

test('a taken username shows the server message on the username field', async ({ page, request }) => {
  const taken = uniqueName('taken');
  await createUser(request, { username: taken, password: PASSWORD });
  const person = { ...newPerson(), username: taken.toUpperCase() };
  await page.goto('/guest/sign-up');
  await fillName(page, person);
  await fillInfo(page, person);
  await next(page).click();
  await fillLogin(page, person);
  await next(page).click();
  await expectFieldError(page, 'Username', 'This username already exists, please choose another.');
  await expectStep(page, 'Your login details', '3/4');
  await expect(next(page)).toBeDisabled();
  // Another username clears the error.
  await page.getByLabel('Username').fill(uniqueName('free'));
  await expect(page.getByText('This username already exists, please choose another.')).toHaveCount(0);
  await expect(next(page)).toBeEnabled();
});
