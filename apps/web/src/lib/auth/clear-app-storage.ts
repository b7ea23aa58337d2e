import { LOCAL_KEYS, LOCAL_KEYS_KEPT_ON_LOGOUT, SESSION_KEYS } from '../storage/storage-keys.ts';
import { removeItem } from '../storage/browser-storage.ts';
import { clearSession } from './session-store.ts';

/** spec 1 §4: logout clears all stored data (device settings excepted, see storage-keys.ts). */
export function clearAppStorage(): void {
  for (const key of Object.values(LOCAL_KEYS)) {
    if (!LOCAL_KEYS_KEPT_ON_LOGOUT.includes(key)) {
      removeItem('local', key);
    }
  }
  for (const key of Object.values(SESSION_KEYS)) {
    removeItem('session', key);
  }
  clearSession();
}
