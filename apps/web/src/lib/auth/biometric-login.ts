import { LOCAL_KEYS, SESSION_KEYS } from '../storage/storage-keys.ts';
import { readItem, readJson, removeItem, writeItem, writeJson } from '../storage/browser-storage.ts';

// spec 1 §3, §4 biometric login (Care Manager app only), as passkeys: decision 0012.

/** spec 1 §9: the automatic prompt runs this long after the login screen loads. */
export const BIOMETRIC_CHECK_DELAY_MS = 300;

export type BiometricChoice = 'yes' | 'no';

export function readBiometricChoice(): BiometricChoice | null {
  const value = readItem('local', LOCAL_KEYS.isBiometricAllow);
  return value === 'yes' || value === 'no' ? value : null;
}

export function storeBiometricChoice(choice: BiometricChoice): void {
  writeItem('local', LOCAL_KEYS.isBiometricAllow, choice);
  if (choice === 'no') {
    forgetBiometricLogin();
  }
}

export interface BiometricLogin {
  /** The user whose passkey this device holds. */
  id: string;
  /** Our id of that passkey, so removing it in account settings also forgets it here. */
  passkeyId: string;
}

export function readBiometricLogin(): BiometricLogin | null {
  const value = readJson('local', LOCAL_KEYS.biometricLogin);
  if (typeof value === 'object' && value !== null && 'id' in value && 'passkeyId' in value) {
    const { id, passkeyId } = value;
    if (typeof id === 'string' && typeof passkeyId === 'string') {
      return { id, passkeyId };
    }
  }
  return null;
}

export function storeBiometricLogin(login: BiometricLogin): void {
  writeJson('local', LOCAL_KEYS.biometricLogin, login);
}

export function forgetBiometricLogin(): void {
  removeItem('local', LOCAL_KEYS.biometricLogin);
}

/** spec 1 §4: the icon shows only when allowed and an id and a credential are stored. */
export function biometricLoginReady(): boolean {
  return readBiometricChoice() === 'yes' && readBiometricLogin() !== null;
}

/** Whether this device has a built-in authenticator that checks a face or fingerprint. */
export async function platformBiometricsAvailable(): Promise<boolean> {
  try {
    return (
      typeof window.PublicKeyCredential === 'function' &&
      (await window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable())
    );
  } catch {
    return false;
  }
}

/**
 * spec 1 §4: on the first login, if biometrics are available and the choice is not made yet, the
 * person is asked. The question itself shows in the signed-in layout (BiometricOffer), after the
 * post-login redirect, so the redirect order stays as the spec says.
 */
export async function queueBiometricOffer(biometricLoginEnabled: boolean): Promise<void> {
  if (biometricLoginEnabled && readBiometricChoice() === null && (await platformBiometricsAvailable())) {
    writeItem('session', SESSION_KEYS.biometricOffer, '1');
  }
}

export function biometricOfferQueued(): boolean {
  return readItem('session', SESSION_KEYS.biometricOffer) === '1';
}

export function clearBiometricOffer(): void {
  removeItem('session', SESSION_KEYS.biometricOffer);
}
