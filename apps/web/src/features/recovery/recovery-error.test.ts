import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../lib/api/api-error.ts';
import { en as appEn } from '../../lib/i18n/en.ts';
import { es as appEs } from '../../lib/i18n/es.ts';
import { recoveryEn } from './i18n/en.ts';
import { recoveryEs } from './i18n/es.ts';
import { noSecurityQuestionText, recoveryErrorText, serverErrorText } from './recovery-error.ts';

// The default namespace once the recovery screens have loaded their texts.
const en = { ...appEn, ...recoveryEn };
const es = { ...appEs, ...recoveryEs };

// A t() over one catalogue, with {{name}} interpolation, enough for these texts.
function tOf(catalogue: Record<string, string>): TFunction {
  return ((key: string, options?: Record<string, string>) =>
    (catalogue[key] ?? key).replace(
      /\{\{(\w+)\}\}/g,
      (_, name: string) => options?.[name] ?? '',
    )) as TFunction;
}

const failure = (status: number, body: unknown) =>
  new ApiRequestError(status, '/public/recovery', 'POST', body, 'x');

describe('recovery error texts (spec 1 §8)', () => {
  it('shows the server detail of a lookup failure, or all details joined by comma', () => {
    const t = tOf(en);
    expect(serverErrorText(failure(404, { message: 'M', errors: [{ detail: 'Not found.' }] }), t)).toBe(
      'Not found.',
    );
    expect(
      serverErrorText(failure(400, { message: 'M', errors: [{ detail: 'A' }, { detail: 'B' }] }), t),
    ).toBe('A, B');
    expect(serverErrorText(failure(400, { message: 'Only a message' }), t)).toBe('Only a message');
    expect(serverErrorText(new Error('network'), t)).toBe('Oops… Something went wrong.');
  });

  it('translates the steps’ errors by their code', () => {
    const body = { message: 'The answer to your security question is not correct.', code: 'wrong_answer' };
    expect(recoveryErrorText(failure(400, body), tOf(en))).toBe(body.message);
    expect(recoveryErrorText(failure(400, body), tOf(es))).toBe(
      'La respuesta a su pregunta de seguridad no es correcta.',
    );
    expect(recoveryErrorText(failure(429, { message: 'x', code: 'sms_cap' }), tOf(en))).toBe(
      en['recovery.error.smsCap'],
    );
  });

  it('builds the no-security-question notice with the support address from the server', () => {
    const body = {
      code: 'no_security_question',
      message:
        'You need to have a security question set to use the forgot password feature, please email help@clinic.org',
    };
    expect(noSecurityQuestionText(failure(409, body), tOf(en))).toBe(body.message);
    expect(noSecurityQuestionText(failure(409, body), tOf(es))).toContain('help@clinic.org');
    expect(noSecurityQuestionText(failure(400, { code: 'other', message: 'x' }), tOf(en))).toBeNull();
  });
});
