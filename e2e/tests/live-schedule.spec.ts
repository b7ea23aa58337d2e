import type { APIRequestContext } from '@playwright/test';
import { DateTime } from 'luxon';
import { expect, test } from '../fixtures/test.ts';
import { AccessibilityWatch } from '../fixtures/accessibility.ts';
import {
  apiToken,
  bookAppointment,
  cancelThroughApi,
  findTarget,
  freeSlots,
} from '../fixtures/appointments-api.ts';
import { newContextOnSuiteClock } from '../fixtures/clock.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createAppointment, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';

// Issue 17 item 3 "Must show" (decision 0042): dr.smith's day schedule is open in one window; a
// patient arrives from her own phone (the clinic's 'outside' quick link), another patient books
// through the API and the front desk cancels it, and the schedule shows each change without a reload.
// Runs in the care-manager project, with the other provider-schedule specs (playwright.config.ts).
test.use({ timezoneId: 'America/New_York' });

const ZONE = 'America/New_York';
const PASSWORD = 'Live#Schedule2026';

/** A patient of the demo clinic (1001) with a login; the name is unique to this test. */
async function newPatient(request: APIRequestContext, firstName: string) {
  const username = uniqueName(`live.${firstName.toLowerCase()}`);
  const lastName =
    uniqueName('Live')
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 12) || 'Live';
  const user = await createUser(request, {
    username,
    password: PASSWORD,
    firstName,
    lastName,
    email: `${username}@example.com`,
    birthdate: '1979-03-04',
    securityQuestion: 'First pet?',
    securityAnswer: 'Rex the dog',
    clinicNumbers: [1001],
  });
  return { id: user.id, username, email: `${username}@example.com`, name: `${firstName} ${lastName}` };
}

test("dr.smith's schedule follows an arrival, a booking and a cancellation without a reload", async ({
  page,
  request,
  browser,
}) => {
  const dana = await newPatient(request, 'Dana');
  const evan = await newPatient(request, 'Evan');
  const evanToken = await apiToken(request, evan.username, PASSWORD);
  const target = await findTarget(request, evanToken, {
    provider: 'Smith',
    department: 'Riverside Main Clinic',
    consultationType: 'Follow-up',
  });
  // The first free time of dr.smith from today: the day the schedule shows (today, unless the suite
  // runs after hours).
  const [slot] = await freeSlots(request, evanToken, target, 0);
  if (!slot) {
    throw new Error('No free slot');
  }
  const day = DateTime.fromISO(slot.startAt, { zone: ZONE });
  const date = day.toISODate() ?? '';
  // Dana's visit that day, early (before any opening hours, so it takes no bookable time).
  const danaVisit = await createAppointment(request, {
    userId: dana.id,
    providerUsername: DEMO.provider,
    consultationTypeName: 'Follow-up',
    departmentName: 'Riverside Main Clinic',
    startAt:
      day
        .startOf('day')
        .set({ hour: 5 })
        .plus({ minutes: 15 * Math.floor(Math.random() * 8) })
        .toISO() ?? '',
  });

  await signInByApi(page, DEMO.provider, { open: `/provider/appointment?date=${date}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const danaRow = page.getByRole('listitem', { name: dana.name });
  await expect(danaRow).toBeVisible();
  await expect(danaRow.getByText('Outside', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: evan.name })).toHaveCount(0);
  // A reload would drop this mark: the checks below prove the page changed in place.
  await page.evaluate(() => {
    (window as unknown as { liveScheduleMark: boolean }).liveScheduleMark = true;
  });
  const stillSamePage = () =>
    page.evaluate(() => (window as unknown as { liveScheduleMark?: boolean }).liveScheduleMark === true);

  // Dana arrives: the clinic's "outside" link, opened on her own phone (another browser).
  const sent = await request.post('/dev/fixtures/quick-links', {
    data: { type: 'outside', userId: dana.id, clinicUuid: target.clinicUuid, appointmentId: danaVisit.id },
  });
  expect(sent.status()).toBe(201);
  const link = new URL(((await sent.json()) as { url: string }).url);
  const phone = await newContextOnSuiteClock(browser, { timezoneId: ZONE });
  const danaPage = await phone.newPage();
  const danaWatch = new AccessibilityWatch(danaPage);
  await danaPage.goto(`${link.pathname}${link.search}`);
  // The link signs her in on her visit (the clinic now knows she waits outside).
  await expect(danaPage.getByRole('heading', { level: 1, name: 'Appointment details' })).toBeVisible();
  await expect(danaPage.getByText('Riverside Main Clinic').first()).toBeVisible();

  // The realtime hint, not the 15 s fallback polling, brings it: well under a second on a quiet
  // machine; 5 s keeps a busy CI machine green and still rules the polling out.
  await expect(danaRow.getByText('Outside', { exact: true })).toBeVisible({ timeout: 5_000 });

  // Evan books the free time himself (through the API, as his own app does): his row appears.
  const evanVisit = await bookAppointment(request, evanToken, target, slot);
  const evanRow = page.getByRole('listitem', { name: evan.name });
  await expect(evanRow).toBeVisible({ timeout: 5_000 });
  await expect(evanRow.getByText('Follow-up')).toBeVisible();

  // He calls the front desk, too late to cancel online himself (spec 2 §6); the desk cancels it from
  // its own computer (the provider's cancel call): the row leaves the schedule.
  const refused = await request.delete(`/api/appointments/${evanVisit}`, {
    headers: { authorization: `Bearer ${evanToken}` },
  });
  expect(refused.status()).toBe(409);
  await expect(evanRow).toBeVisible();
  await cancelThroughApi(request, await apiToken(request, DEMO.provider, DEMO_PASSWORD), evanVisit);
  await expect(evanRow).toHaveCount(0, { timeout: 5_000 });
  await expect(danaRow).toBeVisible();
  expect(await stillSamePage()).toBe(true);

  const { findings } = await danaWatch.finish();
  expect(findings).toEqual([]);
  await phone.close();
});
