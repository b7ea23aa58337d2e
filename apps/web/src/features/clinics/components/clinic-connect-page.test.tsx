import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INVITATION_CODE_MALFORMED_TEXT,
  INVITATION_CODE_REQUIRED_TEXT,
  INVITATION_NOT_VALID_TEXT,
} from '@app/contracts/clinic-invitation-code';
import type { InvitationPreview, PatientClinic } from '@app/contracts/clinic-invitations';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ClinicConnectPage } from './clinic-connect-page.tsx';
import { ClinicsPage } from './clinics-page.tsx';

const CLINIC = '11111111-1111-4111-8111-111111111111';
const location = {
  name: 'Hillcrest Downtown',
  address: '88 Asylum Street, Hartford, CT 06103',
  city: 'Hartford',
  state: 'CT',
};
const preview = (alreadyConnected = false): InvitationPreview => ({
  code: 'HCM74QPD',
  clinicName: 'Hillcrest Medical Group',
  logo: null,
  locations: [location],
  alreadyConnected,
});
const clinic: PatientClinic = {
  clinicUuid: CLINIC,
  name: 'Hillcrest Medical Group',
  logo: null,
  connectedAt: '2026-11-24T15:00:00.000Z',
  locations: [location],
  bookable: false,
};

type Answer = { status: number; body: unknown };

function stubApi(answers: { preview?: Answer; connect?: Answer }) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({
        url,
        method,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      const answer: Answer = url.startsWith('/api/user/clinic-invitations/')
        ? (answers.preview ?? { status: 200, body: preview() })
        : method === 'POST'
          ? (answers.connect ?? { status: 201, body: { clinic, alreadyConnected: false } })
          : { status: 200, body: { clinics: [clinic] } };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

function renderConnect(path: string) {
  return renderRoutes(
    [
      { path: '/user/provider/connect', element: <ClinicConnectPage /> },
      { path: '/user/provider', element: <ClinicsPage /> },
    ],
    path,
  );
}

describe('/user/provider/connect (decision 0035)', () => {
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
    forgetCachedSession();
  });

  it("checks a link's code at once, shows the clinic, connects, and leads back to the clinics", async () => {
    const calls = stubApi({});
    renderConnect('/user/provider/connect?code=hcm74qpd');
    expect(screen.getByRole('heading', { level: 1, name: 'Connect a clinic' })).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation code')).toHaveValue('HCM7-4QPD');
    expect(await screen.findByRole('heading', { level: 2, name: 'Connect to this clinic?' })).toHaveFocus();
    expect(screen.getByText('Hillcrest Medical Group')).toBeInTheDocument();
    expect(screen.getByText('88 Asylum Street, Hartford, CT 06103')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Once connected, the care team of Hillcrest Medical Group can see your patient profile.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'You are connected' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('You are now connected to Hillcrest Medical Group.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { url: '/api/user/clinics', method: 'POST', body: { code: 'HCM74QPD' } },
    ]);
    // Not bookable: no booking link.
    expect(screen.queryByRole('link', { name: /Book a visit/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Go to your clinics' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Hillcrest Medical Group' }),
    ).toBeInTheDocument();
    // Renders and clicks through a whole screen: more than the default 5 s on a busy machine.
  }, 20_000);

  it('checks a typed code only when it has the right shape, with the field telling why not', async () => {
    const calls = stubApi({});
    renderConnect('/user/provider/connect');
    const field = screen.getByLabelText('Invitation code');
    expect(field).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Check code' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(INVITATION_CODE_REQUIRED_TEXT) as string,
    );
    await userEvent.type(field, 'hcm7-4qp');
    await userEvent.click(screen.getByRole('button', { name: 'Check code' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(INVITATION_CODE_MALFORMED_TEXT) as string,
    );
    expect(calls).toEqual([]);
    await userEvent.type(field, 'd');
    expect(field).toHaveValue('HCM7-4QPD');
    await userEvent.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByRole('heading', { name: 'Connect to this clinic?' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/user/clinic-invitations/HCM74QPD']);
    // Renders and clicks through a whole screen: more than the default 5 s on a busy machine.
  }, 20_000);

  it('shows the clear text for a code that is not valid, and connects nothing', async () => {
    const calls = stubApi({
      preview: { status: 404, body: { message: INVITATION_NOT_VALID_TEXT, code: 'invitation_not_valid' } },
    });
    renderConnect('/user/provider/connect?code=ZZZZ2222');
    const field = screen.getByLabelText('Invitation code');
    await waitFor(() => {
      expect(field).toHaveAccessibleDescription(expect.stringContaining(INVITATION_NOT_VALID_TEXT) as string);
    });
    // Announced: the text appears under the field, away from where the focus is.
    expect(screen.getByRole('status')).toHaveTextContent(INVITATION_NOT_VALID_TEXT);
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("keeps a link's malformed code in the field with its message, without asking the server", async () => {
    const calls = stubApi({});
    renderConnect('/user/provider/connect?code=NOPE');
    const field = screen.getByLabelText('Invitation code');
    expect(field).toHaveValue('NOPE');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(INVITATION_CODE_MALFORMED_TEXT) as string,
    );
    expect(calls).toEqual([]);
  });

  it('tells a patient who belongs to the clinic already, without a Connect button', async () => {
    stubApi({ preview: { status: 200, body: preview(true) } });
    renderConnect('/user/provider/connect?code=HCM74QPD');
    expect(
      await screen.findByText('You are already connected to Hillcrest Medical Group.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Hillcrest Medical Group' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your clinics' })).toHaveAttribute(
      'href',
      '/user/provider',
    );
  });

  it('shows the waiting time when the patient tried too many codes', async () => {
    const message = 'Too many requests. Please try again in 42 seconds.';
    stubApi({ preview: { status: 429, body: { message, code: 'rate_limited' } } });
    renderConnect('/user/provider/connect?code=HCM74QPD');
    await waitFor(() => {
      expect(screen.getByLabelText('Invitation code')).toHaveAccessibleDescription(
        expect.stringContaining(message) as string,
      );
    });
  });

  it('starts over with another code', async () => {
    stubApi({});
    renderConnect('/user/provider/connect?code=HCM74QPD');
    await userEvent.click(await screen.findByRole('button', { name: 'Use another code' }));
    expect(screen.getByLabelText('Invitation code')).toHaveValue('');
    expect(screen.getByLabelText('Invitation code')).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Connect to this clinic?' })).not.toBeInTheDocument();
  });
});
