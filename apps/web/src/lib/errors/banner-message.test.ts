import { describe, expect, it } from 'vitest';
import { bannerMessages, extractMessages, isBannerExcludedUrl } from './banner-message.ts';

const failure = (
  body: unknown,
  extra: Partial<{ status: number; url: string; fallbackMessage: string }> = {},
) => ({
  status: 400,
  url: '/api/appointments',
  fallbackMessage: '400 Bad Request',
  body,
  ...extra,
});

describe('extractMessages (spec 1 §8)', () => {
  it('reads message, error, error_description, title and detail', () => {
    expect(extractMessages({ message: 'A' })).toEqual(['A']);
    expect(extractMessages({ error: 'B' })).toEqual(['B']);
    expect(extractMessages({ error_description: 'C' })).toEqual(['C']);
    expect(extractMessages({ title: 'D' })).toEqual(['D']);
    expect(extractMessages({ detail: 'E' })).toEqual(['E']);
  });

  it('skips invalid_grant and takes the description instead', () => {
    expect(
      extractMessages({
        error: 'invalid_grant',
        error_description: 'Invalid username and password combination',
      }),
    ).toEqual(['Invalid username and password combination']);
  });

  it('accepts a list of errors', () => {
    expect(extractMessages([{ detail: 'one' }, { message: 'two' }, 'three'])).toEqual([
      'one',
      'two',
      'three',
    ]);
  });

  it('reads the errors list of our error shape without repeating the message', () => {
    expect(
      extractMessages({
        message: 'Email is required',
        code: 'validation_error',
        errors: [{ detail: 'Email is required' }, { detail: 'Name is required' }],
      }),
    ).toEqual(['Email is required', 'Name is required']);
  });

  it('finds nothing in an empty or odd body', () => {
    expect(extractMessages(null)).toEqual([]);
    expect(extractMessages({ message: '   ' })).toEqual([]);
    expect(extractMessages(42)).toEqual([]);
  });
});

describe('bannerMessages (spec 1 §8)', () => {
  it('shows the server message', () => {
    expect(bannerMessages(failure({ message: 'Clinic not found.' }))).toEqual(['Clinic not found.']);
  });

  it('shows the generic text for a 500', () => {
    expect(bannerMessages(failure({ message: 'boom' }, { status: 500 }))).toEqual([
      'Oops… Something went wrong.',
    ]);
  });

  it("falls back to the response's own message", () => {
    expect(bannerMessages(failure(null, { fallbackMessage: '502 Bad Gateway', status: 502 }))).toEqual([
      '502 Bad Gateway',
    ]);
    expect(bannerMessages(failure({ error: 'invalid_grant' }, { fallbackMessage: '' }))).toEqual([
      'Oops… Something went wrong.',
    ]);
  });

  it('is hidden for the expired access token message', () => {
    expect(
      bannerMessages(failure({ message: 'The access token provided has expired.' }, { status: 401 })),
    ).toBeNull();
  });

  it.each([
    '/api/providers/7/security/password',
    '/api/providers/7/username',
    '/api/users/1/security-question',
    '/public/user-exist',
    '/public/translations/es',
    '/public/phone-validation',
    '/public/zip-code/90210',
    '/public/users',
    '/api/calendar/available-days',
    '/api/payment/cards',
    '/api/questionnaire/3',
    '/api/appointments/4/check-in',
    '/public/time-slots',
    '/public/activation-code',
    '/api/patients/export',
  ])('is hidden for the excluded URL %s', (url) => {
    expect(isBannerExcludedUrl(url)).toBe(true);
    expect(bannerMessages(failure({ message: 'x' }, { url }))).toBeNull();
  });

  it('is shown for ordinary URLs', () => {
    expect(isBannerExcludedUrl('/api/me')).toBe(false);
    expect(isBannerExcludedUrl('/api/appointments')).toBe(false);
    expect(isBannerExcludedUrl('/public/app-config')).toBe(false);
  });
});
