import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@app/contracts/errors';
import type { UserCreateResponse } from '@app/contracts/sign-up';
import { SIGN_UP_MESSAGES, SIGN_UP_PATHS } from '@app/contracts/sign-up-texts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, clinics } from '../../db/schema/clinics.ts';
import { verifySecret } from '../../platform/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/create-test-user.ts';
import { passwordGrant } from '../auth/auth-test-helpers.ts';
import { normaliseSecurityAnswer } from './account-security.service.ts';

const PASSWORD = 'Sign#Up2026';
// 212-555-01xx: fictional, with a real area code, so libphonenumber accepts it (FIXED_LINE_OR_MOBILE).
const MOBILE = '(212)555-0142';

function unique(): string {
  return randomBytes(4).toString('hex');
}

/** A complete create body; each test changes what it is about. */
function createBody(overrides: Record<string, unknown> = {}) {
  const suffix = unique();
  return {
    firstName: 'Maria',
    // Digits map one-to-one onto letters (names allow no digits): every suffix gives its own last name,
    // so two people of one test never count as the same person (same names, birthdate and phone).
    lastName: `Lopez ${suffix.replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)))}`,
    email: `maria.${suffix}@example.com`,
    mobilePhone: MOBILE,
    birthdate: '1990-05-17',
    gender: 'female',
    username: `maria.${suffix}`,
    password: PASSWORD,
    terms: true,
    ...overrides,
  };
}

function checkBodyOf(body: ReturnType<typeof createBody>, withUsername = false) {
  const { firstName, lastName, email, mobilePhone, birthdate, username } = body;
  return {
    firstName,
    lastName,
    email,
    mobilePhone,
    birthdate,
    ...(withUsername ? { username } : {}),
  };
}

describe('sign-up (spec 1 §2, §4, §5, §7, §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SIGN_UP_RATE_LIMIT_PER_IP: 10_000, AUTH_RATE_LIMIT_PER_IP: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  const check = (payload: unknown) => post(SIGN_UP_PATHS.userCheck, payload);
  const create = (payload: unknown) => post(SIGN_UP_PATHS.create, payload);

  describe('user create', () => {
    it('creates an active patient, logs them in, and the password works for a later login', async () => {
      const body = createBody();
      const response = await create(body);
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const created = response.json<UserCreateResponse>();
      expect(created.redirectTo).toBeNull();
      expect(created.token.user).toMatchObject({
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: true,
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${created.token.access_token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ username: body.username, firstName: 'Maria', status: 'active' });

      const [row] = await t.context.db.select().from(users).where(eq(users.id, created.token.user.id));
      expect(row).toMatchObject({
        mobilePhone: '+12125550142',
        birthdate: '1990-05-17',
        gender: 'female',
        email: body.email,
        status: 'active',
      });
      expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
      expect(row?.memberId).toMatch(/^\d{9}$/);
      // Hashed, never stored as typed.
      expect(row?.passwordHash).not.toContain(PASSWORD);
      expect(await verifySecret(PASSWORD, row?.passwordHash ?? '')).toBe(true);

      expect((await passwordGrant(t.app, body.username, PASSWORD)).statusCode).toBe(200);
    });

    it('needs only one of email and mobile phone, and trims names', async () => {
      const phoneOnly = await create(
        createBody({ email: '', firstName: '  Ana  ', mobilePhone: '2125550143' }),
      );
      expect(phoneOnly.statusCode).toBe(201);
      const [row] = await t.context.db
        .select()
        .from(users)
        .where(eq(users.id, phoneOnly.json<UserCreateResponse>().token.user.id));
      expect(row).toMatchObject({ firstName: 'Ana', email: null, mobilePhone: '+12125550143' });
      const emailOnly = await create(createBody({ mobilePhone: '' }));
      expect(emailOnly.statusCode).toBe(201);
    });

    it('answers 409 with the username message on the username field when the username is taken, in any case', async () => {
      const existing = await createTestUser(t.context.db, { username: `Taken.${unique()}` });
      const before = await t.context.db.select({ n: sql<number>`count(*)::int` }).from(users);
      const response = await create(createBody({ username: existing.username.toLowerCase() }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: SIGN_UP_MESSAGES.usernameExists,
        code: 'username_exists',
        errors: [{ detail: 'This username already exists, please choose another.', field: 'username' }],
      });
      const after = await t.context.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(after[0]?.n).toBe(before[0]?.n);
    });

    it('answers 409 userExists when the same person already has an account (names, birthdate, email or phone)', async () => {
      const first = createBody();
      expect((await create(first)).statusCode).toBe(201);
      const samePersonByEmail = createBody({
        firstName: 'MARIA',
        lastName: first.lastName.toUpperCase(),
        email: first.email.toUpperCase(),
        mobilePhone: '',
      });
      const response = await create(samePersonByEmail);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'This user already exists, please click here to login',
        code: 'user_exists',
        errors: [{ detail: 'This user already exists, please click here to login' }],
      });
      const samePersonByPhone = createBody({ lastName: first.lastName, email: '' });
      expect((await create(samePersonByPhone)).statusCode).toBe(409);
      // Another birthdate is another person.
      expect(
        (await create(createBody({ lastName: first.lastName, birthdate: '1991-05-17' }))).statusCode,
      ).toBe(201);
    });

    it('gives parallel creates of one username exactly one account and a username error, never a 500', async () => {
      const username = `race.${unique()}`;
      const responses = await Promise.all(Array.from({ length: 4 }, () => create(createBody({ username }))));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const r of responses.filter((r) => r.statusCode === 409)) {
        expect(r.json<ApiError>().errors?.[0]).toEqual({
          detail: SIGN_UP_MESSAGES.usernameExists,
          field: 'username',
        });
      }
      const rows = await t.context.db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username}`);
      expect(rows).toHaveLength(1);
    });

    it('gives parallel creates of one person one account and userExists for the others', async () => {
      const person = createBody();
      const responses = await Promise.all(
        Array.from({ length: 3 }, () => create({ ...person, username: `same.${unique()}` })),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const r of responses.filter((r) => r.statusCode === 409)) {
        expect(r.json<ApiError>().code).toBe('user_exists');
      }
    });

    it('rejects a phone that is not a US mobile on the mobilePhone field and creates nothing', async () => {
      const body = createBody({ mobilePhone: '(800)555-0100' });
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Please enter a valid mobile phone',
        code: 'validation_error',
        errors: [{ detail: 'Please enter a valid mobile phone', field: 'mobilePhone' }],
      });
      const rows = await t.context.db.select().from(users).where(eq(users.username, body.username));
      expect(rows).toHaveLength(0);
    });

    it.each([
      ['firstName too short', { firstName: 'A' }, 'firstName', SIGN_UP_MESSAGES.name],
      ['firstName whitespace only', { firstName: '    ' }, 'firstName', SIGN_UP_MESSAGES.name],
      ['firstName with a digit', { firstName: 'Mar1a' }, 'firstName', SIGN_UP_MESSAGES.name],
      ['lastName too short', { lastName: 'L' }, 'lastName', SIGN_UP_MESSAGES.name],
      ['lastName with a symbol', { lastName: 'Lopez!' }, 'lastName', SIGN_UP_MESSAGES.name],
      ['username too short', { username: 'abcde' }, 'username', SIGN_UP_MESSAGES.username],
      ['username whitespace', { username: '         ' }, 'username', SIGN_UP_MESSAGES.username],
      ['password too short', { password: 'Ab#1' }, 'password', SIGN_UP_MESSAGES.password],
      ['password without a symbol', { password: 'Abcdefg12' }, 'password', SIGN_UP_MESSAGES.password],
      ['password without a digit', { password: 'Abcdefg#!' }, 'password', SIGN_UP_MESSAGES.password],
      [
        'password too long',
        { password: `Ab#1${'x'.repeat(124)}` },
        'password',
        SIGN_UP_MESSAGES.passwordTooLong,
      ],
      ['email not an email', { email: 'maria@' }, 'email', SIGN_UP_MESSAGES.email],
      [
        'phone too short',
        { mobilePhone: '(212)555-01' },
        'mobilePhone',
        SIGN_UP_MESSAGES.mobilePhoneRequired,
      ],
      ['birthdate missing', { birthdate: '' }, 'birthdate', SIGN_UP_MESSAGES.birthdate],
      ['birthdate before 1900', { birthdate: '1899-12-31' }, 'birthdate', SIGN_UP_MESSAGES.birthdate],
      ['birthdate in the future', { birthdate: '2999-01-01' }, 'birthdate', SIGN_UP_MESSAGES.birthdate],
      ['birthdate not a day', { birthdate: '1990-02-30' }, 'birthdate', SIGN_UP_MESSAGES.birthdate],
      ['birthdate not MySQL format', { birthdate: '05/17/1990' }, 'birthdate', SIGN_UP_MESSAGES.birthdate],
      ['gender missing', { gender: '' }, 'gender', SIGN_UP_MESSAGES.gender],
      ['gender unknown', { gender: 'robot' }, 'gender', SIGN_UP_MESSAGES.gender],
      ['terms not accepted', { terms: false }, 'terms', SIGN_UP_MESSAGES.terms],
    ])('rejects %s with its §5 message on the field', async (_name, change, field, message) => {
      const response = await create(createBody(change));
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().errors).toContainEqual({ detail: message, field });
    });

    it('needs at least one of email and mobile phone, saying so on both', async () => {
      const response = await create(createBody({ email: '', mobilePhone: '' }));
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().errors).toEqual([
        { detail: SIGN_UP_MESSAGES.email, field: 'email' },
        { detail: SIGN_UP_MESSAGES.mobilePhoneRequired, field: 'mobilePhone' },
      ]);
    });

    it('answers garbage with a 4xx in the one error shape', async () => {
      for (const payload of ['not json', '[]', '{"firstName": 5}', 'null']) {
        const response = await t.app.inject({
          method: 'POST',
          url: SIGN_UP_PATHS.create,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(typeof response.json<ApiError>().message).toBe('string');
      }
    });

    describe('redirect hints (decision 0010)', () => {
      let clinicId: string;
      beforeAll(async () => {
        const [clinic] = await t.context.db
          .insert(clinics)
          .values({ clinicNumber: 7900, name: 'Hint clinic' })
          .returning();
        clinicId = clinic?.id ?? '';
      });

      it('is addingProvider when the sign-up link named a clinic, whose patient the person becomes', async () => {
        const response = await create(createBody({ origin: { clinicUuid: clinicId } }));
        expect(response.statusCode).toBe(201);
        expect(response.json<UserCreateResponse>().redirectTo).toBe('addingProvider');
        const registrations = await t.context.db
          .select({ source: clinicPatients.source })
          .from(clinicPatients)
          .innerJoin(users, eq(users.id, clinicPatients.userId))
          .where(eq(clinicPatients.clinicId, clinicId));
        expect(registrations).toEqual([{ source: 'portal' }]);
      });

      it('is scheduleAppointment when the link also carried a booking', async () => {
        const response = await create(createBody({ origin: { clinicUuid: clinicId, appointment: true } }));
        expect(response.json<UserCreateResponse>().redirectTo).toBe('scheduleAppointment');
      });

      it('is none for a clinic that does not exist, and a bad uuid is a 400', async () => {
        const unknown = await create(
          createBody({ origin: { clinicUuid: '00000000-0000-4000-8000-000000000000', appointment: true } }),
        );
        expect(unknown.statusCode).toBe(201);
        expect(unknown.json<UserCreateResponse>().redirectTo).toBeNull();
        const unknownClinic = await t.context.db
          .select()
          .from(clinicPatients)
          .where(eq(clinicPatients.clinicId, '00000000-0000-4000-8000-000000000000'));
        expect(unknownClinic).toEqual([]);
        expect((await create(createBody({ origin: { clinicUuid: 'nope' } }))).statusCode).toBe(400);
      });
    });
  });

  describe('user check', () => {
    it('reports no existing user for a new person, with or without a username', async () => {
      const body = createBody();
      for (const withUsername of [false, true]) {
        const response = await check(checkBodyOf(body, withUsername));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ userExists: false });
      }
    });

    it('reports userExists without a username for a person who has an account', async () => {
      const body = createBody();
      expect((await create(body)).statusCode).toBe(201);
      const response = await check({ ...checkBodyOf(body), username: `other.${unique()}` });
      expect(response.json()).toEqual({ userExists: true });
    });

    it('reports the username message when only the username is taken', async () => {
      const existing = await createTestUser(t.context.db);
      const response = await check(
        checkBodyOf(createBody({ username: existing.username.toUpperCase() }), true),
      );
      expect(response.json()).toEqual({
        userExists: true,
        username: 'This username already exists, please choose another.',
      });
    });

    it('applies the same §5 rules (at least one contact, a US mobile)', async () => {
      const noContact = await check(checkBodyOf(createBody({ email: '', mobilePhone: '' })));
      expect(noContact.statusCode).toBe(400);
      const landline = await check(checkBodyOf(createBody({ mobilePhone: '8005550100' })));
      expect(landline.statusCode).toBe(400);
      expect(landline.json<ApiError>().errors).toEqual([
        { detail: SIGN_UP_MESSAGES.mobilePhoneInvalid, field: 'mobilePhone' },
      ]);
    });
  });

  describe('phone validation', () => {
    const validate = (payload: unknown) => post(SIGN_UP_PATHS.phoneValidation, payload);

    it('counts a US number (FIXED_LINE_OR_MOBILE) as mobile, masked or not', async () => {
      for (const phone of ['(212)555-0101', '2125550101', '+1 917 555 0123']) {
        const response = await validate({ phone, region: 'US', type: 'mobile' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ valid: true });
      }
      // region and type default to the spec's US / mobile.
      expect((await validate({ phone: '2125550101' })).json()).toEqual({ valid: true });
    });

    it('says not valid for toll-free, premium, impossible numbers and garbage', async () => {
      for (const phone of ['(800)555-0100', '9005550100', '(123)456-7890', '5551234567', 'abc', '12']) {
        const response = await validate({ phone, region: 'US', type: 'mobile' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ valid: false });
      }
      expect((await validate({ phone: '2125550101', region: 'ZZ' })).json()).toEqual({ valid: false });
    });

    it('rejects a malformed request with a 400', async () => {
      expect((await validate({})).statusCode).toBe(400);
      expect((await validate({ phone: '2125550101', region: 'usa' })).statusCode).toBe(400);
      expect((await validate({ phone: '2125550101', type: 'landline' })).statusCode).toBe(400);
      expect((await validate({ phone: 'x'.repeat(31) })).statusCode).toBe(400);
    });
  });

  describe('gender list', () => {
    it('lists the legal sex options', async () => {
      const response = await t.app.inject({ method: 'GET', url: SIGN_UP_PATHS.genders });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: 'female', name: 'Female' },
        { id: 'male', name: 'Male' },
        { id: 'x', name: 'X' },
      ]);
    });
  });

  describe('save user security data', () => {
    const patch = (token: string | null, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: SIGN_UP_PATHS.securityData,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: payload as object,
      });

    async function signUp() {
      const response = await create(createBody());
      return response.json<UserCreateResponse>().token;
    }

    it('saves the question and the hashed answer once, after sign-up', async () => {
      const token = await signUp();
      const saved = await patch(token.access_token, { question: ' First pet? ', answer: 'Rex  The Dog' });
      expect(saved.statusCode).toBe(204);
      const [row] = await t.context.db.select().from(users).where(eq(users.id, token.user.id));
      expect(row?.securityQuestion).toBe('First pet?');
      expect(await verifySecret(normaliseSecurityAnswer('rex the dog'), row?.securityAnswerHash ?? '')).toBe(
        true,
      );
      // Changing it is the security page's job.
      const again = await patch(token.access_token, { question: 'Other question', answer: 'other answer' });
      expect(again.statusCode).toBe(409);
      expect(again.json<ApiError>().message).toBe(SIGN_UP_MESSAGES.securityDataAlreadySet);
    });

    it.each([
      ['question too short', { question: 'abc', answer: 'long enough' }, 'question'],
      ['answer whitespace', { question: 'First pet?', answer: '       ' }, 'answer'],
      ['answer missing', { question: 'First pet?' }, 'answer'],
    ])('rejects %s with the §5 message', async (_name, payload, field) => {
      const token = await signUp();
      const response = await patch(token.access_token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().errors).toContainEqual({ detail: SIGN_UP_MESSAGES.security, field });
    });

    it('needs a patient login', async () => {
      expect((await patch(null, { question: 'First pet?', answer: 'Rexy' })).statusCode).toBe(401);
      const doctor = await createTestUser(t.context.db, { memberType: 'doctor', securityQuestion: null });
      const login = await passwordGrant(t.app, doctor.username);
      const token = login.json<{ access_token: string }>().access_token;
      expect((await patch(token, { question: 'First pet?', answer: 'Rexy' })).statusCode).toBe(403);
    });
  });
});

describe('sign-up rate limits (decision 0010)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SIGN_UP_RATE_LIMIT_PER_IP: 3, AUTH_RATE_LIMIT_PER_IP: 4 });
  });
  afterAll(async () => {
    await t.close();
  });

  const rateLimited = {
    message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    code: 'rate_limited',
  };

  it('shares one budget between the user check and the create, per address', async () => {
    const body = createBody();
    expect(
      (await t.app.inject({ method: 'POST', url: SIGN_UP_PATHS.userCheck, payload: checkBodyOf(body) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: SIGN_UP_PATHS.userCheck, payload: checkBodyOf(body) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: SIGN_UP_PATHS.create, payload: body })).statusCode,
    ).toBe(201);
    const limited = await t.app.inject({ method: 'POST', url: SIGN_UP_PATHS.create, payload: createBody() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimited);
    const limitedCheck = await t.app.inject({
      method: 'POST',
      url: SIGN_UP_PATHS.userCheck,
      payload: checkBodyOf(body),
    });
    expect(limitedCheck.statusCode).toBe(429);
    // Another address has its own budget.
    const other = await t.app.inject({
      method: 'POST',
      url: SIGN_UP_PATHS.userCheck,
      payload: checkBodyOf(body),
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(200);
  });

  it('limits the phone check and the gender list per address, counted apart from sign-ups', async () => {
    const remoteAddress = '198.51.100.7';
    const phone = () =>
      t.app.inject({
        method: 'POST',
        url: SIGN_UP_PATHS.phoneValidation,
        payload: { phone: '2125550101' },
        remoteAddress,
      });
    const genders = () => t.app.inject({ method: 'GET', url: SIGN_UP_PATHS.genders, remoteAddress });
    expect((await phone()).statusCode).toBe(200);
    expect((await phone()).statusCode).toBe(200);
    expect((await genders()).statusCode).toBe(200);
    expect((await genders()).statusCode).toBe(200);
    const limited = await phone();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(rateLimited);
    expect((await genders()).statusCode).toBe(429);
    // The user check from that address still has its own budget.
    const checkResponse = await t.app.inject({
      method: 'POST',
      url: SIGN_UP_PATHS.userCheck,
      payload: checkBodyOf(createBody()),
      remoteAddress,
    });
    expect(checkResponse.statusCode).toBe(200);
  });
});
