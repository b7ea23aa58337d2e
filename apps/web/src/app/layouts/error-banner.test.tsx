import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '../../lib/api/api-error.ts';
import { dismissBanner, reportRequestError } from '../../lib/errors/banner-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { cataloguedText, ErrorBanner } from './error-banner.tsx';
import { CONTROL_CHARACTERS_MESSAGE } from '@app/contracts/errors';
import { en } from '../../lib/i18n/en.ts';

const failure = (status: number, url: string, body: unknown) =>
  new ApiRequestError(status, url, 'GET', body, `${status} Error`);

describe('ErrorBanner (spec 1 §8)', () => {
  afterEach(() => {
    act(() => {
      dismissBanner();
    });
  });

  it('shows the server message and closes with Close alert', async () => {
    renderWithProviders(<ErrorBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      reportRequestError(failure(404, '/api/clinics/9', { message: 'Clinic not found.' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Clinic not found.');
    await userEvent.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the refusal of control characters from the catalogue (decision 0059)', () => {
    renderWithProviders(<ErrorBanner />);
    act(() => {
      reportRequestError(
        failure(400, '/api/x', {
          message: CONTROL_CHARACTERS_MESSAGE,
          errors: [{ field: 'subject', detail: CONTROL_CHARACTERS_MESSAGE }],
        }),
      );
    });
    expect(screen.getByRole('alert')).toHaveTextContent(en['validation.controlCharacters']);
    // The text comes from the catalogue (Spanish readers get es.ts), other server texts as written.
    const translate = (key: string) => `<${key}>`;
    expect(cataloguedText(CONTROL_CHARACTERS_MESSAGE, translate)).toBe('<validation.controlCharacters>');
    expect(cataloguedText('Clinic not found.', translate)).toBe('Clinic not found.');
  });

  it('lists several messages', () => {
    renderWithProviders(<ErrorBanner />);
    act(() => {
      reportRequestError(failure(400, '/api/x', [{ detail: 'One' }, { detail: 'Two' }]));
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['One', 'Two']);
  });

  it('stays hidden for the expired token and for excluded URLs', () => {
    renderWithProviders(<ErrorBanner />);
    act(() => {
      reportRequestError(failure(401, '/api/me', { message: 'The access token provided has expired.' }));
      reportRequestError(failure(400, '/api/providers/1/security/password', { message: 'Too weak' }));
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the generic text for a 500', () => {
    renderWithProviders(<ErrorBanner />);
    act(() => {
      reportRequestError(failure(500, '/api/x', { message: 'stack trace' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Oops… Something went wrong.');
  });
});
