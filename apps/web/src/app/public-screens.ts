import type { ScreenId } from './route-map.ts';
import {
  withTexts,
  type LazyComponent,
  checkInTexts,
  providerRegistrationTexts,
  recoveryTexts,
  signUpTexts,
  videoCallTexts,
} from './screen-loading.ts';

/**
 * The screens of the guest area and the general routes: the router knows them from the first page
 * on. The signed-in areas' screens come with their route table (signed-in-routes.tsx, decision 0056).
 */
export const PUBLIC_SCREENS: Partial<Record<ScreenId, LazyComponent>> = {
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
  'quick-link': withTexts(
    () =>
      import('../features/check-in/components/quick-link-page.tsx').then((m) => ({
        Component: m.QuickLinkPage,
      })),
    checkInTexts,
  ),
  // Issue 16: the check-in app's confirm step (patient and kiosk), change appointment, switch patient.
  'provider-video-call': withTexts(
    () =>
      import('../features/video-call/components/video-call-page.tsx').then((m) => ({
        Component: m.ProviderVideoCallPage,
      })),
    videoCallTexts,
  ),
};
