import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { BootScreen } from './boot-screen.tsx';
import { GenericErrorPage } from '../features/general/components/generic-error-page.tsx';
import { currentRole } from '../lib/auth/session-store.ts';
import { rememberUrlAfterLogin } from '../lib/auth/url-after-login.ts';
import { decideAreaAccess, rootRedirect, type Area } from './guards/area-access.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { ROUTE_REDIRECTS, routesOfArea, type RouteEntry, type ScreenId } from './route-map.ts';
import type { RouteHandle } from './route-handle.ts';

type LazyComponent = () => Promise<{ Component: ComponentType }>;
type LoadTexts = () => Promise<void>;

/** A screen whose feature texts are not in the first page's catalogue: both load before it renders. */
function withTexts(screen: LazyComponent, ...texts: LoadTexts[]): LazyComponent {
  return () => Promise.all([screen(), ...texts.map((load) => load())]).then(([route]) => route);
}

// Feature catalogues kept off the first page (decisions 0006, 0017).
const recoveryTexts: LoadTexts = () =>
  import('../features/recovery/i18n/catalogue.ts').then((m) => m.loadRecoveryCatalogue());
const signUpTexts: LoadTexts = () =>
  import('../features/sign-up/i18n/catalogue.ts').then((m) => m.loadSignUpCatalogue());
const providerRegistrationTexts: LoadTexts = () =>
  import('../features/provider-registration/i18n/catalogue.ts').then((m) =>
    m.loadProviderRegistrationCatalogue(),
  );
const accountSettingsTexts: LoadTexts = () =>
  import('../features/account-settings/i18n/catalogue.ts').then((m) => m.loadAccountSettingsCatalogue());
const bookingTexts: LoadTexts = () =>
  import('../features/booking/i18n/catalogue.ts').then((m) => m.loadBookingCatalogue());
const demographicsTexts: LoadTexts = () =>
  import('../features/demographics/i18n/catalogue.ts').then((m) => m.loadDemographicsCatalogue());
const vitalsTexts: LoadTexts = () =>
  import('../features/vitals/i18n/catalogue.ts').then((m) => m.loadVitalsCatalogue());
const paymentsTexts: LoadTexts = () =>
  import('../features/payments/i18n/catalogue.ts').then((m) => m.loadPaymentsCatalogue());
const appointmentsTexts: LoadTexts = () =>
  import('../features/appointments/i18n/catalogue.ts').then((m) => m.loadAppointmentsCatalogue());
const insuranceTexts: LoadTexts = () =>
  import('../features/insurance/i18n/catalogue.ts').then((m) => m.loadInsuranceCatalogue());
const documentsTexts: LoadTexts = () =>
  import('../features/documents/i18n/catalogue.ts').then((m) => m.loadDocumentsCatalogue());
const questionnairesTexts: LoadTexts = () =>
  import('../features/questionnaires/i18n/catalogue.ts').then((m) => m.loadQuestionnairesCatalogue());
const checkInTexts: LoadTexts = () =>
  import('../features/check-in/i18n/catalogue.ts').then((m) => m.loadCheckInCatalogue());

// One lazy chunk per screen and per area layout: /guest/login loads only what it shows.
const SCREENS: Record<ScreenId, LazyComponent> = {
  landing: () =>
    import('../features/auth/components/landing-page.tsx').then((m) => ({ Component: m.LandingPage })),
  login: () => import('../features/auth/components/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  'provider-login': () =>
    import('../features/auth/components/provider-login-page.tsx').then((m) => ({
      Component: m.ProviderLoginPage,
    })),
  'two-factor-login': () =>
    import('../features/auth/components/two-factor-login-page.tsx').then((m) => ({
      Component: m.TwoFactorLoginPage,
    })),
  'two-factor-auth': () =>
    import('../features/auth/components/phone-verification-page.tsx').then((m) => ({
      Component: m.PhoneVerificationPage,
    })),
  'self-closing': () =>
    import('../features/general/components/self-closing-page.tsx').then((m) => ({
      Component: m.SelfClosingPage,
    })),
  'page-not-found': () =>
    import('../features/general/components/page-not-found.tsx').then((m) => ({ Component: m.PageNotFound })),
  'oauth-code': () =>
    import('../features/sso/components/oauth-code-login-page.tsx').then((m) => ({
      Component: m.OAuthCodeLoginPage,
    })),
  'sso-login': () =>
    import('../features/sso/components/sso-landing-page.tsx').then((m) => ({ Component: m.SsoLandingPage })),
  'roadmap-sso': () =>
    import('../features/sso/components/roadmap-sso-page.tsx').then((m) => ({ Component: m.RoadmapSsoPage })),
  'sign-up': withTexts(
    () =>
      import('../features/sign-up/components/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
    signUpTexts,
  ),
  'credential-recovery-select': withTexts(
    () =>
      import('../features/recovery/components/credential-recovery-select-page.tsx').then((m) => ({
        Component: m.CredentialRecoverySelectPage,
      })),
    recoveryTexts,
  ),
  'forgot-username': withTexts(
    () =>
      import('../features/recovery/components/forgot-username-page.tsx').then((m) => ({
        Component: m.ForgotUsernamePage,
      })),
    recoveryTexts,
  ),
  'forgot-password': withTexts(
    () =>
      import('../features/recovery/components/forgot-password-page.tsx').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
    recoveryTexts,
  ),
  'activate-account': withTexts(
    () =>
      import('../features/recovery/components/activate-account-page.tsx').then((m) => ({
        Component: m.ActivateAccountPage,
      })),
    recoveryTexts,
  ),
  security: withTexts(
    () =>
      import('../features/recovery/components/security-page.tsx').then((m) => ({
        Component: m.SecurityPage,
      })),
    recoveryTexts,
  ),
  'clinic-login': withTexts(
    () =>
      import('../features/provider-registration/components/clinic-login-page.tsx').then((m) => ({
        Component: m.ClinicLoginPage,
      })),
    providerRegistrationTexts,
  ),
  'doctor-registration': withTexts(
    () =>
      import('../features/provider-registration/components/doctor-registration-page.tsx').then((m) => ({
        Component: m.DoctorRegistrationPage,
      })),
    providerRegistrationTexts,
  ),
  'provider-registration': withTexts(
    () =>
      import('../features/provider-registration/components/provider-registration-page.tsx').then((m) => ({
        Component: m.ProviderRegistrationPage,
      })),
    providerRegistrationTexts,
  ),
  languages: () =>
    import('../features/language/components/languages-page.tsx').then((m) => ({
      Component: m.LanguagesPage,
    })),
  'account-settings': withTexts(
    () =>
      import('../features/account-settings/components/account-settings-page.tsx').then((m) => ({
        Component: m.AccountSettingsPage,
      })),
    accountSettingsTexts,
  ),
  // The booking summary step shows the appointments feature's summary (its own namespace).
  booking: withTexts(
    () =>
      import('../features/booking/components/booking-page.tsx').then((m) => ({ Component: m.BookingPage })),
    bookingTexts,
    appointmentsTexts,
  ),
  'appointment-list': withTexts(
    () =>
      import('../features/appointments/components/appointment-list-page.tsx').then((m) => ({
        Component: m.AppointmentListPage,
      })),
    appointmentsTexts,
  ),
  'appointment-details': withTexts(
    () =>
      import('../features/appointments/components/appointment-details-page.tsx').then((m) => ({
        Component: m.AppointmentDetailsPage,
      })),
    appointmentsTexts,
  ),
  'patient-appointments': withTexts(
    () =>
      import('../features/appointments/components/patient-appointments-page.tsx').then((m) => ({
        Component: m.PatientAppointmentsPage,
      })),
    appointmentsTexts,
  ),
  // The provider's new-patient form reuses the sign-up field texts.
  'patient-create': withTexts(
    () =>
      import('../features/appointments/components/patient-create-page.tsx').then((m) => ({
        Component: m.PatientCreatePage,
      })),
    appointmentsTexts,
    signUpTexts,
  ),
  demographics: withTexts(
    () =>
      import('../features/demographics/components/demographics-page.tsx').then((m) => ({
        Component: m.DemographicsPage,
      })),
    demographicsTexts,
  ),
  vitals: withTexts(
    () => import('../features/vitals/components/vitals-page.tsx').then((m) => ({ Component: m.VitalsPage })),
    vitalsTexts,
  ),
  copay: withTexts(
    () => import('../features/payments/components/copay-page.tsx').then((m) => ({ Component: m.CopayPage })),
    paymentsTexts,
  ),
  'copay-thank-you': withTexts(
    () =>
      import('../features/payments/components/copay-thank-you-page.tsx').then((m) => ({
        Component: m.CopayThankYouPage,
      })),
    paymentsTexts,
  ),
  'outstanding-balance-list': withTexts(
    () =>
      import('../features/payments/components/balance-list-page.tsx').then((m) => ({
        Component: m.BalanceListPage,
      })),
    paymentsTexts,
  ),
  'outstanding-balance-task': withTexts(
    () =>
      import('../features/payments/components/balance-list-page.tsx').then((m) => ({
        Component: m.OutstandingBalanceTaskPage,
      })),
    paymentsTexts,
  ),
  'insurance-confirm': withTexts(
    () =>
      import('../features/insurance/components/confirm-insurance-card-page.tsx').then((m) => ({
        Component: m.ConfirmInsuranceCardPage,
      })),
    insuranceTexts,
  ),
  'insurance-card': withTexts(
    () =>
      import('../features/insurance/components/insurance-card-page.tsx').then((m) => ({
        Component: m.InsuranceCardPage,
      })),
    insuranceTexts,
  ),
  'sign-document': withTexts(
    () =>
      import('../features/documents/components/sign-document-page.tsx').then((m) => ({
        Component: m.SignDocumentPage,
      })),
    documentsTexts,
  ),
  questionnaire: withTexts(
    () =>
      import('../features/questionnaires/components/questionnaire-page.tsx').then((m) => ({
        Component: m.QuestionnairePage,
      })),
    questionnairesTexts,
  ),
  'patient-questionnaires': withTexts(
    () =>
      import('../features/questionnaires/components/patient-questionnaires-page.tsx').then((m) => ({
        Component: m.PatientQuestionnairesPage,
      })),
    questionnairesTexts,
  ),
  // Issue 5 check-in flow, task dashboard, on-the-fly tasks, quick links and the kiosk.
  'check-in-landing': withTexts(
    () =>
      import('../features/check-in/components/check-in-landing-page.tsx').then((m) => ({
        Component: m.CheckInLandingPage,
      })),
    checkInTexts,
  ),
  'task-dashboard': withTexts(
    () =>
      import('../features/check-in/components/task-dashboard-page.tsx').then((m) => ({
        Component: m.TaskDashboardPage,
      })),
    checkInTexts,
  ),
  'task-regular': withTexts(
    () =>
      import('../features/check-in/components/regular-task-page.tsx').then((m) => ({
        Component: m.RegularTaskPage,
      })),
    checkInTexts,
  ),
  'check-in-final': withTexts(
    () =>
      import('../features/check-in/components/check-in-final-page.tsx').then((m) => ({
        Component: m.CheckInFinalPage,
      })),
    checkInTexts,
  ),
  'task-success': withTexts(
    () =>
      import('../features/check-in/components/task-success-page.tsx').then((m) => ({
        Component: m.TaskSuccessPage,
      })),
    checkInTexts,
  ),
  'task-feed': withTexts(
    () =>
      import('../features/check-in/components/task-feed-page.tsx').then((m) => ({
        Component: m.TaskFeedPage,
      })),
    checkInTexts,
  ),
  'on-fly-final': withTexts(
    () =>
      import('../features/check-in/components/on-fly-final-page.tsx').then((m) => ({
        Component: m.OnFlyFinalPage,
      })),
    checkInTexts,
  ),
  'quick-link': withTexts(
    () =>
      import('../features/check-in/components/quick-link-page.tsx').then((m) => ({
        Component: m.QuickLinkPage,
      })),
    checkInTexts,
  ),
  'kiosk-patient-search': withTexts(
    () =>
      import('../features/check-in/components/kiosk-patient-search-page.tsx').then((m) => ({
        Component: m.KioskPatientSearchPage,
      })),
    checkInTexts,
  ),
  'coming-soon': () => import('./coming-soon-screen.tsx').then((m) => ({ Component: m.ComingSoonScreen })),
};

const LAYOUTS: Record<Area | 'general', LazyComponent> = {
  guest: () => import('./layouts/guest-layout.tsx').then((m) => ({ Component: m.GuestLayout })),
  user: () => import('./layouts/user-layout.tsx').then((m) => ({ Component: m.UserLayout })),
  provider: () => import('./layouts/provider-layout.tsx').then((m) => ({ Component: m.ProviderLayout })),
  general: () => import('./layouts/plain-layout.tsx').then((m) => ({ Component: m.PlainLayout })),
};

/** Routes that only redirect render nothing (their loader answers first). */
function Redirecting() {
  return null;
}

/** spec 1 §2 guards, run before any code of the area is fetched. */
export function areaGuard(area: Area) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = decideAreaAccess(area, currentRole(), `${url.pathname}${url.search}`);
    if (decision.kind === 'allow') {
      return null;
    }
    if (decision.urlAfterLogin) {
      rememberUrlAfterLogin(decision.urlAfterLogin);
    }
    return redirect(decision.to);
  };
}

/** spec 1 §4 provider single sign-on: without auth_code, provider or request_url go to guest login. */
function ssoLoginGuard({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const complete = ['auth_code', 'provider', 'request_url'].every((name) => query.get(name));
  return complete ? null : redirect('/guest/login');
}

function toRoute(entry: RouteEntry, relativeTo: string): RouteObject {
  const handle: RouteHandle = {
    titleKey: entry.titleKey,
    ...(entry.landing ? { landing: entry.landing } : {}),
  };
  return {
    path: entry.path.slice(relativeTo.length),
    handle,
    lazy: SCREENS[entry.screen],
    ...(entry.screen === 'sso-login' ? { loader: ssoLoginGuard } : {}),
  };
}

function areaRoute(area: Area): RouteObject {
  const prefix = `/${area}/`;
  return {
    path: area,
    loader: areaGuard(area),
    lazy: LAYOUTS[area],
    children: [
      { index: true, loader: () => redirect(rootRedirect(area)), Component: Redirecting },
      ...routesOfArea(area).map((entry) => toRoute(entry, prefix)),
      ...ROUTE_REDIRECTS.filter((item) => item.from.startsWith(prefix)).map((item): RouteObject => ({
        path: item.from.slice(prefix.length),
        loader: ({ request }) => redirect(`${item.to}${item.keepQuery ? new URL(request.url).search : ''}`),
        Component: Redirecting,
      })),
    ],
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: GenericErrorPage,
      HydrateFallback: BootScreen,
      handle: { titleKey: 'route.root' } satisfies RouteHandle,
      children: [
        // spec 1 §2: the empty path goes to the role's default route.
        { index: true, loader: () => redirect(rootRedirect(currentRole())), Component: Redirecting },
        {
          lazy: LAYOUTS.general,
          children: routesOfArea('general').map((entry) => toRoute(entry, '/')),
        },
        areaRoute('guest'),
        areaRoute('user'),
        areaRoute('provider'),
        // spec 1 §2: unknown paths go to /guest/landing (whose guard sends signed-in people home).
        { path: '*', loader: () => redirect('/guest/landing'), Component: Redirecting },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
