import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VoiceCall } from '@app/contracts/voice-calls';
import { forgetCachedSession, setSession } from '../../../lib/auth/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PatientCallAction } from './patient-call-action.tsx';

// Issue 17 item 4 (decision 0043): the row's Call button follows the clinic module and the PATIENT
// permission, and its state is spoken through a live status.

const CLINIC = '11111111-1111-4111-8111-111111111111';
const PATIENT = '55555555-5555-4555-8555-555555555555';

function voiceCall(status: VoiceCall['status']): VoiceCall {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    clinicId: CLINIC,
    appointmentId: null,
    patientId: PATIENT,
    patientName: 'Ann Lee',
    phoneSuffix: '0147',
    status,
    endedReason: status === 'ended' ? 'provider' : null,
    startedAt: '2026-11-24T15:00:00.000Z',
    endedAt: status === 'ended' ? '2026-11-24T15:02:00.000Z' : null,
  };
}

function stubApi(permissions: string[], modules: string[]) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      requests.push({
        method,
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      });
      let body: unknown = {};
      let status = 200;
      if (url.pathname === '/api/provider/workspace') {
        body = {
          providerId: '77777777-7777-4777-8777-777777777777',
          name: 'Alice Smith',
          firstName: 'Alice',
          email: null,
          image: null,
          permissions,
          clinicId: CLINIC,
          clinics: [{ id: CLINIC, name: 'Riverside Family Health', modules }],
        };
      } else if (url.pathname.endsWith('/voice-calls') && method === 'POST') {
        status = 201;
        body = voiceCall('in-progress');
      } else if (url.pathname.endsWith('/end')) {
        body = voiceCall('ended');
      }
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return requests;
}

function renderAction() {
  return renderWithProviders(
    <div>
      <button type="button">Before</button>
      <PatientCallAction clinicId={CLINIC} patientId={PATIENT} patientName="Ann Lee" />
    </div>,
  );
}

describe('the patient row Call button', { timeout: 30_000 }, () => {
  beforeEach(() => {
    forgetCachedSession();
    setSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: Date.now() + 600_000,
      user: {
        id: 'd1',
        memberId: 'm1',
        memberType: 'doctor',
        role: 'provider',
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

  it('is not shown when the clinic module is off, nor without PATIENT', async () => {
    const requests = stubApi(['PATIENT'], []);
    const { unmount } = renderAction();
    await waitFor(() => {
      expect(requests.some((request) => request.path === '/api/provider/workspace')).toBe(true);
    });
    await screen.findByRole('button', { name: 'Before' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Call Ann Lee by phone' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    stubApi(['APPOINTMENTS'], ['OUTBOUND_CALLING']);
    renderAction();
    await screen.findByRole('button', { name: 'Before' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Call Ann Lee by phone' })).toBeNull();
  });

  it('places the call for the patient, says so in a live status, and hangs up', async () => {
    const requests = stubApi(['PATIENT'], ['OUTBOUND_CALLING']);
    renderAction();
    await userEvent.click(await screen.findByRole('button', { name: 'Call Ann Lee by phone' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'On the phone with Ann Lee (number ending 0147)',
    );
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/provider/clinics/${CLINIC}/voice-calls`,
      body: { patientId: PATIENT },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Hang up the call to Ann Lee' }));
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Call to Ann Lee ended');
    });
    expect(screen.getByRole('button', { name: 'Call Ann Lee by phone' })).toBeVisible();
  });
});
