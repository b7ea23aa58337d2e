/**
 * Every browser-storage key the app writes, in one place, so logout can clear them all
 * (spec 1 §4: "Logout clears all stored data") and docs can list them.
 */
export const LOCAL_KEYS = {
  /** spec 1 §3, §4 login data: the user id and member type of the last login. */
  id: 'id',
  memberType: 'memberType',
  /** spec 1 §3: default | on-fly | check-in. */
  appFlow: 'appFlow',
  /** spec 1 §1: 'selfCheckIn' turns on the kiosk mode (logout 1000 ms after start). */
  appMode: 'appMode',
  /** spec 1 §4: provider resource names, loaded from the provider resource list for doctors. */
  providerPermissions: 'providerPermissions',
  /** spec 1 §3, §4: set after sign-up, for the messaging screens' first-use warning. */
  messagingWarning: 'messagingWarning',
  /** spec 1 §3: this browser's device identifier (sent as deviceIdentifier; the ticket login's pushId). */
  pushId: 'pushId',
  /** spec 1 §3, §7: the server's id of this device and its login ticket (decision 0013). */
  deviceId: 'deviceId',
  ticket: 'ticket',
  /** The language the person chose (en, es). */
  language: 'language',
  /** Test/debug hook that shortens the idle logout (docs/decisions/0005-web-session-and-routing.md). */
  idleOverride: 'idleOverride',
  /** spec 1 §3, §4: the answer to "allow biometric login?", 'yes' or 'no' (Care Manager app). */
  isBiometricAllow: 'isBiometricAllow',
  /** Whose passkey this device holds: {id, passkeyId} (decision 0012; the spec's "id and ticket"). */
  biometricLogin: 'biometricLogin',
  /** 'yes' once the person answered "Not now" to the install offer on this device (decision 0038). */
  installOfferDismissed: 'installOfferDismissed',
} as const;

export const SESSION_KEYS = {
  /** Access and refresh tokens plus the login result (JSON); per tab, see decision 0005. */
  authSession: 'authSession',
  /** spec 1 §2: the URL a guest wanted before being sent to log in. */
  urlAfterLogin: 'urlAfterLogin',
  /** The two-factor challenge between the login, phone-verification and code screens. */
  twoFactorChallenge: 'twoFactorChallenge',
  /** Set at the first login when the biometric question is still to be asked (spec 1 §4). */
  biometricOffer: 'biometricOffer',
  /** spec 1 §9: set when the app reloaded because its router outlet was missing, so it reloads once only. */
  outletReload: 'outletReload',
  /**
   * spec 2 §4 provider-to-patient switch: the provider's own session (and permissions and the page
   * the switch started from), set aside while they act as a patient; restored by 'Return to provider'.
   */
  providerSession: 'providerSession',
  /** spec 2 §3 "Stored client state" of the check-in and on-the-fly flows (features/check-in/task-flow.ts). */
  taskListCheckInFlow: 'taskListCheckInFlow',
  task: 'task',
  checkInAppointment: 'checkInAppointment',
  /** 'check-in' | 'on-fly' for this tab's task flow (the login's app flow stays in localStorage). */
  appFlow: 'appFlow',
  /** 'selfCheckIn' while the kiosk runs a patient's check-in under the provider's session. */
  appMode: 'appMode',
  appointmentId: 'appointmentId',
  /** The clinic of the on-the-fly flow. */
  onFlyClinicUuid: 'onFlyClinicUuid',
  /** spec 1 §4 "thread data": the receivers a provider chose for a new message (decision 0026). */
  messageDraft: 'messageDraft',
} as const;

/**
 * Device settings that survive logout: the kiosk mode belongs to the device, not to the person who
 * logged out (clearing it would turn a kiosk back into a normal portal), and so do the chosen
 * language, the browser's device identifier (it names the browser, not a person), the idle test hook
 * and the biometric login of this device.
 */
export const LOCAL_KEYS_KEPT_ON_LOGOUT: readonly string[] = [
  LOCAL_KEYS.appMode,
  LOCAL_KEYS.pushId,
  LOCAL_KEYS.language,
  LOCAL_KEYS.idleOverride,
  // The biometric choice and passkey belong to the device (decision 0012): the next login uses them.
  LOCAL_KEYS.isBiometricAllow,
  LOCAL_KEYS.biometricLogin,
  // "Not now" to installing the app is this device's answer, not the person's.
  LOCAL_KEYS.installOfferDismissed,
];
