import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES as M } from './sign-up-texts.ts';
import {
  createStepSchema,
  infoStepSchema,
  isValidBirthdate,
  loginStepSchema,
  nameStepSchema,
  phoneDigits,
  signUpSecurityDataSchema,
  todayIsoDate,
  userCheckRequestSchema,
  userCreateRequestSchema,
} from './sign-up.ts';

/** The messages of a failed parse, by field (first one per field). */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    out[String(issue.path[0])] ??= issue.message;
  }
  return out;
}

describe('sign-up schema (spec 1 §5)', () => {
  it('keeps the §5 and §8 texts verbatim', () => {
    expect(M).toMatchObject({
      name: 'This field should be valid and 2 characters minimum',
      username: 'This field should be valid and 6 characters minimum',
      passwordMismatch: 'Password does not match the confirm password.',
      email: 'This field should not be empty. Please enter a valid email address',
      mobilePhoneRequired: 'This field should not be empty. Please enter a valid mobile phone',
      mobilePhoneInvalid: 'Please enter a valid mobile phone',
      birthdate: 'Please enter a valid Date of Birth',
      gender: 'This field should be valid and not empty',
      security: 'This field should be valid and 4 characters minimum',
      terms: 'You must agree to the terms and conditions before continue',
      userExists: 'This user already exists, please click here to login',
      usernameExists: 'This username already exists, please choose another.',
    });
  });

  it.each([
    ["O'Brien", true],
    ['Ana-María', true],
    ['D`Arcy', true],
    ['N’Golo', true],
    ['Jo Ann', true],
    ['A', false],
    ['  A  ', false],
    ['    ', false],
    ['R2D2', false],
    ['Ann!', false],
  ])('firstName %j valid: %s', (firstName, valid) => {
    const result = nameStepSchema.safeParse({ firstName, lastName: 'Smith' });
    expect(result.success).toBe(valid);
    if (!valid) {
      expect(messages(result).firstName).toBe(M.name);
    }
  });

  it('allows digits in the last name but not symbols or blanks', () => {
    expect(nameStepSchema.safeParse({ firstName: 'Ann', lastName: 'Smith 3rd' }).success).toBe(true);
    expect(messages(nameStepSchema.safeParse({ firstName: 'Ann', lastName: 'Sm!th' })).lastName).toBe(M.name);
    expect(messages(nameStepSchema.safeParse({ firstName: 'Ann', lastName: '   ' })).lastName).toBe(M.name);
  });

  const info = {
    email: 'a@example.com',
    mobilePhone: '(212)555-0101',
    birthdate: '1990-01-31',
    gender: 'female',
  };

  it('reads the phone through its mask and needs ten digits', () => {
    expect(phoneDigits('(212)555-0101')).toBe('2125550101');
    const parsed = infoStepSchema.safeParse(info);
    expect(parsed.success && parsed.data.mobilePhone).toBe('2125550101');
    expect(messages(infoStepSchema.safeParse({ ...info, mobilePhone: '(212)555-01' })).mobilePhone).toBe(
      M.mobilePhoneRequired,
    );
  });

  it('needs at least one of phone and email, and says so on both', () => {
    expect(infoStepSchema.safeParse({ ...info, email: '' }).success).toBe(true);
    expect(infoStepSchema.safeParse({ ...info, mobilePhone: '' }).success).toBe(true);
    expect(messages(infoStepSchema.safeParse({ ...info, email: '', mobilePhone: '' }))).toEqual({
      email: M.email,
      mobilePhone: M.mobilePhoneRequired,
    });
    expect(messages(infoStepSchema.safeParse({ ...info, email: 'a@' })).email).toBe(M.email);
    // Shown while the other fields are still empty too (the wizard shows it at once).
    expect(
      messages(infoStepSchema.safeParse({ email: '', mobilePhone: '', birthdate: '', gender: '' })),
    ).toEqual({
      email: M.email,
      mobilePhone: M.mobilePhoneRequired,
      birthdate: M.birthdate,
      gender: M.gender,
    });
  });

  it('takes birthdates from 1900-01-01 to today, as MySQL dates', () => {
    const now = new Date(2026, 10, 23, 12);
    expect(isValidBirthdate('1900-01-01', now)).toBe(true);
    expect(isValidBirthdate('1899-12-31', now)).toBe(false);
    expect(isValidBirthdate(todayIsoDate(now), now)).toBe(true);
    expect(isValidBirthdate('2026-11-24', now)).toBe(false);
    expect(isValidBirthdate('2001-02-29', now)).toBe(false);
    expect(isValidBirthdate('01/31/1990', now)).toBe(false);
    expect(messages(infoStepSchema.safeParse({ ...info, birthdate: '' })).birthdate).toBe(M.birthdate);
  });

  it('needs a gender from the list', () => {
    expect(messages(infoStepSchema.safeParse({ ...info, gender: '' })).gender).toBe(M.gender);
    expect(messages(infoStepSchema.safeParse({ ...info, gender: 'robot' })).gender).toBe(M.gender);
  });

  it('checks username, password complexity and length, and the confirmation', () => {
    const login = { username: 'maria.l', password: 'Secret#12', confirmPassword: 'Secret#12' };
    expect(loginStepSchema.safeParse(login).success).toBe(true);
    expect(messages(loginStepSchema.safeParse({ ...login, username: ' abcde ' })).username).toBe(M.username);
    for (const password of ['Sh#1', 'nosymbol12', 'NoDigits#!', '12345678#']) {
      expect(
        messages(loginStepSchema.safeParse({ ...login, password, confirmPassword: password })).password,
      ).toBe(M.password);
    }
    const long = `Ab#1${'x'.repeat(123)}`;
    expect(long).toHaveLength(127);
    expect(loginStepSchema.safeParse({ ...login, password: long, confirmPassword: long }).success).toBe(true);
    const tooLong = `${long}x`;
    expect(
      messages(loginStepSchema.safeParse({ ...login, password: tooLong, confirmPassword: tooLong })).password,
    ).toBe(M.passwordTooLong);
    expect(
      messages(loginStepSchema.safeParse({ ...login, confirmPassword: 'Secret#13' })).confirmPassword,
    ).toBe(M.passwordMismatch);
  });

  it('needs the security question and answer (4 characters) and the terms', () => {
    const create = { securityQuestion: 'First pet?', securityAnswer: 'Rexy', terms: true };
    expect(createStepSchema.safeParse(create).success).toBe(true);
    expect(
      messages(createStepSchema.safeParse({ ...create, securityQuestion: 'abc' })).securityQuestion,
    ).toBe(M.security);
    expect(messages(createStepSchema.safeParse({ ...create, securityAnswer: '     ' })).securityAnswer).toBe(
      M.security,
    );
    expect(messages(createStepSchema.safeParse({ ...create, terms: false })).terms).toBe(M.terms);
    expect(signUpSecurityDataSchema.safeParse({ question: 'First pet?', answer: 'abc' }).success).toBe(false);
  });

  it('sends only the six identity fields on the check, and drops anything else', () => {
    const parsed = userCheckRequestSchema.parse({
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'a@example.com',
      mobilePhone: '',
      birthdate: '1990-01-31',
      username: 'ann.smith',
      password: 'Secret#12',
      gender: 'female',
    });
    expect(Object.keys(parsed).sort()).toEqual([
      'birthdate',
      'email',
      'firstName',
      'lastName',
      'mobilePhone',
      'username',
    ]);
  });

  it('refuses a create without accepted terms', () => {
    const body = {
      firstName: 'Ann',
      lastName: 'Smith',
      email: 'a@example.com',
      mobilePhone: '',
      birthdate: '1990-01-31',
      username: 'ann.smith',
      password: 'Secret#12',
      gender: 'female',
      terms: true,
    };
    expect(userCreateRequestSchema.safeParse(body).success).toBe(true);
    expect(messages(userCreateRequestSchema.safeParse({ ...body, terms: false })).terms).toBe(M.terms);
  });

  it('fails, never throws, on bodies that are not objects', () => {
    for (const schema of [userCreateRequestSchema, userCheckRequestSchema, infoStepSchema, loginStepSchema]) {
      for (const body of [null, undefined, [], 'text', 5]) {
        expect(schema.safeParse(body).success).toBe(false);
      }
    }
  });
});
