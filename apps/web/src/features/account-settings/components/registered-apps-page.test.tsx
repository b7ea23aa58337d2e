import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import type { RegisteredApp } from '@app/contracts/smart-apps';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PATIENT_SESSION } from './patient-session.test-helper.ts';
import { RegisteredAppsPage } from './registered-apps-page.tsx';

// Issue 21 item 3 (decision 0082): the clinic admin's read-only list of registered SMART apps.

configure({ asyncUtilTimeout: 5000 });

const CLINIC = '11111111-1111-4111-8111-111111111111';
const APPS: RegisteredApp[] = [
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Clinic Companion',
    clientId: 'smart-companion',
    redirectUris: ['https://companion.example.org/cb'],
    networkWide: false,
    createdAt: '2099-03-02T14:00:00.000Z',
  },
  {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Health Diary',
    clientId: 'smart-diary',
    redirectUris: ['https://diary.example.org/cb', 'https://diary.example.org/cb2'],
    networkWide: true,
    createdAt: '2099-03-01T14:00:00.000Z',
  },
];

describe('RegisteredAppsPage (issue 21 item 3)', () => {
  let urls: string[];
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      ...PATIENT_SESSION,
      user: { ...PATIENT_SESSION.user, memberType: 'doctor', role: 'provider' },
    });
    urls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        if (url === '/api/provider/workspace') {
          return Promise.resolve(
            Response.json({
              providerId: '66666666-6666-4666-8666-666666666666',
              name: 'Alice Smith',
              firstName: 'Alice',
              email: null,
              image: null,
              permissions: ['SETTING'],
              clinicId: CLINIC,
              clinics: [{ id: CLINIC, name: 'Clinic', modules: [] }],
            }),
          );
        }
        return Promise.resolve(Response.json(APPS));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    forgetCachedSession();
  });

  it("lists the clinic's and the network's apps with client ID and redirect URIs", async () => {
    renderWithProviders(<RegisteredAppsPage />);
    const rows = await screen.findAllByTestId('registered-app');
    expect(rows).toHaveLength(2);
    const [own, network] = rows as [HTMLElement, HTMLElement];
    expect(within(own).getByText('Clinic Companion')).toBeVisible();
    expect(within(own).getByText('This clinic')).toBeVisible();
    expect(within(own).getByText('Client ID: smart-companion')).toBeVisible();
    expect(within(network).getByText('Whole network')).toBeVisible();
    expect(
      within(network).getByText('Returns to: https://diary.example.org/cb, https://diary.example.org/cb2'),
    ).toBeVisible();
    expect(urls).toContain(`/api/provider/clinics/${CLINIC}/smart-apps`);
  });
});
