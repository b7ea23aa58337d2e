import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse, TwoFactorRequired } from '@app/contracts/auth';
import { threadDetailSchema } from '@app/contracts/messaging';
import { SIGN_UP_PATHS } from '@app/contracts/sign-up-texts';
import { users } from '../db/schema/accounts.ts';
import { providers } from '../db/schema/clinics.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestUser } from '../test/create-test-user.ts';
import { latestCode, loginTokens, passwordGrant, twoFactorGrant } from '../modules/auth/auth-test-helpers.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
} from '../modules/appointments/appointments-test-helpers.ts';

// Issue 19 item 4: the logs carry no health data. Every line the server writes while it serves a broad
// set of flows (sign-up, a two-factor login, a booking, messages, demographics, a database error, a 404
// and a 400) is collected; no name, email, phone number, date of birth or message text of the people
// used may appear in it, in any spelling the request or the database could have given it.

/** Letters only (names refuse digits): every run has people of its own. */
function word(prefix: string): string {
  return `${prefix}${randomBytes(5)
    .toString('hex')
    .replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)))}`;
}

/** A number of the fictional 555-01xx range with a real area code, so libphonenumber accepts it. */
function phone(): { entered: string; e164: string; digits: string } {
  const line = String(100 + Math.floor(Math.random() * 100)).slice(1);
  return {
    entered: `(212)555-01${line}`,
    e164: `+121255501${line}`,
    digits: `21255501${line}`,
  };
}

describe('logs without health data (issue 19 item 4)', () => {
  const stream = new PassThrough();
  let logs = '';
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  let t: TestApp;
  /** Everything that must never reach a log line. */
  const phi: string[] = [];
  const remember = (...values: (string | null | undefined)[]) => {
    for (const value of values) {
      if (value) {
        phi.push(value);
      }
    }
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await buildTestApp(
      {
        LOG_LEVEL: 'debug',
        AUTH_RATE_LIMIT_PER_IP: 10_000,
        AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
        SIGN_UP_RATE_LIMIT_PER_IP: 10_000,
      },
      { logStream: stream },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves sign-up, 2FA login, booking, messages, demographics and errors without one PHI value in the logs', async () => {
    // Sign-up (spec 1 §5).
    const signUpPhone = phone();
    const signUp = {
      firstName: word('Wilhelmina'),
      lastName: word('Quokkaberg'),
      email: `${word('wq')}@example.com`,
      mobilePhone: signUpPhone.entered,
      birthdate: '1961-03-09',
      gender: 'female',
      username: word('wquokka'),
      password: 'Sign#Up2026',
      terms: true,
    };
    remember(signUp.firstName, signUp.lastName, signUp.email, signUp.birthdate, signUp.password);
    remember(signUpPhone.entered, signUpPhone.e164, signUpPhone.digits);
    const created = await t.app.inject({ method: 'POST', url: SIGN_UP_PATHS.create, payload: signUp });
    expect(created.statusCode, created.body).toBe(201);
    // The same sign-up with a phone number libphonenumber refuses: a 400 naming the field.
    const badPhone = '+44 20 7946 0958';
    remember(badPhone, '442079460958');
    const refused = await t.app.inject({
      method: 'POST',
      url: SIGN_UP_PATHS.create,
      payload: { ...signUp, username: word('wquokkb'), mobilePhone: badPhone },
    });
    expect(refused.statusCode).toBe(400);

    // A login with a code by email (spec 1 §3).
    const twoFactorPhone = phone();
    const twoFactor = await createTestUser(t.context.db, {
      twoFactorRequired: true,
      email: `${word('tf')}@example.com`,
      mobilePhone: twoFactorPhone.e164,
    });
    remember(twoFactor.email, twoFactor.lastName, twoFactorPhone.e164, twoFactorPhone.digits);
    const challenge = (await passwordGrant(t.app, twoFactor.username)).json<TwoFactorRequired>();
    const code = await latestCode(t.context.db, twoFactor.email ?? '');
    const login = await twoFactorGrant(t.app, challenge.challenge_id, code);
    expect(login.statusCode, login.body).toBe(200);
    remember(code, login.json<TokenResponse>().refresh_token, login.json<TokenResponse>().access_token);

    // A booking with a reason (spec 2 §4, §5).
    const world = await createSchedulingWorld(t.context.db);
    const patientPhone = phone();
    const patient = await createClinicPatient(t.context.db, world.clinicId, {
      mobilePhone: patientPhone.e164,
    });
    const patientName = { firstName: word('Ottoline'), lastName: word('Brackenridge') };
    await t.context.db
      .update(users)
      .set({ ...patientName, birthdate: '1972-11-23' })
      .where(eq(users.id, patient.id));
    remember(patientName.firstName, patientName.lastName, patient.email, '1972-11-23');
    remember(patientPhone.e164, patientPhone.digits);
    const patientToken = (await loginTokens(t.app, patient.username)).access_token;
    const providerToken = (await loginTokens(t.app, world.provider.username)).access_token;
    const start = DateTime.fromJSDate(t.context.now())
      .setZone(world.timezone)
      .startOf('day')
      .plus({ days: 4 })
      .set({ hour: 10 });
    const reason = word('Recurring migraine with aura since ');
    remember(reason);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: bearer(patientToken),
      payload: {
        clinicUuid: world.clinicId,
        departmentUuid: world.departmentId,
        providerId: world.provider.providerId,
        consultationTypeId: world.plainTypeId,
        startAt: start.toISO({ suppressMilliseconds: true }),
        finishAt: start.plus({ minutes: 30 }).toISO({ suppressMilliseconds: true }),
        text: reason,
        flexibleDayList: [],
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    // Messages both ways (spec 3 messaging).
    await t.context.db
      .update(providers)
      .set({ permissions: ['APPOINTMENTS', 'PATIENT', 'MESSAGE'] })
      .where(eq(providers.id, world.provider.providerId));
    const providerMessage = word('Your biopsy shows ');
    remember(providerMessage);
    const thread = await t.app.inject({
      method: 'POST',
      url: `/api/provider/clinics/${world.clinicId}/messages/threads`,
      headers: bearer(providerToken),
      payload: { subject: word('Biopsy '), body: providerMessage, patientId: patient.id },
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const threadId = threadDetailSchema.parse(thread.json()).id;
    const reply = word('I am frightened about the ');
    remember(reply);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${threadId}/messages`,
      headers: bearer(patientToken),
      payload: { body: reply },
    });
    expect(replied.statusCode, replied.body).toBe(201);

    // Demographics: personal data and the emergency contact, then a refused emergency phone (400).
    const personal = {
      firstName: word('Rosamund'),
      lastName: word('Featherstonehaugh'),
      birthdate: '1972-11-24',
      gender: 'female',
      email: `${word('rf')}@example.com`,
      language: 'es',
      contactPreference: 'email',
      maritalStatus: 'married',
      raceCode: '2106-3',
      ethnicCode: '2186-5',
      timezone: 'America/New_York',
    };
    remember(personal.firstName, personal.lastName, personal.birthdate, personal.email);
    const savedPersonal = await t.app.inject({
      method: 'PUT',
      url: `/api/demographics/clinics/${world.clinicId}/accounts/${patient.id}/personal`,
      headers: bearer(patientToken),
      payload: { ...personal, departmentUuid: world.departmentId },
    });
    expect(savedPersonal.statusCode, savedPersonal.body).toBe(200);
    const emergencyPhone = phone();
    const emergencyName = `${word('Bartholomew')} ${word('Inglethorp')}`;
    remember(emergencyName, emergencyPhone.entered, emergencyPhone.e164, emergencyPhone.digits);
    const emergencyUrl = `/api/demographics/accounts/${patient.id}/emergency`;
    const savedEmergency = await t.app.inject({
      method: 'PUT',
      url: emergencyUrl,
      headers: bearer(patientToken),
      payload: { name: emergencyName, relationship: 'Spouse', phone: emergencyPhone.entered },
    });
    expect(savedEmergency.statusCode, savedEmergency.body).toBe(200);
    const badEmergency = await t.app.inject({
      method: 'PUT',
      url: emergencyUrl,
      headers: bearer(patientToken),
      payload: { name: emergencyName, relationship: 'Spouse', phone: badPhone },
    });
    expect(badEmergency.statusCode).toBe(400);

    // 404s whose query strings carry contact data, on a known and on an unknown route.
    const unknownAppointment = await t.app.inject({
      url: `/api/appointments/${randomUUID()}?email=${encodeURIComponent(personal.email)}`,
      headers: bearer(patientToken),
    });
    expect(unknownAppointment.statusCode).toBe(404);
    const unknownRoute = await t.app.inject({
      method: 'POST',
      url: `/api/no-such-route?phone=${encodeURIComponent(emergencyPhone.e164)}&name=${patientName.lastName}`,
      headers: bearer(patientToken),
      payload: { note: reply },
    });
    expect(unknownRoute.statusCode).toBe(404);

    // A database error: a check constraint (added to this test's own copy of the database) refuses the
    // next message, so the insert fails in PostgreSQL with the message text and ids among its values.
    await t.context.db.execute(
      sql.raw(
        "ALTER TABLE thread_messages ADD CONSTRAINT log_test_refuses_marker CHECK (body NOT LIKE '%zz-refuse-zz%')",
      ),
    );
    const refusedMessage = `${word('My HIV test came back ')} zz-refuse-zz`;
    remember(refusedMessage.split(' zz-')[0]);
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${threadId}/messages`,
      headers: bearer(patientToken),
      payload: { body: refusedMessage },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('zz-refuse-zz');
    // A NUL in a text field (issue 19 item 5) reached PostgreSQL as a value; whatever the answer, the
    // value it carried never reaches the log.
    await t.app.inject({
      method: 'POST',
      url: '/public/recovery/password/start',
      payload: { username: `${personal.email}\u0000` },
    });

    // The logs were written (the scan below is not vacuous): requests, and the database error with its
    // code and constraint.
    expect(logs).toContain('/api/appointments');
    expect(logs).toContain('/api/messages/threads');
    expect(logs).toContain('unhandled error');
    expect(logs).toContain('log_test_refuses_marker');

    const hits = phi.flatMap((value) =>
      [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]
        .filter((form, index, all) => all.indexOf(form) === index)
        .filter((form) => logs.includes(form))
        .map((form) => {
          const at = logs.indexOf(form);
          return `${form} … ${logs.slice(Math.max(0, at - 120), at + form.length + 40)}`;
        }),
    );
    expect(hits).toEqual([]);
    // What the database error's line keeps: its SQLSTATE (check_violation) and the table.
    expect(logs).toContain('"23514"');
    expect(logs).toContain('thread_messages');
  });
});
