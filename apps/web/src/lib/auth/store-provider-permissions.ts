import type { CurrentUser } from '@app/contracts/auth';
import { LOCAL_KEYS } from '../storage/storage-keys.ts';
import { removeItem, writeJson } from '../storage/browser-storage.ts';

/** spec 1 §4: permissions are kept only when the member type is doctor. */
export function rememberProviderPermissions(user: CurrentUser): void {
  if (user.memberType === 'doctor') {
    writeJson('local', LOCAL_KEYS.providerPermissions, user.providerPermissions);
  } else {
    removeItem('local', LOCAL_KEYS.providerPermissions);
  }
}
