import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  createMemoryRouter,
  RouterProvider,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import type { AppConfig } from '@app/contracts/variants';
import { en } from '../lib/i18n/en.ts';
import { signedInEn } from '../app/i18n/signed-in-en.ts';
import { recoveryEn } from '../features/recovery/i18n/en.ts';
import { signUpEn } from '../features/sign-up/i18n/en.ts';
import { providerRegistrationEn } from '../features/provider-registration/i18n/en.ts';
import { accountSettingsEn } from '../features/account-settings/i18n/en.ts';
import { bookingEn } from '../features/booking/i18n/en.ts';
import { appointmentsEn } from '../features/appointments/i18n/en.ts';
import { demographicsEn } from '../features/demographics/i18n/en.ts';
import { vitalsEn } from '../features/vitals/i18n/en.ts';
import { paymentsEn } from '../features/payments/i18n/en.ts';
import { insuranceEn } from '../features/insurance/i18n/en.ts';
import { documentsEn } from '../features/documents/i18n/en.ts';
import { questionnairesEn } from '../features/questionnaires/i18n/en.ts';
import { checkInEn } from '../features/check-in/i18n/en.ts';
import { familyEn } from '../features/family/i18n/en.ts';
import { clinicsEn } from '../features/clinics/i18n/en.ts';
import { providerAdminEn } from '../features/provider-admin/i18n/en.ts';
import { videoCallEn } from '../features/video-call/i18n/en.ts';
import { providerScheduleEn } from '../features/provider-schedule/i18n/en.ts';
import { voiceCallsEn } from '../features/voice-calls/i18n/en.ts';
import { providerShellEn } from '../features/provider-shell/i18n/en.ts';
import { patientsEn } from '../features/patients/i18n/en.ts';
import { auditEn } from '../features/audit/i18n/en.ts';
import { messagingEn } from '../features/messaging/i18n/en.ts';
import { AppConfigContext, setLoadedAppConfig } from '../lib/variant/app-config.ts';

export const TEST_CONFIG: AppConfig = {
  variant: 'care-plan',
  appName: 'MyCarePlan',
  defaultRole: 'user',
  grantType: 'password',
  clientId: '34',
  features: {
    signUp: true,
    biometricLogin: false,
    liveChat: false,
    productTour: false,
    credentialRecoverySelect: false,
  },
  branding: { logo: null, backgroundColor: '#33a094', checkInFlowColor: null },
  devOutbox: false,
};

export function createTestI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    // Every catalogue at once: in the app, the router loads a feature's texts with its screens.
    resources: {
      en: {
        translation: {
          ...en,
          ...recoveryEn,
          ...signUpEn,
          ...providerRegistrationEn,
          ...accountSettingsEn,
          ...signedInEn,
        },
        booking: bookingEn,
        appointments: appointmentsEn,
        demographics: demographicsEn,
        vitals: vitalsEn,
        payments: paymentsEn,
        insurance: insuranceEn,
        documents: documentsEn,
        questionnaires: questionnairesEn,
        checkIn: checkInEn,
        family: familyEn,
        clinics: clinicsEn,
        providerAdmin: providerAdminEn,
        videoCall: videoCallEn,
        providerSchedule: providerScheduleEn,
        voiceCalls: voiceCallsEn,
        providerShell: providerShellEn,
        patients: patientsEn,
        audit: auditEn,
        messaging: messagingEn,
      },
    },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

interface Options {
  config?: AppConfig;
  queryClient?: QueryClient;
  /** The app's route discovery (router.tsx), for routes whose areas are found on navigation. */
  patchRoutesOnNavigation?: PatchRoutesOnNavigationFunction;
}

function Providers({
  children,
  config,
  queryClient,
}: { children: ReactNode } & Required<Pick<Options, 'config' | 'queryClient'>>) {
  return (
    <MantineProvider env="test">
      <I18nextProvider i18n={createTestI18n()}>
        <QueryClientProvider client={queryClient}>
          <AppConfigContext value={config}>{children}</AppConfigContext>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

/** Renders a component with the app's providers (no router). */
export function renderWithProviders(ui: ReactElement, options: Options = {}): RenderResult {
  const config = options.config ?? TEST_CONFIG;
  setLoadedAppConfig(config);
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers config={config} queryClient={queryClient}>
      {ui}
    </Providers>,
  );
}

/** Renders routes in a memory router with the app's providers. */
export function renderRoutes(routes: RouteObject[], initialEntry: string, options: Options = {}) {
  const config = options.config ?? TEST_CONFIG;
  setLoadedAppConfig(config);
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, {
    initialEntries: [initialEntry],
    ...(options.patchRoutesOnNavigation ? { patchRoutesOnNavigation: options.patchRoutesOnNavigation } : {}),
  });
  const result = render(
    <Providers config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}
