import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectedApp } from '@app/contracts/smart-apps';
import { renderWithProviders } from '../../../test/render.tsx';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { PATIENT_SESSION } from './patient-session.test-helper.ts';
import { ConnectedAppsSection } from './connected-apps-section.tsx';

// Connected apps of account settings with a mocked fetch (unit level); the real server in e2e.

configure({ asyncUtilTimeout: 5000 });

const DIARY: ConnectedApp = {
  id: '22222222-2222-4222-8222-222222222222',
  appName: 'Health Diary',
  scopeGroups: ['profile', 'vitals'],
  reach: 'own',
  connectedAt: '2099-03-02T14:00:00.000Z',
};

describe('ConnectedAppsSection (issue 21 item 3)', () => {
  let apps: ConnectedApp[];
  let deleted: string[];
  beforeEach(() => {
    setSession(PATIENT_SESSION);
    apps = [DIARY];
    deleted = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        if (init?.method === 'DELETE') {
          deleted.push(input);
          apps = [];
          return Promise.resolve(new Response(null, { status: 204 }));
        }
        return Promise.resolve(Response.json(apps));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('lists each app with what it may read and when it was connected', async () => {
    renderWithProviders(<ConnectedAppsSection />);
    const row = await screen.findByTestId('connected-app');
    expect(within(row).getByText('Health Diary')).toBeVisible();
    expect(within(row).getByText(/^Connected /)).toBeVisible();
    expect(within(row).getByText('Your profile: name, date of birth and contact details')).toBeVisible();
    expect(within(row).getByText('Your vitals and measurements')).toBeVisible();
  });

  it('Disconnect asks first; Cancel keeps the app; Disconnect in the dialog revokes it', async () => {
    renderWithProviders(<ConnectedAppsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect Health Diary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Health Diary?' });
    // The dialog's close (×) button is named Cancel too; this is the one that says it.
    await userEvent.click(within(dialog).getByText('Cancel'));
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Health Diary' }));
    const again = await screen.findByRole('dialog', { name: 'Disconnect Health Diary?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => {
      expect(deleted).toEqual([`/api/account/connected-apps/${DIARY.id}`]);
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Health Diary was disconnected.');
    expect(await screen.findByText('No apps are connected to your account.')).toBeVisible();
  });

  it("in the provider area, a provider's app reads as their patients' data (decision 0089)", async () => {
    apps = [{ ...DIARY, appName: 'Clinic Dashboard', reach: 'clinics' }];
    renderWithProviders(<ConnectedAppsSection forClinics />);
    const row = await screen.findByTestId('connected-app');
    expect(
      screen.getByText('These apps can read the records of your patients. Disconnect any you no longer use.'),
    ).toBeVisible();
    expect(within(row).getByText("Your patients' vitals and measurements")).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Clinic Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Clinic Dashboard?' });
    expect(within(dialog).getByText(/will stop reading your patients' records at once/)).toBeVisible();
  });
});
