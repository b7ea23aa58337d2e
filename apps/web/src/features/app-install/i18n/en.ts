// The installable app (issue 16 item 4, decision 0038): the offline start and the install offer.
export const appInstallEn = {
  'offline.title': 'You are offline',
  'offline.text':
    'The portal cannot be reached right now. It will reconnect by itself as soon as your connection is back.',
  'installApp.title': 'Install the app',
  'installApp.text': 'Open {{appName}} from your home screen or desktop, in its own window.',
  'installApp.install': 'Install the app',
  'installApp.notNow': 'Not now',
  'installApp.iosText': 'To install {{appName}}, tap the Share button, then "Add to Home Screen".',
  'installApp.gotIt': 'Got it',
};
