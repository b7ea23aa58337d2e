import { SESSION_KEYS } from '../storage/storage-keys.ts';
import { readItem, removeItem, writeItem } from '../storage/browser-storage.ts';

/** spec 1 §2: a guest sent to log in keeps the wanted URL as urlAfterLogin. */
export function rememberUrlAfterLogin(url: string): void {
  writeItem('session', SESSION_KEYS.urlAfterLogin, url);
}

export function readUrlAfterLogin(): string | null {
  return readItem('session', SESSION_KEYS.urlAfterLogin);
}

export function forgetUrlAfterLogin(): void {
  removeItem('session', SESSION_KEYS.urlAfterLogin);
}
