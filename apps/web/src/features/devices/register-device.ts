import type { DeviceInput } from '@app/contracts/devices';
import { LOCAL_KEYS } from '../../lib/storage/storage-keys.ts';
import { readItem, writeItem } from '../../lib/storage/browser-storage.ts';
import { createDevice, getPushPublicKey, requestDeviceTicket } from './api/devices-api.ts';
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
 * spec 1 §4 device registration: find or create this browser's device, then request the ticket.
 * Issue 18 (decision 0054): one POST /api/user/devices does both — the server creates the device of
 * this identifier or updates the one it has (an upsert), so the read that answered 404 on every first
 * login (a console error) is not made. Stores pushId, deviceId and ticket (spec 1 §3).
 */
export async function registerDevice(): Promise<void> {
  const pushId = browserPushId();
  const device: DeviceInput = {
    deviceIdentifier: pushId,
    deviceType: 'web',
    deviceToken: null,
    pushSubscription: await pushSubscriptionOrNull(),
  };
  const deviceId = await createDevice(device);
  const ticket = await requestDeviceTicket(deviceId);
  writeItem('local', LOCAL_KEYS.deviceId, deviceId);
  writeItem('local', LOCAL_KEYS.ticket, ticket);
}
