// Single sign-on: the provider SSO landing, the one-time-code login and the product roadmap's sign-on
// (spec 1 §2, §4, §8). English texts of this feature, spread into lib/i18n/en.ts. The loader texts
// 'Please be patient...' / 'We are transferring you.' are the shared sso.loading / sso.transferring.
export const ssoEn = {
  'roadmap.opening': 'Opening the product roadmap…',
  'roadmap.notConfigured': 'The product roadmap is not configured.',
  'roadmap.notConfiguredHelp': 'Ask your administrator to connect the feedback portal (FEEDBACK_SSO_URL).',
  'roadmap.openedInNewWindow': 'The product roadmap opened in a new window.',
  'roadmap.openAgain': 'Open the product roadmap',
  'roadmap.back': 'Back to appointments',
  'roadmap.failed': 'The product roadmap could not be opened.',
  'providerLogin.feedbackNotice': 'Log in to continue to the product roadmap.',
} as const;
