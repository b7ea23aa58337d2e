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
  // Issue 19 item 2 (decision 0063): the way to the patient's access history.
  'accountSettings.accessHistoryTitle': 'Who opened my record',
  'accountSettings.accessHistoryText':
    'See who on your care team or in your family opened or changed your record, and when.',
  'accountSettings.accessHistoryLink': 'See who opened my record',
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
  // Issue 19 item 10: sessions and devices (decision 0061).
  'sessions.title': 'Sessions and devices',
  'sessions.intro': 'You are signed in on these devices. Sign out any you do not recognise.',
  'sessions.device': '{{browser}} on {{os}}',
  'sessions.unknownDevice': 'Unknown device',
  'sessions.thisDevice': 'This device',
  'sessions.address': 'Address at sign-in: {{address}}',
  'sessions.created': 'Signed in {{date}}',
  'sessions.lastUsed': 'last used {{date}}',
  'sessions.signOut': 'Sign out this device',
  'sessions.signOutLabel': 'Sign out {{device}}',
  'sessions.signOutEverywhere': 'Sign out everywhere',
  'sessions.signedOut': 'The device was signed out.',
  'sessions.signedOutOthers': 'Every other session was signed out.',
} as const;
