import type { APIRequestContext } from '@playwright/test';
import {
  fixtureCheckInWorldResponseSchema,
  type FixtureCheckInWorldResponse,
} from '@app/contracts/check-in-fixtures';
import { uniqueName } from '../fixtures/dev-fixtures.ts';
import { latestMessages } from '../fixtures/outbox.ts';
import { expect, test } from '../fixtures/test.ts';

// Decision 0037 (spec 1 §1, spec 2 §2): the quick-link app, APP_VARIANT=quick-link. People arrive by
// the link their clinic sends; without one the landing says to open it, with a login and no sign-up.

async function checkInWorld(request: APIRequestContext): Promise<FixtureCheckInWorldResponse> {
  const response = await request.post('/dev/fixtures/check-in/world', {
    data: {
      name: uniqueName('ql').replace(/\./g, ''),
      password: 'Quick#Link2026',
      taskTitles: ['Bring your photo ID'],
    },
  });
  expect(response.status()).toBe(201);
  return fixtureCheckInWorldResponseSchema.parse(await response.json());
}

/** The check-in link the clinic sends, read from the dev outbox as the patient would. */
async function checkInLink(request: APIRequestContext, world: FixtureCheckInWorldResponse): Promise<string> {
  const response = await request.post('/dev/fixtures/quick-links', {
    data: {
      userId: world.patient.userId,
      clinicUuid: world.clinicUuid,
      type: 'check-in',
      appointmentId: world.appointmentIds[0],
    },
  });
  expect(response.status()).toBe(201);
  const [message] = (await latestMessages(request, world.patient.email)).filter(
    (item) => item.purpose === 'quick-link',
  );
  const url = new URL(/https?:\/\/\S+/.exec(message?.body ?? '')?.[0] ?? 'http://missing.invalid/');
  return `${url.pathname}${url.search}`;
}

const landingHeading = 'Open the link from your text message or email';

test('a visitor without a link is told to open it, and may log in instead; there is no sign-up', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/guest\/landing$/);
  await expect(page.getByRole('heading', { level: 2, name: landingHeading })).toBeVisible();
  await expect(page.getByText('no password is needed')).toBeVisible();
  await expect(page.getByText('Have a username and password? Log in instead.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveCount(0);

  await page.getByRole('link', { name: 'LOG IN' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
});

test('a quick link logs the patient in and opens their check-in; a used link ends on the landing', async ({
  page,
  request,
}) => {
  const world = await checkInWorld(request);
  const link = await checkInLink(request, world);

  await page.goto(link);
  await expect(page).toHaveURL(/\/user\/task\?appointmentId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start: Bring your photo ID' })).toBeVisible();

  // A link works once: the second time it says so, then the landing explains what to do.
  await page.goto(link);
  await expect(page.getByText('This link is not valid or has expired.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: landingHeading })).toBeVisible({
    timeout: 10_000,
  });
});
