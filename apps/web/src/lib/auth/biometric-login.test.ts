import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAppStorage } from './clear-app-storage.ts';
import {
  biometricLoginReady,
  biometricOfferQueued,
  clearBiometricOffer,
  queueBiometricOffer,
  readBiometricChoice,
  storeBiometricChoice,
  storeBiometricLogin,
} from './biometric-login.ts';

function fakePlatformAuthenticator(available: boolean) {
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, {
      isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.resolve(available),
    }),
  );
}

describe('biometric login on this device (spec 1 §3, §4; decision 0012)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows the icon only when allowed and a passkey of this device is stored', () => {
    expect(biometricLoginReady()).toBe(false);
    storeBiometricLogin({ id: 'u1', passkeyId: 'p1' });
    expect(biometricLoginReady()).toBe(false);
    storeBiometricChoice('yes');
    expect(biometricLoginReady()).toBe(true);
    expect(localStorage.getItem('isBiometricAllow')).toBe('yes');
  });

  it('"no" forgets the passkey marker', () => {
    storeBiometricLogin({ id: 'u1', passkeyId: 'p1' });
    storeBiometricChoice('no');
    expect(readBiometricChoice()).toBe('no');
    expect(biometricLoginReady()).toBe(false);
  });

  it('keeps the choice and the marker through logout (they belong to the device)', () => {
    storeBiometricChoice('yes');
    storeBiometricLogin({ id: 'u1', passkeyId: 'p1' });
    clearAppStorage();
    expect(biometricLoginReady()).toBe(true);
  });

  it('asks once: only in the biometric app, with a platform authenticator, before a choice', async () => {
    fakePlatformAuthenticator(true);
    await queueBiometricOffer(false);
    expect(biometricOfferQueued()).toBe(false);
    await queueBiometricOffer(true);
    expect(biometricOfferQueued()).toBe(true);
    clearBiometricOffer();

    storeBiometricChoice('no');
    await queueBiometricOffer(true);
    expect(biometricOfferQueued()).toBe(false);
  });

  it('does not ask without a platform authenticator', async () => {
    fakePlatformAuthenticator(false);
    await queueBiometricOffer(true);
    expect(biometricOfferQueued()).toBe(false);
  });
});
