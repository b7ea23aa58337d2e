// Biometric login as passkeys (spec 1 §1, §4; decision 0012). English texts of this feature, spread
// into lib/i18n/en.ts.
export const passkeysEn = {
  // spec 1 §4: the prompts name Face ID, Touch ID, facial recognition and fingerprints.
  'biometric.loginLabel': 'Log in with Face ID, Touch ID, facial recognition or fingerprint',
  'biometric.offerTitle': 'Allow biometric login?',
  'biometric.offerText':
    'Log in next time with Face ID, Touch ID, facial recognition or your fingerprint instead of your password.',
  'biometric.close': 'Close',
  'biometric.allow': 'Allow',
  'biometric.deny': "Don't allow",
  'biometric.failed': 'Biometric login did not work. Please log in with your username and password.',
  'biometric.setupFailed': 'Biometric login could not be set up on this device. You can try again later.',
  'passkeys.title': 'Passkeys',
  'passkeys.intro': 'Passkeys let you log in with Face ID, Touch ID, facial recognition or your fingerprint.',
  'passkeys.none': 'No passkeys yet.',
  'passkeys.add': 'Add a passkey on this device',
  'passkeys.remove': 'Remove',
  'passkeys.removeLabel': 'Remove passkey {{name}}',
  'passkeys.created': 'Added {{date}}',
  'passkeys.lastUsed': 'last used {{date}}',
  'passkeys.added': 'The passkey was added.',
  'passkeys.removed': 'The passkey was removed.',
} as const;
