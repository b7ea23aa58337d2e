import { readItem, writeItem } from '../lib/storage/browser-storage.ts';
import { SESSION_KEYS } from '../lib/storage/storage-keys.ts';

/** spec 1 §9 "Web app reload: if no router outlet exists 100 ms after start". */
export const OUTLET_WAIT_MS = 100;

interface OutletWatchOptions {
  /** The element the app renders into (index.html's #root). */
  rootId?: string;
  reload?: () => void;
}

/**
 * 100 ms after start the app must have rendered something into its root (the boot screen, then the
 * router). If it has not — the element is gone, still empty or still index.html's boot screen — the start went wrong and the page is
 * reloaded. A session marker makes it once per tab session, so a start that keeps failing never turns
 * into a reload loop (decision 0016). Returns a function that cancels the check.
 */
export function watchForOutlet({
  rootId = 'root',
  reload = () => {
    window.location.reload();
  },
}: OutletWatchOptions = {}): () => void {
  const timer = setTimeout(() => {
    const root = document.getElementById(rootId);
    // index.html's own boot screen (data-static-boot) is not the app's: React replaces it.
    if (root && root.childElementCount > 0 && !root.querySelector('[data-static-boot]')) {
      return;
    }
    if (readItem('session', SESSION_KEYS.outletReload) !== null) {
      return;
    }
    writeItem('session', SESSION_KEYS.outletReload, 'yes');
    reload();
  }, OUTLET_WAIT_MS);
  return () => {
    clearTimeout(timer);
  };
}
