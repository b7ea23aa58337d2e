import type { TranslationKey } from '../lib/i18n/en.ts';
import type { SignedInTextKey } from './i18n/signed-in-en.ts';
import type { Area } from './guards/area-access.ts';

// Every route of spec 1 §2, in one list (the router is built from it; docs list it).
// `screen` names the component. 'coming-soon' is the shared "later release" placeholder, kept for a
// route that is mapped before its screen exists; route-map.test.ts fails while any route uses it.

export type RouteArea = Area | 'general';

export type ScreenId =
  | 'health-card'
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
  | 'unitedmd-schedule'
  | 'appointment-list'
  | 'appointment-details'
  | 'patient-appointments'
  | 'patient-create'
  | 'demographics'
  | 'vitals'
  | 'vital-group'
  | 'patient-health'
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
  | 'confirm-patient'
  | 'choose-appointment'
  | 'switch-patient'
  | 'provider-schedule'
  | 'provider-schedule-filter'
  | 'provider-appointments'
  | 'waiting-room'
  | 'provider-messages'
  | 'provider-message-thread'
  | 'message-receiver-list'
  | 'message-receiver-search'
  | 'message-thread-create'
  | 'patient-sms'
  | 'sms-templates'
  | 'bulk-message'
  | 'user-messages'
  | 'user-message-thread'
  | 'patient-view'
  | 'patient-search'
  | 'appointment-lookup'
  | 'register-patient'
  | 'patient-documents'
  | 'user-documents'
  | 'patient-payments'
  | 'patient-time-recorder'
  | 'patient-contacts'
  | 'insurance-list'
  | 'insurance-filter'
  | 'insurance-card-view'
  | 'family'
  | 'family-connect'
  | 'clinics'
  | 'clinic-connect'
  | 'master-password'
  | 'wait-times'
  | 'news'
  | 'flows'
  | 'follow-ups'
  | 'patient-navigation'
  | 'intellimap-board'
  | 'flow-create'
  | 'provider-video-call'
  | 'patient-video-call'
  | 'access-history'
  | 'connect-app'
  | 'provider-smart-apps'
  | 'provider-audit'
  | 'coming-soon';

export type RouteTitleKey = Extract<TranslationKey | SignedInTextKey, `route.${string}`>;

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

/** The entry maker of one area: paths are written relative to the area's prefix ('' for general). */
export function areaEntry(area: RouteArea, prefix: string) {
  return (path: string, titleKey: RouteTitleKey, screen: ScreenId): RouteEntry => ({
    path: `${prefix}${path}`,
    area,
    titleKey,
    screen,
  });
}
const general = areaEntry('general', '');
const guest = areaEntry('guest', '/guest/');
/** The general routes and the guest area: the screens the router knows from the first page on. */
export const PUBLIC_ROUTE_MAP: readonly RouteEntry[] = [
  // General routes (spec 1 §2).
  general('/self-closing', 'route.selfClosing', 'self-closing'),
  general('/general/error-page', 'route.errorPage', 'page-not-found'),
  general('/oauth-code/:code', 'route.oauthCode', 'oauth-code'),
  // spec 3 §2 the provider's video-call room (issue 7, decision 0030). It sits outside the provider
  // area because an invited guest (?uuid=) with no login opens it too; router.tsx guards it with
  // decideProviderVideoCallAccess (a provider login is still required without the uuid). Full screen,
  // without the provider shell.
  general('/provider/video-call/:appointmentId', 'route.provider.videoCall', 'provider-video-call'),
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
];

/** spec 1 §2: any other path of the recovery flows goes to their first step. */
export const ROUTE_REDIRECTS: readonly RouteRedirect[] = [
  { from: '/guest/forgot-username/*', to: '/guest/forgot-username/form-step', keepQuery: true },
  { from: '/guest/forgot-password/*', to: '/guest/forgot-password/username-step', keepQuery: true },
  // Issue 17 item 6: /provider/single-header/ (and any other path below it) is its messaging screen.
  { from: '/provider/single-header/*', to: '/provider/single-header/message', keepQuery: false },
];

export function publicRoutesOf(area: 'general' | 'guest'): RouteEntry[] {
  return PUBLIC_ROUTE_MAP.filter((entry) => entry.area === area);
}
