import type { ProviderPermission } from '@app/contracts/roles';
import { apiRequest } from '../api/api-client.ts';
import { LOCAL_KEYS } from '../storage/storage-keys.ts';
import { readItem, removeItem, writeJson } from '../storage/browser-storage.ts';

export function providerResourcesPath(providerId: string): string {
  return `/api/providers/${encodeURIComponent(providerId)}/resources`;
}

/**
 * spec 1 §4: provider permissions are loaded only when the stored member type is doctor, from the
 * provider resource list (spec 1 §7, by provider id), and stored; anyone else keeps none.
 */
export async function loadProviderPermissions(): Promise<ProviderPermission[]> {
  const id = readItem('local', LOCAL_KEYS.id);
  if (readItem('local', LOCAL_KEYS.memberType) !== 'doctor' || !id) {
    removeItem('local', LOCAL_KEYS.providerPermissions);
    return [];
  }
  const { providerResourcesResponseSchema } = await import('@app/contracts/roles');
  const { resources } = await apiRequest(providerResourcesPath(id), providerResourcesResponseSchema);
  writeJson('local', LOCAL_KEYS.providerPermissions, resources);
  return resources;
}
