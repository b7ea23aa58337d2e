import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessHistoryEntry, AccessHistoryResponse } from '@app/contracts/audit';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { formatInstant } from '../../../lib/dates/format-time.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccessHistoryPage } from './access-history-page.tsx';

// Issue 19 item 2 (decision 0063): who opened the patient's record, newest first, paged.

const entry = (id: number, overrides: Partial<AccessHistoryEntry> = {}): AccessHistoryEntry => ({
  id,
  occurredAt: `2026-11-2${String(id % 10)}T15:30:00.000Z`,
  actor: { firstName: 'Alice', lastName: 'Smith', role: 'provider' },
  throughPatientSession: false,
  resourceType: 'patient-chart',
  action: 'read',
  ...overrides,
});

/** The pages by the cursor that asks for them ('' for the newest). */
function stubHistory(pages: Record<string, AccessHistoryResponse>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const page = new URL(url, 'http://localhost').searchParams.get('before') ?? '';
      return Promise.resolve(
        new Response(JSON.stringify(pages[page]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return urls;
}

describe('access history page (issue 19 item 2)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: 'p1',
        memberId: 'm1',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    forgetCachedSession();
  });

  it('lists who opened the record: name, role, what (translated), when in the viewer zone', async () => {
    stubHistory({
      '': {
        earlierCursor: null,
        entries: [
          entry(9),
          entry(8, {
            actor: { firstName: 'Ben', lastName: 'Doe', role: 'family' },
            throughPatientSession: true,
            resourceType: 'vitals',
          }),
          entry(7, { resourceType: 'demographics', action: 'update', throughPatientSession: true }),
        ],
      },
    });
    renderWithProviders(<AccessHistoryPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Who opened my record' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('access-history-entry');
    expect(cards).toHaveLength(3);
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Alice Smith')).toBeInTheDocument();
    expect(within(first).getByText('Care team')).toBeInTheDocument();
    expect(within(first).getByText('Viewed: Patient chart')).toBeInTheDocument();
    const when = formatInstant(entry(9).occurredAt, { language: 'en', style: 'weekdayDateTime' });
    expect(within(first).getByText(when)).toHaveAttribute('datetime', entry(9).occurredAt);
    expect(within(second).getByText('Family member')).toBeInTheDocument();
    expect(within(second).getByText('Viewed: Vitals')).toBeInTheDocument();
    expect(within(second).getByText('Through your family account')).toBeInTheDocument();
    expect(within(third).getByText('Changed: Personal details')).toBeInTheDocument();
    expect(
      within(third).getByText('Signed in to your account on your behalf (patient switch)'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page on "Load more" by its cursor, appends it below and focuses its first entry', async () => {
    const urls = stubHistory({
      '': { earlierCursor: 'YTEuOA', entries: [entry(9), entry(8)] },
      YTEuOA: { earlierCursor: null, entries: [entry(7, { resourceType: 'insurance' })] },
    });
    renderWithProviders(<AccessHistoryPage />);
    expect(await screen.findAllByTestId('access-history-entry')).toHaveLength(2);
    expect(screen.getByText('The 2 most recent entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(screen.getAllByTestId('access-history-entry')).toHaveLength(3);
    });
    const cards = screen.getAllByTestId('access-history-entry');
    expect(within(cards[2] as HTMLElement).getByText('Viewed: Insurance')).toBeInTheDocument();
    expect(urls).toEqual(['/api/me/access-history', '/api/me/access-history?before=YTEuOA']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(cards[2]).toHaveFocus();
    expect(screen.getByText('3 entries')).toBeInTheDocument();
  });

  it('keeps the button enabled and focused while a page loads (a browser drops focus from a disabled one)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pages: Record<string, AccessHistoryResponse> = {
      '': { earlierCursor: 'YTEuOA', entries: [entry(9), entry(8)] },
      YTEuOA: { earlierCursor: 'YTEuNw', entries: [entry(7)] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const before = new URL(url, 'http://localhost').searchParams.get('before') ?? '';
        if (before !== '') {
          await held;
        }
        return new Response(JSON.stringify(pages[before]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithProviders(<AccessHistoryPage />);
    const button = await screen.findByRole('button', { name: 'Load more' });
    await userEvent.click(button);
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-busy', 'true');
    });
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    // A second click while loading asks for nothing more.
    await userEvent.click(button);
    release();
    await waitFor(() => {
      expect(screen.getAllByTestId('access-history-entry')).toHaveLength(3);
    });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveFocus();
  });

  it('says so in a sentence when nobody else has opened the record', async () => {
    stubHistory({ '': { earlierCursor: null, entries: [] } });
    renderWithProviders(<AccessHistoryPage />);
    expect(await screen.findByText('Nobody else has opened your record yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('access-history-entry')).not.toBeInTheDocument();
  });
});
