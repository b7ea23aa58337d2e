// Clinics (spec 1 §2 /user/provider and /user/provider/connect; decision 0035), namespace 'clinics'.
// The texts the server also answers are the contract's, verbatim (clinic-invitation-code.ts).
export const clinicsEn = {
  listIntro: 'The clinics your account is connected to.',
  loading: 'Loading…',
  loadFailed: 'Your clinics could not be loaded. Please try again.',
  empty: 'You are not connected to any clinic yet.',
  emptyText: 'Use “Connect to another clinic” above with the invitation code or link your clinic gave you.',
  connectedSince: 'Connected since {{date}}',
  locations: 'Locations of {{clinic}}',
  showOnMap: 'Show on map',
  showOnMapLabel: 'Show on map: {{place}} (opens in a new tab)',
  book: 'Book a visit',
  bookLabel: 'Book a visit at {{clinic}}',
  connectAnother: 'Connect to another clinic',
  connectIntro:
    'Enter the invitation code your clinic gave you, or open the invitation link they sent. You will see the clinic before you connect.',
  codeLabel: 'Invitation code',
  codeHint: '8 letters and digits, for example K7PM-3QXD',
  check: 'Check code',
  checking: 'Checking the code…',
  previewTitle: 'Connect to this clinic?',
  previewConsent: 'Once connected, the care team of {{clinic}} can see your patient profile.',
  connect: 'Connect',
  otherCode: 'Use another code',
  alreadyConnected: 'You are already connected to {{clinic}}.',
  connectedTitle: 'You are connected',
  connected: 'You are now connected to {{clinic}}.',
  backToClinics: 'Go to your clinics',
  codeRequired: 'Please enter the invitation code from your clinic.',
  codeMalformed:
    'An invitation code has 8 letters and digits, like K7PM-3QXD. Please check the code and try again.',
  codeNotValid:
    'This invitation code is not valid. It may have expired or been withdrawn; please ask your clinic for a new one.',
  ownAccountOnly:
    'Only the patient can connect their account to a clinic. Please ask the patient to enter the code.',
  failed: 'The code could not be checked. Please try again.',
};
