import type { DeviceInput } from '@app/contracts/devices';
import { apiRequest } from '../../../lib/api/api-client.ts';

// spec 1 §7 device calls. They run in the background after login: no loader (the spec's "user
// devices" exclusion matches these paths) and no banner (they are called outside react-query, whose
// caches feed the banner); a failure only means this browser gets no push this time.

/** POST /api/user/devices: creates the device of this identifier, or updates the one the server has. */
export async function createDevice(device: DeviceInput): Promise<string> {
  const { deviceIdResponseSchema } = await import('@app/contracts/devices');
  const { deviceId } = await apiRequest('/api/user/devices', deviceIdResponseSchema, {
    method: 'POST',
    body: device,
  });
  return deviceId;
}

export async function requestDeviceTicket(deviceId: string): Promise<string> {
  const { deviceTicketResponseSchema } = await import('@app/contracts/devices');
  const { ticket } = await apiRequest(
    `/api/user/device/${encodeURIComponent(deviceId)}/ticket`,
    deviceTicketResponseSchema,
    { method: 'POST' },
  );
  return ticket;
}

export async function getPushPublicKey(): Promise<string | null> {
  const { pushPublicKeyResponseSchema } = await import('@app/contracts/devices');
  const { publicKey } = await apiRequest('/public/push/public-key', pushPublicKeyResponseSchema, {
    auth: false,
  });
  return publicKey;
}
