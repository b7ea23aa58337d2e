import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import type { ProviderPermission } from '@app/contracts/roles';
import { LOCAL_KEYS } from '../storage/storage-keys.ts';
import { readItem, readJson } from '../storage/browser-storage.ts';

// Reading side, used by the provider area only (the writing side is store-provider-permissions.ts).

export function storedProviderPermissions(): ProviderPermission[] {
  if (readItem('local', LOCAL_KEYS.memberType) !== 'doctor') {
    return [];
  }
  const stored = readJson('local', LOCAL_KEYS.providerPermissions);
  const known: readonly string[] = PROVIDER_PERMISSIONS;
  return Array.isArray(stored)
    ? stored.filter((item): item is ProviderPermission => typeof item === 'string' && known.includes(item))
    : [];
}

/** spec 1 §4: a permission check tests membership in the stored list. */
export function hasProviderPermission(permission: ProviderPermission): boolean {
  return storedProviderPermissions().includes(permission);
}
