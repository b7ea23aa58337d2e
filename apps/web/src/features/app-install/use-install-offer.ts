import { useCallback, useState, useSyncExternalStore } from 'react';
import { LOCAL_KEYS } from '../../lib/storage/storage-keys.ts';
import { readItem, writeItem } from '../../lib/storage/browser-storage.ts';
import {
  installState,
  promptInstall,
  subscribeInstallState,
  type InstallState,
} from '../../lib/app-install/install-prompt.ts';

export type InstallOffer = 'none' | 'prompt' | 'ios-hint';

/** The app already runs installed (its own window), so there is nothing to offer. */
export function runsInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iOS and iPadOS browsers install only through Share → Add to Home Screen and fire no prompt. */
export function isIos(userAgent = navigator.userAgent, maxTouchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * What the install offer shows (decision 0038): the browser's prompt where it has one, a hint on iOS,
 * nothing elsewhere, once installed, or once the person said "Not now" on this device.
 */
export function useInstallOffer(): { offer: InstallOffer; install: () => void; dismiss: () => void } {
  const state = useSyncExternalStore<InstallState>(subscribeInstallState, installState, () => 'unavailable');
  const [dismissed, setDismissed] = useState(
    () => readItem('local', LOCAL_KEYS.installOfferDismissed) === 'yes',
  );
  const dismiss = useCallback(() => {
    writeItem('local', LOCAL_KEYS.installOfferDismissed, 'yes');
    setDismissed(true);
  }, []);
  const install = useCallback(() => {
    void promptInstall();
  }, []);
  let offer: InstallOffer = 'none';
  if (!dismissed && state !== 'installed' && !runsInstalled()) {
    if (state === 'available') {
      offer = 'prompt';
    } else if (isIos()) {
      offer = 'ios-hint';
    }
  }
  return { offer, install, dismiss };
}
