import type { DeviceInput } from '@app/contracts/devices';
import { isApiRequestError } from '../../lib/api/api-error.ts';
import { LOCAL_KEYS } from '../../lib/storage/storage-keys.ts';
import { readItem, writeItem } from '../../lib/storage/browser-storage.ts';
import {
  createDevice,
  getPushPublicKey,
  readDevice,
  requestDeviceTicket,
  updateDevice,
} from './api/devices-api.ts';
import { currentPushSubscription } from './push-subscription.ts';

/** This browser's device identifier, made once and kept across logins (it names the browser). */
export function browserPushId(): string {
  const stored = readItem('local', LOCAL_KEYS.pushId);
  if (stored && /^web-[0-9a-f]{32}$/.test(stored)) {
    return stored;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const pushId = `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  writeItem('local', LOCAL_KEYS.pushId, pushId);
  return pushId;
}

async function pushSubscriptionOrNull(): Promise<DeviceInput['pushSubscription']> {
  try {
    return await currentPushSubscription(await getPushPublicKey());
  } catch {
    // No push service reachable, permission revoked meanwhile...: the device registers without push.
    return null;
  }
}

/**
 * spec 1 §4 device registration: read the device by its identifier; a 404 creates it (spec 1 §8);
 * then the ticket is requested. An existing device is updated with the current push subscription.
 * Stores pushId, deviceId and ticket (spec 1 §3).
 */
export async function registerDevice(): Promise<void> {
  const pushId = browserPushId();
  const device: DeviceInput = {
    deviceIdentifier: pushId,
    deviceType: 'web',
    deviceToken: null,
    pushSubscription: await pushSubscriptionOrNull(),
  };
  let deviceId: string;
  try {
    deviceId = await readDevice(pushId);
    await updateDevice(deviceId, device);
  } catch (error) {
    if (!isApiRequestError(error) || error.status !== 404) {
      throw error;
    }
    deviceId = await createDevice(device);
  }
  const ticket = await requestDeviceTicket(deviceId);
  writeItem('local', LOCAL_KEYS.deviceId, deviceId);
  writeItem('local', LOCAL_KEYS.ticket, ticket);
}
