import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/api-error.ts';
import { dismissBanner, getBanner, reportRequestError } from './banner-store.ts';

afterEach(() => {
  dismissBanner();
});

const refused = (sessionEnded: boolean) =>
  new ApiRequestError(
    401,
    '/api/account/sessions',
    'GET',
    { message: 'Authentication is required.', code: 'session_revoked' },
    '401 Unauthorized',
    sessionEnded,
  );

describe('reportRequestError and a session ended elsewhere (decision 0064)', () => {
  it('keeps the banner quiet for a call refused because its session ended: the login page says it', () => {
    reportRequestError(refused(true));
    expect(getBanner()).toBeNull();
  });

  it('still shows the server message of other refusals', () => {
    reportRequestError(refused(false));
    expect(getBanner()?.messages).toEqual(['Authentication is required.']);
  });
});
