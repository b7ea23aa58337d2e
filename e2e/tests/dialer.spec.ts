import type { APIRequestContext } from '@playwright/test';
import { DateTime } from 'luxon';
import { fixtureVideoWorldResponseSchema } from '@app/contracts/video-fixtures';
import { voiceCallListSchema } from '@app/contracts/voice-calls';
import { expect, test } from '../fixtures/test.ts';
import { chromiumLaunchOptions } from '../fixtures/chromium.ts';
import { DEMO } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { createAppointment, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';
import { latestMessages } from '../fixtures/outbox.ts';

// Issue 17 item 4 "Must show" (decision 0043): dr.smith phones a patient from the schedule row and
// the call shows in the development outbox (no telephony provider is configured here); in a video
// visit the room's dialer places a call that ends when the provider ends the video call (spec 3 §2).
// The video room needs a fake camera and microphone, so this file has its own browser
// (playwright.config.ts, like video-call.spec.ts); the browser runs in the clinic's zone.
test.use({
  timezoneId: 'America/New_York',
  launchOptions: chromiumLaunchOptions([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
  ]),
});

const ZONE = 'America/New_York';
const PASSWORD = 'Dialer#Visit2026';

/** A 10-digit US number of the test's own (212-555-01xx is reserved for fiction). */
function phoneOfOwn(): { typed: string; e164: string; suffix: string } {
  const last = String(100 + Math.floor(Math.random() * 100)).slice(-2);
  return { typed: `(212) 555-01${last}`, e164: `+121255501${last}`, suffix: `01${last}` };
}

/** A demo-clinic patient with a phone and an office visit with dr.smith early today. */
async function patientToday(request: APIRequestContext, phone: string) {
  const lastName =
    uniqueName('Dial')
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 12) || 'Dial';
  const user = await createUser(request, {
    firstName: 'Paula',
    lastName,
    email: `${uniqueName('paula')}@example.com`,
    birthdate: '1979-03-14',
    mobilePhone: phone,
    clinicNumbers: [1001],
  });
  const slot = Math.floor(Math.random() * 8);
  await createAppointment(request, {
    userId: user.id,
    providerUsername: DEMO.provider,
    consultationTypeName: 'Follow-up',
    departmentName: 'Riverside Main Clinic',
    startAt:
      DateTime.now()
        .setZone(ZONE)
        .startOf('day')
        .set({ hour: 5, minute: 0 })
        .plus({ minutes: slot * 15 })
        .toISO() ?? '',
  });
  return { id: user.id, name: `Paula ${lastName}` };
}

test('dr.smith calls a patient from the schedule row; the call is in the dev outbox; Hang up ends it', async ({
  page,
  request,
}) => {
  const phone = phoneOfOwn();
  const patient = await patientToday(request, phone.typed);
  await signInByApi(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/appointment/);

  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: patient.name }) });
  await row.getByRole('button', { name: `Call ${patient.name} by phone` }).click();
  await expect(row.getByRole('status')).toHaveText(
    `On the phone with ${patient.name} (number ending ${phone.suffix})`,
  );

  // No telephony provider here: the call is kept in the outbox, on its page as on its JSON.
  const kept = await latestMessages(request, phone.e164);
  expect(kept[0]).toMatchObject({ channel: 'voice', recipient: phone.e164, purpose: 'outbound-call' });
  const outbox = await page.context().newPage();
  await outbox.goto(`/dev/outbox?to=${encodeURIComponent(phone.e164)}`);
  const outboxRow = outbox.getByRole('row').filter({ hasText: phone.e164 });
  await expect(outboxRow.getByRole('cell', { name: 'Voice call' })).toBeVisible();
  await expect(outboxRow.getByRole('cell', { name: 'outbound-call' })).toBeVisible();
  await outbox.close();

  await row.getByRole('button', { name: `Hang up the call to ${patient.name}` }).click();
  await expect(row.getByRole('status')).toHaveText(`Call to ${patient.name} ended`);
  await expect(row.getByRole('button', { name: `Call ${patient.name} by phone` })).toBeVisible();
});

test('in a video visit the dialer calls the patient, and ending the video call ends the voice call', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = phoneOfOwn();
  const created = await page.request.post('/dev/fixtures/video/world', {
    data: {
      name: uniqueName('dv').replace(/\./g, ''),
      password: PASSWORD,
      extraModules: ['OUTBOUND_CALLING'],
      patientMobilePhone: phone.typed,
    },
  });
  expect(created.status()).toBe(201);
  const world = fixtureVideoWorldResponseSchema.parse(await created.json());
  const patientName = `${world.patient.firstName} ${world.patient.lastName}`;

  const session = await signInByApi(page, world.doctor.username, {
    password: PASSWORD,
    open: `/provider/video-call/${world.appointmentId}`,
  });
  await expect(page.getByRole('heading', { name: 'Welcome to the waiting room!' })).toBeVisible({
    timeout: 30_000,
  });
  const dialer = page.getByRole('region', { name: 'Phone call' });
  await dialer.getByRole('button', { name: 'Call patient' }).click();
  await expect(dialer.getByRole('status')).toHaveText(
    `On the phone with ${patientName} (number ending ${phone.suffix})`,
  );

  await page.getByRole('button', { name: 'Join Call' }).click();
  await expect(page.getByRole('button', { name: 'End visit' })).toBeVisible({ timeout: 30_000 });
  // The call stays with the provider while they are in the video call.
  await expect(dialer.getByRole('button', { name: `Hang up the call to ${patientName}` })).toBeVisible();
  await page.getByRole('button', { name: 'End visit' }).click();
  await expect(page.getByRole('heading', { name: 'The visit has ended.' })).toBeVisible();

  // The voice-call record ended with the video call (spec 3 §2).
  const calls = await page.request.get(
    `/api/provider/clinics/${world.clinicId}/voice-calls?appointmentId=${world.appointmentId}`,
    { headers: { authorization: `Bearer ${session.tokens.access_token}` } },
  );
  expect(calls.status()).toBe(200);
  expect(voiceCallListSchema.parse(await calls.json()).calls).toEqual([
    expect.objectContaining({ status: 'ended', endedReason: 'video-ended', phoneSuffix: phone.suffix }),
  ]);
});
