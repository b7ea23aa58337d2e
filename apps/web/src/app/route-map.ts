import type { TranslationKey } from '../lib/i18n/en.ts';
import type { Area } from './guards/area-access.ts';

// Every route of spec 1 §2, in one list (the router is built from it; docs list it).
// `screen` names the component; 'coming-soon' screens show the shared placeholder until their issue
// builds them.

export type RouteArea = Area | 'general';

export type ScreenId =
  | 'landing'
  | 'login'
  | 'provider-login'
  | 'two-factor-login'
  | 'two-factor-auth'
  | 'self-closing'
  | 'page-not-found'
  | 'oauth-code'
  | 'sso-login'
  | 'sign-up'
  | 'credential-recovery-select'
  | 'forgot-username'
  | 'forgot-password'
  | 'activate-account'
  | 'security'
  | 'clinic-login'
  | 'doctor-registration'
  | 'provider-registration'
  | 'roadmap-sso'
  | 'languages'
  | 'account-settings'
  | 'booking'
  | 'appointment-list'
  | 'appointment-details'
  | 'patient-appointments'
  | 'patient-create'
  | 'demographics'
  | 'vitals'
  | 'copay'
  | 'copay-thank-you'
  | 'outstanding-balance-list'
  | 'outstanding-balance-task'
  | 'insurance-confirm'
  | 'insurance-card'
  | 'sign-document'
  | 'questionnaire'
  | 'patient-questionnaires'
  | 'check-in-landing'
  | 'task-dashboard'
  | 'task-regular'
  | 'check-in-final'
  | 'task-success'
  | 'task-feed'
  | 'on-fly-final'
  | 'quick-link'
  | 'kiosk-patient-search'
  | 'coming-soon';

export type RouteTitleKey = Extract<TranslationKey, `route.${string}`>;

/**
 * spec 1 §2 "Text and logo come from route data, with defaults": what a landing route may set.
 * Unset fields keep the defaults (the catalogue's tagline, the clinic logo, sign-up per variant).
 */
export interface LandingRouteData {
  readonly taglineKey?: TranslationKey;
  /** Address of the logo image. */
  readonly logo?: string;
  readonly showSignUp?: boolean;
}

export interface RouteEntry {
  /** Absolute path pattern. */
  readonly path: string;
  readonly area: RouteArea;
  /** The screen's name: its h1 (placeholders) and page title. */
  readonly titleKey: RouteTitleKey;
  readonly screen: ScreenId;
  readonly landing?: LandingRouteData;
}

export interface RouteRedirect {
  /** Absolute pattern; a trailing /* catches every other path below it. */
  readonly from: string;
  readonly to: string;
  /** spec 1 §2 credential recovery: query params are kept on every navigation. */
  readonly keepQuery: boolean;
}

const general = (path: string, titleKey: RouteTitleKey, screen: ScreenId): RouteEntry => ({
  path,
  area: 'general',
  titleKey,
  screen,
});
const guest = (path: string, titleKey: RouteTitleKey, screen: ScreenId = 'coming-soon'): RouteEntry => ({
  path: `/guest/${path}`,
  area: 'guest',
  titleKey,
  screen,
});
const user = (path: string, titleKey: RouteTitleKey, screen: ScreenId = 'coming-soon'): RouteEntry => ({
  path: `/user/${path}`,
  area: 'user',
  titleKey,
  screen,
});
const provider = (path: string, titleKey: RouteTitleKey, screen: ScreenId = 'coming-soon'): RouteEntry => ({
  path: `/provider/${path}`,
  area: 'provider',
  titleKey,
  screen,
});

export const ROUTE_MAP: readonly RouteEntry[] = [
  // General routes (spec 1 §2).
  general('/self-closing', 'route.selfClosing', 'self-closing'),
  general('/general/error-page', 'route.errorPage', 'page-not-found'),
  general('/oauth-code/:code', 'route.oauthCode', 'oauth-code'),
  // spec 2 §2 Quick-link entry (issue 5; the spec names no path): /quick-link?type&oauthCode&userId...
  general('/quick-link', 'route.quickLink', 'quick-link'),
  // sso-login is the provider single sign-on landing; sso-launch is the same landing under the name
  // some EHR set-ups open (decision 0011).
  general('/sso-launch', 'route.ssoLaunch', 'sso-login'),
  general('/sso-login', 'route.ssoLogin', 'sso-login'),

  // Guest area.
  guest('landing', 'route.guest.landing', 'landing'),
  guest('login', 'route.guest.login', 'login'),
  guest('provider-login', 'route.guest.providerLogin', 'provider-login'),
  guest('two-factor-auth', 'route.guest.twoFactorAuth', 'two-factor-auth'),
  guest('two-factor-login', 'route.guest.twoFactorLogin', 'two-factor-login'),
  guest('sign-up', 'route.guest.signUp', 'sign-up'),
  guest('doctor-registration', 'route.guest.doctorRegistration', 'doctor-registration'),
  guest('doctor-registration/options', 'route.guest.doctorRegistrationOptions', 'doctor-registration'),
  guest('doctor-registration/pin-code', 'route.guest.doctorRegistrationPinCode', 'doctor-registration'),
  guest('credential-recovery-select', 'route.guest.credentialRecoverySelect', 'credential-recovery-select'),
  guest('forgot-username/form-step', 'route.guest.forgotUsernameForm', 'forgot-username'),
  guest('forgot-username/channel-step', 'route.guest.forgotUsernameChannel', 'forgot-username'),
  guest('forgot-username/sent-info-step', 'route.guest.forgotUsernameSent', 'forgot-username'),
  guest('forgot-password/username-step', 'route.guest.forgotPasswordUsername', 'forgot-password'),
  guest(
    'forgot-password/security-question-step',
    'route.guest.forgotPasswordSecurityQuestion',
    'forgot-password',
  ),
  guest(
    'forgot-password/receive-password-channel-step',
    'route.guest.forgotPasswordReceiveChannel',
    'forgot-password',
  ),
  guest(
    'forgot-password/activation-link-channel-step',
    'route.guest.forgotPasswordActivationChannel',
    'forgot-password',
  ),
  guest('forgot-password/sent-info-step', 'route.guest.forgotPasswordSent', 'forgot-password'),
  // spec 1 §2 names a "clinic login" without a path; this is the one we chose.
  guest('clinic-login', 'route.guest.clinicLogin', 'clinic-login'),
  // Where the activation link of spec 1 §2 lands (the spec names no path).
  guest('activate-account', 'route.guest.activateAccount', 'activate-account'),

  // Patient area (spec 1 §2 routes and side menu).
  user('security', 'route.user.security', 'security'),
  user('appointment', 'route.user.appointment', 'appointment-list'),
  // spec 2 §2 booking: the provider list is the start; the other subpages are steps of one screen
  // (providers, consultation-types, recurring-visit, time-slots, confirm, confirm-reschedule, summary).
  user('appointment/create', 'route.user.appointmentCreate', 'booking'),
  user('appointment/create/:step', 'route.user.appointmentCreate', 'booking'),
  user('appointment/:appointmentId', 'route.user.appointmentDetails', 'appointment-details'),
  // The patient's video-call start link of spec 2 §2 (the spec names only the provider's path); issue 7
  // fills the screen.
  user('video-call/:appointmentId', 'route.user.videoCall'),
  user('account-settings', 'route.user.accountSettings', 'account-settings'),
  user('single/health-card', 'route.user.healthCard'),
  user('documents', 'route.user.documents'),
  user('vital/group', 'route.user.vitalGroup'),
  user('family', 'route.user.family'),
  user('provider', 'route.user.provider'),
  user('provider/connect', 'route.user.providerConnect'),
  user('single/languages', 'route.user.languages', 'languages'),
  user('outstanding-balance-list', 'route.user.outstandingBalanceList', 'outstanding-balance-list'),
  user('choose-appointment', 'route.user.chooseAppointment'),
  user('switch-patient', 'route.user.switchPatient'),
  user('confirm-patient', 'route.user.confirmPatient'),
  // spec 2 §2 check-in and task routes (issue 5). The task base url is /user/task, or
  // /provider/patient/task in self check-in (kiosk) mode; each task page lives below it.
  user('check-in-landing', 'route.user.checkInLanding', 'check-in-landing'),
  user('check-in-final', 'route.user.checkInFinal', 'check-in-final'),
  user('task', 'route.user.task', 'task-dashboard'),
  user('task/questionnaire', 'route.user.questionnaire', 'questionnaire'),
  user('task/questionnaire/main/:formId', 'route.user.questionnaire', 'questionnaire'),
  user('questionnaire', 'route.user.questionnaire', 'questionnaire'),
  user('questionnaire/main/:formId', 'route.user.questionnaire', 'questionnaire'),
  user('task/demographic/:step', 'route.user.demographics', 'demographics'),
  user('task/confirm-insurance-card', 'route.user.insuranceCard', 'insurance-confirm'),
  user('task/insurance-card/:kind', 'route.user.insuranceCard', 'insurance-card'),
  user('task/sign-document', 'route.user.signDocument', 'sign-document'),
  user('task/copay', 'route.user.copay', 'copay'),
  user('task/outstanding-balance', 'route.user.outstandingBalanceList', 'outstanding-balance-task'),
  user('task/vital', 'route.user.vital', 'vitals'),
  user('task/regular', 'route.user.task', 'task-regular'),
  user('task-feed', 'route.user.taskFeed', 'task-feed'),
  user('success', 'route.user.taskSuccess', 'task-success'),
  user('copay-thank-you', 'route.user.copayThankYou', 'copay-thank-you'),
  user('on-fly-final', 'route.user.onFlyFinal', 'on-fly-final'),
  user('unitedmd-schedule', 'route.user.unitedmdSchedule'),

  // Provider area.
  provider('security', 'route.provider.security', 'security'),
  // Providers manage their passkeys and authenticator app here (decision 0012); the spec names no path.
  provider('account-settings', 'route.provider.accountSettings', 'account-settings'),
  provider('appointment', 'route.provider.appointment'),
  provider('appointments', 'route.provider.appointments'),
  provider('message', 'route.provider.message'),
  provider('auth-data', 'route.provider.authData', 'provider-registration'),
  provider('security-question', 'route.provider.securityQuestion', 'provider-registration'),
  provider('canny-sso-roadmap', 'route.provider.cannySsoRoadmap', 'roadmap-sso'),
  // The patient page the SSO landing opens with the EHR's patient_id (spec 1 §4); the chart is issue 6.
  provider('patient/:patientId', 'route.provider.patient'),
  // spec 2 §2: a provider's view of one patient's appointments and booking for them (care manager).
  provider('patient/:patientId/appointments', 'route.provider.patientAppointments', 'patient-appointments'),
  provider(
    'patient/:patientId/questionnaires',
    'route.provider.patientQuestionnaires',
    'patient-questionnaires',
  ),
  provider('patient/:patientId/appointments/create', 'route.provider.patientAppointmentCreate', 'booking'),
  provider(
    'patient/:patientId/appointments/create/:step',
    'route.provider.patientAppointmentCreate',
    'booking',
  ),
  provider('patient-create', 'route.provider.patientCreate', 'patient-create'),
  // spec 2 §2 self check-in (kiosk) mode: the task pages under the provider's session.
  provider('patient/search', 'route.provider.patientSearch', 'kiosk-patient-search'),
  provider('patient/task', 'route.user.task', 'task-dashboard'),
  provider('patient/task/check-in', 'route.user.checkInFinal', 'check-in-final'),
  provider('patient/task/success', 'route.user.taskSuccess', 'task-success'),
  provider('patient/task/questionnaire', 'route.user.questionnaire', 'questionnaire'),
  provider('patient/task/questionnaire/main/:formId', 'route.user.questionnaire', 'questionnaire'),
  provider('patient/task/demographic/:step', 'route.user.demographics', 'demographics'),
  provider('patient/task/confirm-insurance-card', 'route.user.insuranceCard', 'insurance-confirm'),
  provider('patient/task/insurance-card/:kind', 'route.user.insuranceCard', 'insurance-card'),
  provider('patient/task/sign-document', 'route.user.signDocument', 'sign-document'),
  provider('patient/task/copay', 'route.user.copay', 'copay'),
  provider(
    'patient/task/outstanding-balance',
    'route.user.outstandingBalanceList',
    'outstanding-balance-task',
  ),
  provider('patient/task/vital', 'route.user.vital', 'vitals'),
  provider('patient/task/regular', 'route.user.task', 'task-regular'),
];

/** spec 1 §2: any other path of the recovery flows goes to their first step. */
export const ROUTE_REDIRECTS: readonly RouteRedirect[] = [
  { from: '/guest/forgot-username/*', to: '/guest/forgot-username/form-step', keepQuery: true },
  { from: '/guest/forgot-password/*', to: '/guest/forgot-password/username-step', keepQuery: true },
];

export function routesOfArea(area: RouteArea): RouteEntry[] {
  return ROUTE_MAP.filter((entry) => entry.area === area);
}
