// The English catalogue. Texts quoted by the specification are verbatim (ARCHITECTURE.md, convention 8);
// keys are flat (keySeparator off) so a key reads like the place it is used.
import { passkeysEn } from '../../features/passkeys/i18n/en.ts';
import { patientSwitchEn } from '../../features/patient-switch/i18n/en.ts';
import { familySwitchEn } from '../../features/family/i18n/switch-en.ts';
import { ssoEn } from '../../features/sso/i18n/en.ts';
import { devicesEn } from '../../features/devices/i18n/en.ts';
import { appInstallEn } from '../../features/app-install/i18n/en.ts';
import { languageEn } from '../../features/language/i18n/en.ts';

export const en = {
  // Feature catalogues live beside their features.
  ...ssoEn,
  ...devicesEn,
  ...appInstallEn,
  ...languageEn,
  ...passkeysEn,
  ...patientSwitchEn,
  ...familySwitchEn,

  'app.loading': 'Loading…',
  'app.startFailed': 'The portal could not start. Please check your connection and try again.',
  'app.retry': 'Try again',
  'app.titleSeparator': ' | ',
  'app.skipToContent': 'Skip to main content',

  'language.switch': 'Español',
  // Issue 21 item 4 (decision 0090): the first word of a downloaded record's file name, ASCII only.
  'recordExport.fileName': 'health-record',
  'language.switchLabel': 'Cambiar el idioma a español',

  'loader.label': 'Loading',
  'banner.close': 'Close alert',
  'banner.label': 'Error',

  // spec 1 §8 and §2 (generic error page)
  'error.generic': 'Oops… Something went wrong.',
  'error.back': 'Back',
  'error.dashboard': 'Dashboard',
  'error.title': 'Error',
  // spec 1 §2 general routes
  'notFound.text': 'Page not found!',
  'selfClosing.text': "You're all set! Your connection was successful.",
  'sso.loading': 'Please be patient...',
  'sso.transferring': 'We are transferring you.',

  'comingSoon.text': 'This screen arrives in a later release.',
  'comingSoon.home': 'Go to the start page',

  // spec 1 §2 landing
  'landing.tagline': 'Your care, your appointments and your care team in one place.',
  'landing.login': 'LOG IN',
  'landing.signUp': 'Sign up',
  // The quick-link app's landing (decision 0037).
  'landing.quickLink.heading': 'Open the link from your text message or email',
  'landing.quickLink.text':
    'Your clinic sends you a link for check-in, forms and messages about your visit. Open it on this device to continue; no password is needed.',
  'landing.quickLink.loginHint': 'Have a username and password? Log in instead.',
  'logo.alt': '{{appName}} logo',

  // spec 1 §2 login page
  'clinicLogin.link': 'Log in with your Clinic ID',
  'totp.loginText': 'Please enter the code from your authenticator app',
  'login.title': 'Log in to {{appName}}',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.showPassword': 'Show password',
  'login.submit': 'Log in',
  'login.cantLogIn': "Can't log in to your account?",
  // Decision 0064: arriving here because the session ended elsewhere (signed out from another device).
  'login.sessionEnded': 'Your session has ended. Please log in again.',
  'login.getHelp': 'Get help accessing your account',
  'login.forgotPassword': 'Forgot password? Click here',
  'login.retrievePassword': 'Retrieve new password',
  'login.noAccount': 'New here?',
  'login.signUp': 'Sign Up',
  'login.required': 'This field is required',
  'login.devOutbox':
    'Development server: codes and messages that would be emailed or texted are in the outbox at',
  'providerLogin.title': 'Provider log in',
  'providerLogin.register': 'Register as a provider',
  'providerLogin.patientLogin': 'Patient log in',

  // spec 1 §2, §5 two-factor login form
  'twoFactor.title': 'Two-Factor Authentication',
  'twoFactor.text': 'Please enter the code sent via text message and/or email',
  'twoFactor.codeLabel': 'VERIFICATION CODE:',
  'twoFactor.placeholder': 'Enter code',
  'twoFactor.codeInvalid': 'Please enter the 6-digit code',
  'twoFactor.resend': 'Send a New Code',
  'twoFactor.cancel': 'Cancel',
  'twoFactor.next': 'NEXT',
  'twoFactor.codeSent': 'Code has been sent',
  // spec 1 §2, §5 phone verification
  'phone.title': 'Phone verification',
  'phone.label': 'Phone number',
  'phone.text': 'Please enter home or mobile phone number',
  'phone.submit': 'NEXT',
  'phone.returnToLogin': 'Return to login page',

  // Screen names (h1 and page title) for every route of spec 1 §2.
  'route.root': 'Start',
  'route.selfClosing': 'Connection successful',
  'route.errorPage': 'Page not found',
  'route.oauthCode': 'Log in with a one-time code',
  'route.quickLink': 'Open a link from your clinic',
  'route.ssoLaunch': 'Single sign-on launch',
  'route.ssoLogin': 'Single sign-on',
  'route.genericError': 'Something went wrong',
  'route.guest.landing': 'Welcome',
  'route.guest.login': 'Log in',
  'route.guest.signUp': 'Sign up',
  'route.guest.providerLogin': 'Provider log in',
  'route.guest.twoFactorAuth': 'Phone verification',
  'route.guest.twoFactorLogin': 'Two-Factor Authentication',
  'route.guest.doctorRegistration': 'Provider registration',
  'route.guest.doctorRegistrationOptions': 'Choose a Care Center',
  'route.guest.doctorRegistrationPinCode': 'Enter your pin code',
  'route.guest.credentialRecoverySelect': 'Credential Recovery',
  'route.guest.forgotUsernameForm': 'Forgot username: step 1',
  'route.guest.forgotUsernameChannel': 'Forgot username: step 2',
  'route.guest.forgotUsernameSent': 'Forgot username: step 3',
  'route.guest.forgotPasswordUsername': 'Forgot password: step 1',
  'route.guest.forgotPasswordSecurityQuestion': 'Forgot password: step 2',
  'route.guest.forgotPasswordReceiveChannel': 'Forgot password: step 3',
  'route.guest.forgotPasswordActivationChannel': 'Forgot password: step 4',
  'route.guest.forgotPasswordSent': 'Forgot password: step 5',
  'route.guest.clinicLogin': 'Log in with your Clinic ID',
  'route.guest.activateAccount': 'Activate your account',
  // Decision 0059: the server's refusal of control characters in a text field (CONTROL_CHARACTERS_MESSAGE).
  'validation.controlCharacters': 'This field contains characters that are not allowed.',
} as const;

export type TranslationKey = keyof typeof en;
/** Every catalogue has every key of the English one (checked by the type of es.ts). */
export type Catalogue = Record<TranslationKey, string>;
