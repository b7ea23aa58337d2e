import { DateTime } from 'luxon';
import { fixtureInsuranceCardResponseSchema } from '@app/contracts/insurance';
import { test, expect } from '../fixtures/test.ts';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo.ts';
import { createAppointment, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { signInByApi } from '../fixtures/session.ts';
import { apiToken } from '../fixtures/appointments-api.ts';
import { suiteNow } from '../fixtures/clock.ts';

// Issue 18 item 4 (decision 0053): time, one way everywhere. The browser is in Los Angeles, the
// clinic in New York: stored instants read in the viewer's zone, a visit's time in its department's
// zone with the zone's short name, never the IANA id.
const VIEWER_ZONE = 'America/Los_Angeles';
const CLINIC_ZONE = 'America/New_York';
test.use({ timezoneId: VIEWER_ZONE });

/** "Dec 1, 2026, 7:00 AM": an instant as the app writes a stored instant, in the viewer's zone. */
function viewerDateTime(epochMs: number): string {
  return new Intl.DateTimeFormat('en', {
    timeZone: VIEWER_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(new Date(epochMs))
    .replace(/\u202f/g, ' ');
}

/** Every minute from `from` to `to` as the viewer reads it (the server's now lies in between). */
function viewerMinutes(from: number, to: number): string[] {
  const texts: string[] = [];
  for (let at = Math.floor(from / 60_000) * 60_000; at <= to; at += 60_000) {
    texts.push(viewerDateTime(at));
  }
  return texts;
}

function lettersOnly(prefix: string): string {
  return uniqueName(prefix)
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 14);
}

test("an insurance card's upload and a vital taken the same minute read the same time, in the viewer's zone", async ({
  page,
  request,
}) => {
  const username = uniqueName('tz.patient');
  const lastName = lettersOnly('Zone');
  const patient = await createUser(request, {
    username,
    password: DEMO_PASSWORD,
    firstName: 'Tess',
    lastName,
    birthdate: '1984-03-09',
    clinicNumbers: [1001],
  });
  const before = suiteNow();
  const appointment = await createAppointment(request, { userId: patient.id });
  const card = await request.post('/dev/fixtures/insurance-cards', {
    data: { userId: patient.id, appointmentId: appointment.id, ircName: 'Aetna' },
  });
  expect(card.status(), await card.text()).toBe(201);
  fixtureInsuranceCardResponseSchema.parse(await card.json());
  const token = await apiToken(request, username, DEMO_PASSWORD);
  const vital = await request.post('/api/vitals/values', {
    headers: { authorization: `Bearer ${token}` },
    data: { values: { pulse: 77 } },
  });
  expect(vital.status(), await vital.text()).toBe(201);
  const after = suiteNow();
  const expected = viewerMinutes(before, after);

  // The patient's reading, in the table of the pulse graph.
  await signInByApi(page, username, { open: '/user/vital/group?group=pulse' });
  await expect(page.getByRole('heading', { level: 1, name: 'Graphs' })).toBeVisible();
  await page.getByText('Show the readings as a table').click();
  const table = page.getByRole('table', { name: 'Pulse, last 90 days' });
  const reading = table.getByRole('row').filter({ has: page.getByRole('cell', { name: '77', exact: true }) });
  const vitalTime = (await reading.getByRole('rowheader').innerText()).trim();
  expect(expected).toContain(vitalTime);

  // dr.smith reviews the card uploaded with the visit: the same instant, the same words.
  await signInByApi(page, DEMO.provider, { open: `/provider/insurances/${patient.id}/primary` });
  await expect(page.getByRole('heading', { level: 1, name: `Tess ${lastName}` })).toBeVisible();
  const uploaded = page.locator('dt:has-text("Uploaded") + dd');
  const uploadTime = (await uploaded.innerText()).trim();
  expect(expected).toContain(uploadTime);
  // Neither names a zone: both are the viewer's own clock.
  expect(uploadTime).not.toMatch(/[A-Z]{3}$/);
  // The visit the card came with is a New York time, so it says so.
  await expect(page.getByText(/ (EST|EDT)$/)).toBeVisible();
});

test('the schedule writes a New York visit with EST or EDT, never "America/New_York"', async ({
  page,
  request,
}) => {
  const lastName = lettersOnly('Sched');
  const patient = await createUser(request, {
    firstName: 'Sam',
    lastName,
    birthdate: '1979-11-02',
    clinicNumbers: [1001],
  });
  // Noon of the viewer's today, in the clinic's zone (3:00 PM in New York): on the schedule's day.
  const start = DateTime.fromMillis(suiteNow(), { zone: VIEWER_ZONE })
    .startOf('day')
    .set({ hour: 12, minute: Math.floor(Math.random() * 4) * 15 })
    .setZone(CLINIC_ZONE);
  await createAppointment(request, {
    userId: patient.id,
    providerUsername: DEMO.provider,
    consultationTypeName: 'Follow-up',
    departmentName: 'Riverside Main Clinic',
    startAt: start.toISO() ?? '',
  });

  await signInByApi(page, DEMO.provider, { open: '/provider/appointment' });
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const row = page.getByRole('listitem', { name: `Sam ${lastName}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(start.toFormat('h:mm a'), { exact: true })).toBeVisible();
  await expect(row.getByText(start.setLocale('en-US').toFormat('ZZZZ'), { exact: true })).toBeVisible();
  expect(start.setLocale('en-US').toFormat('ZZZZ')).toMatch(/^E[SD]T$/);
  await expect(page.getByText('America/New_York')).toHaveCount(0);
});
