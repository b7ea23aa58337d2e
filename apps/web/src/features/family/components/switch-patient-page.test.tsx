import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { clearSession, getSession, setSession } from '../../../lib/auth/session-store.ts';
import { isSwitchedToFamilyMember } from '../../../lib/auth/patient-switch.ts';
import { renderRoutes, TEST_CONFIG } from '../../../test/render.tsx';
import { SwitchPatientPage } from './switch-patient-page.tsx';

// Component tests with a mocked fetch; e2e/tests/patient-menu-screens.spec.ts switches tom.family and
// mia.family against the real server.
configure({ asyncUtilTimeout: 5000 });

const OWNER = '11111111-1111-4111-8111-111111111111';
const TOM = '44444444-4444-4444-8444-444444444444';
const MIA = '55555555-5555-4555-8555-555555555555';

const member = (userId: string, name: string) => ({
  userId,
  name,
  firstName: name.split(' ')[0] ?? name,
  preferredName: null,
  image: null,
  memberType: 'patient',
  memberId: `M-${name}`,
});
const FAMILY = {
  primaryUser: {
    id: OWNER,
    username: 'paula',
    name: 'Paula Primary',
    preferredName: null,
    firstName: 'Paula',
    image: null,
  },
  members: [member(TOM, 'Tom Family'), member(MIA, 'Mia Family')],
};

function signInOwner() {
  setSession({
    accessToken: 'owner-token',
    refreshToken: 'refresh',
    expiresAt: Date.now() + 3_600_000,
    user: {
      id: OWNER,
      memberId: 'M-1',
      memberType: 'patient',
      role: 'user',
      isResetPasswordRequired: false,
      isSecurityQuestionEmpty: false,
    },
  });
}

function mockFetch(family: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url, method, body });
      let answer: unknown = null;
      if (url === `/api/users/${OWNER}/family/members`) {
        answer = family;
      } else if (url === '/oauth/v2/token') {
        const familyUserId = (body as { family_user_id: string }).family_user_id;
        answer = {
          access_token: `member-${familyUserId}`,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: 'member-refresh',
          user: {
            id: familyUserId,
            memberId: 'M-2',
            memberType: 'patient',
            role: 'user',
            isResetPasswordRequired: false,
            isSecurityQuestionEmpty: false,
            familyPrimaryUserId: OWNER,
          },
        };
      }
      return Promise.resolve(
        new Response(answer === null ? null : JSON.stringify(answer), {
          status: answer === null ? 204 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <p>landed at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string, variant = TEST_CONFIG.variant) {
  return renderRoutes(
    [
      { path: '/user/switch-patient', element: <SwitchPatientPage /> },
      { path: '/user/confirm-patient', element: <Where /> },
      { path: '/user/appointment', element: <Where /> },
    ],
    url,
    { config: { ...TEST_CONFIG, variant } },
  );
}

describe('SwitchPatientPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    sessionStorage.clear();
  });

  it('lists the primary account and the members, marks the one in use, and switches to a member', async () => {
    signInOwner();
    const calls = mockFetch(FAMILY);
    const user = userEvent.setup();
    renderAt('/user/switch-patient?returnTo=%2Fuser%2Fconfirm-patient');
    expect(await screen.findByRole('heading', { level: 1, name: 'Switch patient' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Profiles' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Paula Primary'),
      expect.stringContaining('Tom Family'),
      expect.stringContaining('Mia Family'),
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).toHaveTextContent('Primary account');
    expect(rows[0]).toHaveTextContent('Active profile');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to Tom Family' }));
    // The return address of the check-in app's confirm step is kept.
    expect(await screen.findByText('landed at /user/confirm-patient')).toBeInTheDocument();
    expect(getSession()?.user.id).toBe(TOM);
    expect(isSwitchedToFamilyMember()).toBe(true);
    const grant = calls.find((call) => call.url === '/oauth/v2/token');
    expect(grant?.body).toMatchObject({ grant_type: 'family', family_user_id: TOM });
  });

  it('lands on the default user route without (or with a foreign) return address', async () => {
    signInOwner();
    mockFetch(FAMILY);
    const user = userEvent.setup();
    renderAt('/user/switch-patient?returnTo=https%3A%2F%2Fevil.example%2F');
    await user.click(await screen.findByRole('button', { name: 'Switch to Mia Family' }));
    expect(await screen.findByText('landed at /user/appointment')).toBeInTheDocument();
    expect(getSession()?.user.id).toBe(MIA);
  });

  it('without family members says so and links to adding one (care-plan app only)', async () => {
    signInOwner();
    mockFetch({ ...FAMILY, members: [] });
    const first = renderAt('/user/switch-patient');
    expect(await screen.findByText('No family members are linked to your account yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ADD FAMILY MEMBER' })).toHaveAttribute(
      'href',
      '/user/family/connect',
    );
    first.unmount();

    renderAt('/user/switch-patient', 'check-in');
    expect(await screen.findByText('No family members are linked to your account yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ADD FAMILY MEMBER' })).not.toBeInTheDocument();
  });

  it('says the list could not be loaded', async () => {
    signInOwner();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Boom' }), { status: 500 }))),
    );
    renderAt('/user/switch-patient');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your family profiles could not be loaded.');
  });
});
