// Account settings (spec 1 §2, §3 account data) and the authenticator-app second factor
// (decision 0012). English texts of this feature, loaded with its screens (./catalogue.ts).
export const accountSettingsEn = {
  'accountSettings.title': 'Account settings',
  'accountSettings.accountData': 'Account data',
  'accountSettings.imageAlt': 'Your picture',
  'accountSettings.changeImage': 'Change picture (PNG, JPEG or WebP, up to 2 MB)',
  'accountSettings.firstName': 'First name',
  'accountSettings.name': 'Name',
  'accountSettings.email': 'Email',
  'totp.title': 'Authenticator app',
  'totp.intro':
    'Use an authenticator app as a second step when you log in: after your password, enter the 6-digit code the app shows.',
  'totp.statusOn': 'The authenticator app is on.',
  'totp.statusOff': 'The authenticator app is off.',
  'totp.setUp': 'Set up an authenticator app',
  'totp.scan': 'Scan this QR code with your authenticator app, or type the key below into it.',
  'totp.qrAlt': 'QR code for your authenticator app',
  'totp.secretLabel': 'Key:',
  'totp.codeLabel': 'Code from the app',
  'totp.confirm': 'Turn on',
  'totp.disable': 'Turn off',
  'totp.enabledNotice': 'The authenticator app is on. We will ask for its code when you log in.',
  'totp.disabledNotice': 'The authenticator app is off.',
} as const;
