import { redirect, type RouteObject } from 'react-router';
import { isGuardedRoute, providerRouteGate } from '@app/contracts/provider-route-gates';
import type { Area } from './guards/area-access.ts';
import type { RouteEntry, ScreenId } from './route-map.ts';
import { routesOfArea } from './signed-in-route-map.ts';
import { loadFeatureCatalogue } from '../lib/i18n/i18n.ts';
import { signedInEn } from './i18n/signed-in-en.ts';
import type { RouteHandle } from './route-handle.ts';
import { Redirecting, toRoute } from './route-object.ts';
import {
  withPrefetch,
  withTexts,
  type LazyComponent,
  type LoadTexts,
  checkInTexts,
  providerRegistrationTexts,
  recoveryTexts,
  signUpTexts,
  videoCallTexts,
} from './screen-loading.ts';

// The route table of the patient and provider areas, loaded when the router first meets one of their
// paths (router.tsx, patchRoutesOnNavigation; decision 0056). Keeping it out of the first page keeps
// the login page's script within its budget (decision 0006).

// Feature catalogues of the signed-in screens (decisions 0006, 0017).
const accountSettingsTexts: LoadTexts = () =>
  import('../features/account-settings/i18n/catalogue.ts').then((m) => m.loadAccountSettingsCatalogue());
const bookingTexts: LoadTexts = () =>
  import('../features/booking/i18n/catalogue.ts').then((m) => m.loadBookingCatalogue());
const demographicsTexts: LoadTexts = () =>
  import('../features/demographics/i18n/catalogue.ts').then((m) => m.loadDemographicsCatalogue());
const vitalsTexts: LoadTexts = () =>
  import('../features/vitals/i18n/catalogue.ts').then((m) => m.loadVitalsCatalogue());
const healthTexts: LoadTexts = () =>
  import('../features/health/i18n/catalogue.ts').then((m) => m.loadHealthCatalogue());
const healthCardTexts: LoadTexts = () =>
  import('../features/health-card/i18n/catalogue.ts').then((m) => m.loadHealthCardCatalogue());
const paymentsTexts: LoadTexts = () =>
  import('../features/payments/i18n/catalogue.ts').then((m) => m.loadPaymentsCatalogue());
const appointmentsTexts: LoadTexts = () =>
  import('../features/appointments/i18n/catalogue.ts').then((m) => m.loadAppointmentsCatalogue());
const insuranceTexts: LoadTexts = () =>
  import('../features/insurance/i18n/catalogue.ts').then((m) => m.loadInsuranceCatalogue());
const documentsTexts: LoadTexts = () =>
  import('../features/documents/i18n/catalogue.ts').then((m) => m.loadDocumentsCatalogue());
const myDocumentsTexts: LoadTexts = () =>
  import('../features/my-documents/i18n/catalogue.ts').then((m) => m.loadMyDocumentsCatalogue());
const questionnairesTexts: LoadTexts = () =>
  import('../features/questionnaires/i18n/catalogue.ts').then((m) => m.loadQuestionnairesCatalogue());
const providerScheduleTexts: LoadTexts = () =>
  import('../features/provider-schedule/i18n/catalogue.ts').then((m) => m.loadProviderScheduleCatalogue());
const messagingTexts: LoadTexts = () =>
  import('../features/messaging/i18n/catalogue.ts').then((m) => m.loadMessagingCatalogue());
const patientsTexts: LoadTexts = () =>
  import('../features/patients/i18n/catalogue.ts').then((m) => m.loadPatientsCatalogue());
const insuranceReviewTexts: LoadTexts = () =>
  import('../features/insurance-review/i18n/catalogue.ts').then((m) => m.loadInsuranceReviewCatalogue());
const familyTexts: LoadTexts = () =>
  import('../features/family/i18n/catalogue.ts').then((m) => m.loadFamilyCatalogue());
const clinicsTexts: LoadTexts = () =>
  import('../features/clinics/i18n/catalogue.ts').then((m) => m.loadClinicsCatalogue());
const auditTexts: LoadTexts = () =>
  import('../features/audit/i18n/catalogue.ts').then((m) => m.loadAuditCatalogue());
const providerAdminTexts: LoadTexts = () =>
  import('../features/provider-admin/i18n/catalogue.ts').then((m) => m.loadProviderAdminCatalogue());

/** The page titles of these screens, added to the default catalogue before the first one renders. */
export function loadSignedInTexts(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'signedInTexts',
    namespace: 'translation',
    en: signedInEn,
    es: () => import('./i18n/signed-in-es.ts').then((module) => module.signedInEs),
  });
}

const SIGNED_IN_SCREENS: Partial<Record<ScreenId, LazyComponent>> = {
  'roadmap-sso': () =>
    import('../features/sso/components/roadmap-sso-page.tsx').then((m) => ({ Component: m.RoadmapSsoPage })),
  security: withTexts(
    () =>
      import('../features/recovery/components/security-page.tsx').then((m) => ({
        Component: m.SecurityPage,
      })),
    recoveryTexts,
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
  // Decision 0037: the UnitedMD app's scheduling start leads into the booking flow above.
  'unitedmd-schedule': withTexts(
    () =>
      import('../features/booking/components/unitedmd-schedule-page.tsx').then((m) => ({
        Component: m.UnitedMdSchedulePage,
      })),
    bookingTexts,
  ),
  'appointment-list': withPrefetch(
    withTexts(
      () =>
        import('../features/appointments/components/appointment-list-page.tsx').then((m) => ({
          Component: m.AppointmentListPage,
        })),
      appointmentsTexts,
    ),
    () => import('../features/appointments/home-prefetch.ts').then((m) => m.prefetchPatientHome),
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
  'vital-group': withTexts(
    () =>
      import('../features/vitals/components/vital-group-page.tsx').then((m) => ({
        Component: m.VitalGroupPage,
      })),
    vitalsTexts,
  ),
  'patient-health': withTexts(
    () =>
      import('../features/health/components/patient-health-page.tsx').then((m) => ({
        Component: m.PatientHealthPage,
      })),
    healthTexts,
    vitalsTexts,
  ),
  // Issue 16: the patient's member card (decision 0034).
  'health-card': withTexts(
    () =>
      import('../features/health-card/components/health-card-page.tsx').then((m) => ({
        Component: m.HealthCardPage,
      })),
    healthCardTexts,
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
  'confirm-patient': withTexts(
    () =>
      import('../features/check-in/components/confirm-patient-page.tsx').then((m) => ({
        Component: m.ConfirmPatientPage,
      })),
    checkInTexts,
  ),
  'choose-appointment': withTexts(
    () =>
      import('../features/appointments/components/choose-appointment-page.tsx').then((m) => ({
        Component: m.ChooseAppointmentPage,
      })),
    appointmentsTexts,
  ),
  'switch-patient': withTexts(
    () =>
      import('../features/family/components/switch-patient-page.tsx').then((m) => ({
        Component: m.SwitchPatientPage,
      })),
    familyTexts,
  ),
  'kiosk-patient-search': withTexts(
    () =>
      import('../features/check-in/components/kiosk-patient-search-page.tsx').then((m) => ({
        Component: m.KioskPatientSearchPage,
      })),
    checkInTexts,
  ),
  'provider-schedule': withTexts(
    () =>
      import('../features/provider-schedule/components/schedule-page.tsx').then((m) => ({
        Component: m.SchedulePage,
      })),
    providerScheduleTexts,
  ),
  'provider-schedule-filter': withTexts(
    () =>
      import('../features/provider-schedule/components/filter-page.tsx').then((m) => ({
        Component: m.FilterPage,
      })),
    providerScheduleTexts,
  ),
  'provider-appointments': withTexts(
    () =>
      import('../features/provider-schedule/components/appointments-list-page.tsx').then((m) => ({
        Component: m.AppointmentsListPage,
      })),
    providerScheduleTexts,
  ),
  'waiting-room': withTexts(
    () =>
      import('../features/provider-schedule/components/waiting-room-page.tsx').then((m) => ({
        Component: m.WaitingRoomPage,
      })),
    providerScheduleTexts,
  ),
  'patient-video-call': withTexts(
    () =>
      import('../features/video-call/components/video-call-page.tsx').then((m) => ({
        Component: m.PatientVideoCallPage,
      })),
    videoCallTexts,
  ),
  'provider-messages': withTexts(
    () =>
      import('../features/messaging/components/provider-messages-page.tsx').then((m) => ({
        Component: m.ProviderMessagesPage,
      })),
    messagingTexts,
  ),
  'provider-message-thread': withTexts(
    () =>
      import('../features/messaging/components/provider-thread-page.tsx').then((m) => ({
        Component: m.ProviderThreadPage,
      })),
    messagingTexts,
  ),
  'message-receiver-list': withTexts(
    () =>
      import('../features/messaging/components/receiver-list-page.tsx').then((m) => ({
        Component: m.ReceiverListPage,
      })),
    messagingTexts,
  ),
  'message-receiver-search': withTexts(
    () =>
      import('../features/messaging/components/receiver-search-page.tsx').then((m) => ({
        Component: m.ReceiverSearchPage,
      })),
    messagingTexts,
  ),
  'message-thread-create': withTexts(
    () =>
      import('../features/messaging/components/create-thread-page.tsx').then((m) => ({
        Component: m.CreateThreadPage,
      })),
    messagingTexts,
  ),
  'patient-sms': withTexts(
    () =>
      import('../features/messaging/components/patient-sms-page.tsx').then((m) => ({
        Component: m.PatientSmsPage,
      })),
    messagingTexts,
  ),
  'sms-templates': withTexts(
    () =>
      import('../features/messaging/components/sms-templates-page.tsx').then((m) => ({
        Component: m.SmsTemplatesPage,
      })),
    messagingTexts,
  ),
  'bulk-message': withTexts(
    () =>
      import('../features/messaging/components/bulk-message-page.tsx').then((m) => ({
        Component: m.BulkMessagePage,
      })),
    messagingTexts,
  ),
  'user-messages': withTexts(
    () =>
      import('../features/messaging/components/user-messages-page.tsx').then((m) => ({
        Component: m.UserMessagesPage,
      })),
    messagingTexts,
  ),
  'user-message-thread': withTexts(
    () =>
      import('../features/messaging/components/user-thread-page.tsx').then((m) => ({
        Component: m.UserThreadPage,
      })),
    messagingTexts,
  ),
  // Issue 6: patient search, registration, the patient view shell and its tabs, insurance review.
  'patient-view': withTexts(
    () =>
      import('../features/patients/components/patient-view-shell.tsx').then((m) => ({
        Component: m.PatientViewShell,
      })),
    patientsTexts,
  ),
  'patient-search': withTexts(
    () =>
      import('../features/patients/components/patient-search-page.tsx').then((m) => ({
        Component: m.PatientSearchPage,
      })),
    patientsTexts,
  ),
  // Issue 17 item 2: "Look up patient for appointment" with APPOINTMENTS only (decision 0041).
  'appointment-lookup': withTexts(
    () =>
      import('../features/patients/components/appointment-lookup-page.tsx').then((m) => ({
        Component: m.AppointmentLookupPage,
      })),
    patientsTexts,
  ),
  'register-patient': withTexts(
    () =>
      import('../features/patients/components/register-patient-page.tsx').then((m) => ({
        Component: m.RegisterPatientPage,
      })),
    patientsTexts,
    appointmentsTexts,
    signUpTexts,
  ),
  // Issue 16: the patient's documents (signed documents, card photos, appointment attachments).
  'user-documents': withTexts(
    () =>
      import('../features/my-documents/components/my-documents-page.tsx').then((m) => ({
        Component: m.MyDocumentsPage,
      })),
    myDocumentsTexts,
  ),
  'patient-documents': withTexts(
    () =>
      import('../features/patients/components/patient-documents-page.tsx').then((m) => ({
        Component: m.PatientDocumentsPage,
      })),
    patientsTexts,
    questionnairesTexts,
  ),
  'patient-payments': withTexts(
    () =>
      import('../features/patients/components/patient-payments-page.tsx').then((m) => ({
        Component: m.PatientPaymentsPage,
      })),
    patientsTexts,
  ),
  'patient-time-recorder': withTexts(
    () =>
      import('../features/patients/components/time-recorder-page.tsx').then((m) => ({
        Component: m.TimeRecorderPage,
      })),
    patientsTexts,
  ),
  'patient-contacts': withTexts(
    () =>
      import('../features/patients/components/patient-contacts-page.tsx').then((m) => ({
        Component: m.PatientContactsPage,
      })),
    patientsTexts,
  ),
  'insurance-list': withTexts(
    () =>
      import('../features/insurance-review/components/insurance-list-page.tsx').then((m) => ({
        Component: m.InsuranceListPage,
      })),
    insuranceReviewTexts,
  ),
  'insurance-filter': withTexts(
    () =>
      import('../features/insurance-review/components/insurance-filter-page.tsx').then((m) => ({
        Component: m.InsuranceFilterPage,
      })),
    insuranceReviewTexts,
  ),
  'insurance-card-view': withTexts(
    () =>
      import('../features/insurance-review/components/insurance-card-view-page.tsx').then((m) => ({
        Component: m.InsuranceCardViewPage,
      })),
    insuranceReviewTexts,
  ),
  family: withTexts(
    () => import('../features/family/components/family-page.tsx').then((m) => ({ Component: m.FamilyPage })),
    familyTexts,
  ),
  'family-connect': withTexts(
    () =>
      import('../features/family/components/family-connect-page.tsx').then((m) => ({
        Component: m.FamilyConnectPage,
      })),
    familyTexts,
  ),
  clinics: withTexts(
    () =>
      import('../features/clinics/components/clinics-page.tsx').then((m) => ({ Component: m.ClinicsPage })),
    clinicsTexts,
  ),
  'clinic-connect': withTexts(
    () =>
      import('../features/clinics/components/clinic-connect-page.tsx').then((m) => ({
        Component: m.ClinicConnectPage,
      })),
    clinicsTexts,
  ),
  'master-password': withTexts(
    () =>
      import('../features/provider-admin/components/master-password-page.tsx').then((m) => ({
        Component: m.MasterPasswordPage,
      })),
    providerAdminTexts,
  ),
  'wait-times': withTexts(
    () =>
      import('../features/provider-admin/components/wait-times-page.tsx').then((m) => ({
        Component: m.WaitTimesPage,
      })),
    providerAdminTexts,
  ),
  news: withTexts(
    () =>
      import('../features/provider-admin/components/news-page.tsx').then((m) => ({ Component: m.NewsPage })),
    providerAdminTexts,
  ),
  flows: withTexts(
    () =>
      import('../features/provider-admin/components/flows-page.tsx').then((m) => ({
        Component: m.FlowsPage,
      })),
    providerAdminTexts,
  ),
  'follow-ups': withTexts(
    () =>
      import('../features/provider-admin/components/follow-ups-page.tsx').then((m) => ({
        Component: m.FollowUpsPage,
      })),
    providerAdminTexts,
  ),
  'patient-navigation': withTexts(
    () =>
      import('../features/provider-admin/components/patient-navigation-page.tsx').then((m) => ({
        Component: m.PatientNavigationPage,
      })),
    providerAdminTexts,
  ),
  // Issue 17 item 6 (decision 0045).
  'intellimap-board': withTexts(
    () =>
      import('../features/health/components/intellimap-board-page.tsx').then((m) => ({
        Component: m.IntellimapBoardPage,
      })),
    healthTexts,
    vitalsTexts,
  ),
  'flow-create': withTexts(
    () =>
      import('../features/provider-admin/components/flows-page.tsx').then((m) => ({
        Component: m.FlowCreatePage,
      })),
    providerAdminTexts,
  ),
  // Issue 21 item 3 (decision 0082).
  'connect-app': withTexts(
    () =>
      import('../features/account-settings/components/connect-app-page.tsx').then((m) => ({
        Component: m.ConnectAppPage,
      })),
    accountSettingsTexts,
  ),
  'provider-smart-apps': withTexts(
    () =>
      import('../features/account-settings/components/registered-apps-page.tsx').then((m) => ({
        Component: m.RegisteredAppsPage,
      })),
    accountSettingsTexts,
  ),
  // Issue 19 items 2 and 3 (decision 0063).
  'access-history': withTexts(
    () =>
      import('../features/audit/components/access-history-page.tsx').then((m) => ({
        Component: m.AccessHistoryPage,
      })),
    auditTexts,
  ),
  'provider-audit': withTexts(
    () =>
      import('../features/audit/components/provider-audit-page.tsx').then((m) => ({
        Component: m.ProviderAuditPage,
      })),
    auditTexts,
  ),
  'coming-soon': () => import('./coming-soon-screen.tsx').then((m) => ({ Component: m.ComingSoonScreen })),
};

function screenOf(entry: RouteEntry): LazyComponent {
  const load = SIGNED_IN_SCREENS[entry.screen];
  if (!load) {
    throw new Error(`No screen for ${entry.path}`);
  }
  return load;
}

/**
 * spec 3 §6: a provider screen whose row of PROVIDER_ROUTE_GATES asks for a permission or a module
 * renders inside the one route guard, so no screen checks its own gate.
 */
function guardedScreen(entry: RouteEntry): LazyComponent {
  const load = screenOf(entry);
  if (!isGuardedRoute(providerRouteGate(entry.path))) {
    return load;
  }
  return () =>
    Promise.all([load(), import('./guards/provider-route-guard.tsx')]).then(
      ([{ Component: Screen }, { ProviderRouteGuard }]) => ({
        Component: function GuardedScreen() {
          return (
            <ProviderRouteGuard path={entry.path}>
              <Screen />
            </ProviderRouteGuard>
          );
        },
      }),
    );
}

/** spec 3 §2 Patient view shell: the routes below it, except the booking steps (full-screen flow). */
export const PATIENT_VIEW_PATH = '/provider/patient/:patientId';
const PATIENT_BOOKING_PATH = `${PATIENT_VIEW_PATH}/appointments/create`;

export function isPatientTabRoute(path: string): boolean {
  return (
    path.startsWith(`${PATIENT_VIEW_PATH}/`) &&
    path !== PATIENT_BOOKING_PATH &&
    !path.startsWith(`${PATIENT_BOOKING_PATH}/`)
  );
}

/** The screens of a signed-in area; in the provider area the patient view wraps every tab route. */
export function signedInAreaChildren(area: Exclude<Area, 'guest'>): RouteObject[] {
  const prefix = `/${area}/`;
  const entries = routesOfArea(area);
  const route = (entry: RouteEntry, relativeTo: string) => toRoute(entry, relativeTo, guardedScreen(entry));
  const shell = entries.find((entry) => entry.path === PATIENT_VIEW_PATH);
  if (!shell) {
    return entries.map((entry) => route(entry, prefix));
  }
  const tabs = entries.filter((entry) => isPatientTabRoute(entry.path));
  const rest = entries.filter((entry) => entry !== shell && !tabs.includes(entry));
  return [
    ...rest.map((entry) => route(entry, prefix)),
    {
      path: shell.path.slice(prefix.length),
      handle: { titleKey: shell.titleKey } satisfies RouteHandle,
      lazy: guardedScreen(shell),
      children: [
        {
          index: true,
          handle: { titleKey: shell.titleKey } satisfies RouteHandle,
          loader: ({ params }) =>
            redirect(`/provider/patient/${encodeURIComponent(params.patientId ?? '')}/appointments`),
          Component: Redirecting,
        },
        ...tabs.map((entry) => route(entry, `${PATIENT_VIEW_PATH}/`)),
      ],
    },
  ];
}
