import type { deviceSchema } from '@app/contracts/devices';
import { DEVICE_NOT_FOUND_TEXT, type DeviceIdResponse } from '@app/contracts/devices';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { randomToken, sha256 } from '../../platform/passwords.ts';
import type { Db } from '../../db/client.ts';
import {
  clearTickets,
  findOwnDeviceByIdentifier,
  pruneDevices,
  storeTicket,
  updateOwnDevice,
  upsertDevice,
  type DeviceFields,
} from './devices.repository.ts';
import { isAllowedPushEndpoint } from '../../platform/push/push-endpoint-policy.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';

type Device = z.output<typeof deviceSchema>;

/** A ticket lets its device log in without a password for this long, unless replaced or used first. */
export const DEVICE_TICKET_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Every browser and phone registers itself; beyond this many the least recently used go. */
export const MAX_DEVICES_PER_USER = 20;

function notFound(): HttpError {
  // Someone else's device answers exactly like a device that does not exist.
  return new HttpError(404, DEVICE_NOT_FOUND_TEXT, { code: 'device_not_found' });
}

function fieldsOf(context: AppContext, device: Device): DeviceFields {
  const subscription = device.pushSubscription;
  if (subscription) {
    const allowed = isAllowedPushEndpoint(subscription.endpoint, {
      production: context.env.NODE_ENV === 'production',
      allowedHosts: context.env.WEB_PUSH_ALLOWED_HOSTS,
    });
    if (!allowed) {
      const detail = 'The push endpoint is not a known push service.';
      throw new HttpError(400, detail, {
        code: 'invalid_push_endpoint',
        errors: [{ detail, field: 'pushSubscription.endpoint' }],
      });
    }
  }
  return {
    deviceType: device.deviceType,
    deviceToken: device.deviceToken,
    pushEndpoint: subscription?.endpoint ?? null,
    pushP256dh: subscription?.keys.p256dh ?? null,
    pushAuth: subscription?.keys.auth ?? null,
  };
}

/** spec 1 §7 Read device: the caller's device with this identifier, else 404 (the client then creates it). */
export async function readDevice(
  context: AppContext,
  auth: AuthContext,
  deviceIdentifier: string,
): Promise<DeviceIdResponse> {
  const device = await findOwnDeviceByIdentifier(context.db, auth.userId, deviceIdentifier);
  if (!device) {
    throw notFound();
  }
  return { deviceId: device.id };
}

/** spec 1 §7 Create device. Creating an identifier the caller already has updates it (decision 0013). */
export async function createDevice(
  context: AppContext,
  auth: AuthContext,
  device: Device,
): Promise<{ deviceId: string; created: boolean }> {
  const fields = fieldsOf(context, device);
  let outcome: Awaited<ReturnType<typeof upsertDevice>>;
  try {
    outcome = await upsertDevice(context.db, {
      userId: auth.userId,
      deviceIdentifier: device.deviceIdentifier,
      fields,
      now: context.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // Another person registered the same push subscription at the same moment.
      throw new HttpError(409, 'The device could not be registered. Please try again.', {
        code: 'device_conflict',
      });
    }
    throw error;
  }
  const { device: row, created } = outcome;
  if (created) {
    await pruneDevices(context.db, auth.userId, MAX_DEVICES_PER_USER);
  }
  return { deviceId: row.id, created };
}

/** spec 1 §7 Update device: the caller's own device only. */
export async function updateDevice(
  context: AppContext,
  auth: AuthContext,
  id: string,
  device: Device,
): Promise<void> {
  const fields = fieldsOf(context, device);
  let updated: boolean;
  try {
    updated = await updateOwnDevice(context.db, {
      userId: auth.userId,
      id,
      deviceIdentifier: device.deviceIdentifier,
      fields,
      now: context.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The caller renamed this device to an identifier another of their devices already has.
      const detail = 'Another of your devices already has this identifier.';
      throw new HttpError(409, detail, {
        code: 'device_identifier_in_use',
        errors: [{ detail, field: 'deviceIdentifier' }],
      });
    }
    throw error;
  }
  if (!updated) {
    throw notFound();
  }
}

/**
 * spec 1 §7 Request device ticket: a fresh 256-bit secret, returned once and stored as a hash. Each
 * request replaces the previous ticket of the device (rotation); a ticket also ends when used.
 */
export async function requestDeviceTicket(
  context: AppContext,
  auth: AuthContext,
  id: string,
): Promise<{ ticket: string }> {
  const now = context.now();
  const ticket = randomToken();
  const stored = await storeTicket(context.db, {
    userId: auth.userId,
    id,
    ticketHash: sha256(ticket),
    expiresAt: new Date(now.getTime() + DEVICE_TICKET_TTL_MS),
    now,
  });
  if (!stored) {
    throw notFound();
  }
  return { ticket };
}

/**
 * A new password ends every device ticket of the person (decision 0013): a ticket that leaked must not
 * outlive the password change that follows. Called by the accounts module.
 */
export async function revokeDeviceTickets(db: Db, userId: string): Promise<void> {
  await clearTickets(db, userId);
}
