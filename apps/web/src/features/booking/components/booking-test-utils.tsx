import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AppConfig } from '@app/contracts/variants';
import { en } from '../../../lib/i18n/en.ts';
import { AppConfigContext, setLoadedAppConfig } from '../../../lib/variant/app-config.ts';
import { TEST_CONFIG } from '../../../test/render.tsx';
import { bookingEn } from '../i18n/en.ts';

// Test helpers for the booking screens: the app's providers with the 'booking' namespace, the booking
// routes in a memory router, and a fetch stand-in answering by path (unit tests only, never e2e).

function testI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, booking: bookingEn } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

export function Providers({ children, config = TEST_CONFIG }: { children: ReactNode; config?: AppConfig }) {
  setLoadedAppConfig(config);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider env="test">
      <I18nextProvider i18n={testI18n()}>
        <QueryClientProvider client={queryClient}>
          <AppConfigContext value={config}>{children}</AppConfigContext>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

export async function renderBooking(initialEntry: string, config: AppConfig = TEST_CONFIG) {
  const { BookingPage } = await import('./booking-page.tsx');
  const router = createMemoryRouter(
    [
      {
        // As in the app, the area's guard is a loader that runs again on every query change, so the
        // location commits a moment after each navigation.
        path: '/',
        loader: () => null,
        children: [
          { path: 'user/appointment/create', element: <BookingPage /> },
          { path: 'user/appointment/create/:step', element: <BookingPage /> },
          { path: 'provider/patient/:patientId/appointments/create', element: <BookingPage /> },
          { path: 'provider/patient/:patientId/appointments/create/:step', element: <BookingPage /> },
        ],
      },
    ],
    { initialEntries: [initialEntry] },
  );
  const result = render(
    <Providers config={config}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
/** `wait`: the answer comes once it settles (a slow server). */
type Handler = (call: FakeCall) => { status?: number; body: unknown; wait?: Promise<void> } | undefined;

/** Replaces fetch: each handler may answer a call; unanswered calls get 404. */
export function fakeServer(handler: Handler) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { message: 'Not found' } };
    return (answer.wait ?? Promise.resolve()).then(
      () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

export const CLINIC = '11111111-1111-4111-8111-111111111111';
export const PROVIDER = '22222222-2222-4222-8222-222222222222';
export const DEPARTMENT = '33333333-3333-4333-8333-333333333333';
export const TYPE = '44444444-4444-4444-8444-444444444444';
export const VISIT_TYPE = '55555555-5555-4555-8555-555555555555';

export const department = {
  id: DEPARTMENT,
  uuid: DEPARTMENT,
  name: 'Riverside Main',
  timezone: 'America/New_York',
  address: null,
};

export function schedulingOptions(overrides: Record<string, unknown> = {}) {
  return {
    clinicUuid: CLINIC,
    clinicName: 'Riverside',
    timezone: 'America/New_York',
    modules: [],
    states: [
      { id: 'NY', name: 'New York' },
      { id: 'NJ', name: 'New Jersey' },
    ],
    insurances: [{ id: '66666666-6666-4666-8666-666666666666', name: 'Acme Health' }],
    specialties: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Family medicine' }],
    visitTypes: [{ id: VISIT_TYPE, name: 'In person' }],
    departments: [department],
    advancedFilters: { language: [], modality: [], gender: [], allyship: [], ethnicity: [] },
    ...overrides,
  };
}

export const provider = {
  id: PROVIDER,
  name: 'Dr. Alex Smith',
  firstName: 'Alex',
  title: null,
  specialty: 'Family medicine',
  image: null,
  acceptingNewPatients: true,
  permission: { scheduling: true, groupScheduling: false },
  timeslotList: [{ startAt: '2026-11-24T09:00:00-05:00' }],
};

export function consultationType(overrides: Record<string, unknown> = {}) {
  return {
    id: TYPE,
    title: 'Follow-up visit',
    duration: 30,
    commentLength: 20,
    isCommentRequired: true,
    isShowComment: true,
    consultationTypeMessage: 'Bring your medication list.',
    type: 'office',
    isInternal: false,
    allowWaitlist: false,
    visitTypeId: VISIT_TYPE,
    ...overrides,
  };
}

/** GET /api/me of a patient (the booking reads the profile of the person booking for themselves). */
export const PATIENT_ME = {
  id: '88888888-8888-4888-8888-888888888888',
  memberId: '123456789',
  memberType: 'patient',
  role: 'user',
  username: 'maria',
  firstName: 'Maria',
  lastName: 'Lopez',
  name: 'Maria Lopez',
  email: null,
  image: null,
  timezone: null,
  status: 'active',
  communicationLanguage: { isoCode: 'en' },
  isResetPasswordRequired: false,
  isSecurityQuestionEmpty: false,
  providerPermissions: [],
};

/** An insurance card of the patient as GET /api/insurance/cards lists it. */
export function insuranceCard(kind: 'primary' | 'secondary', ircName: string) {
  return {
    id: `card-${kind}`,
    clinicUuid: CLINIC,
    userId: PATIENT_ME.id,
    kind,
    status: 'new',
    updatedAt: '2026-11-20T10:00:00Z',
    front: { fileId: 'f', href: '/files/f' },
    back: null,
    insuranceNumber: 'X1',
    ircName,
    planName: 'Gold',
    policyHolderName: 'Maria Lopez',
    listAppointmentId: [],
    patient: { id: PATIENT_ME.id, name: 'Maria Lopez', firstName: 'Maria', image: null },
  };
}
