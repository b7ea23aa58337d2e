import type {
  DeviceIdResponse,
  DeviceInput,
  DeviceTicketResponse,
  PushPublicKeyResponse,
} from '@app/contracts/devices';
import { apiRequest } from '../../../lib/api/api-client.ts';
import { serverCheckedAnswer } from '../../../lib/api/server-checked-answer.ts';

// spec 1 §7 device calls. They run in the background after login: no loader (the spec's "user
// devices" exclusion matches these paths) and no banner (they are called outside react-query, whose
// caches feed the banner); a failure only means this browser gets no push this time. Every signed-in
// page makes them: their answers are checked by the server's schemas only (decision 0074).

/** POST /api/user/devices: creates the device of this identifier, or updates the one the server has. */
export async function createDevice(device: DeviceInput): Promise<string> {
  const { deviceId } = await apiRequest('/api/user/devices', serverCheckedAnswer<DeviceIdResponse>(), {
    method: 'POST',
    body: device,
  });
  return deviceId;
}

export async function requestDeviceTicket(deviceId: string): Promise<string> {
  const { ticket } = await apiRequest(
    `/api/user/device/${encodeURIComponent(deviceId)}/ticket`,
    serverCheckedAnswer<DeviceTicketResponse>(),
    { method: 'POST' },
  );
  return ticket;
}

export async function getPushPublicKey(): Promise<string | null> {
  const { publicKey } = await apiRequest(
    '/public/push/public-key',
    serverCheckedAnswer<PushPublicKeyResponse>(),
    {
      auth: false,
    },
  );
  return publicKey;
}
