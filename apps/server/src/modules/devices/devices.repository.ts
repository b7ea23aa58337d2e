import { and, desc, eq, gt, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices } from '../../db/schema/devices.ts';

export type DeviceRow = typeof devices.$inferSelect;

/** The fields of spec 1 §3 Device as stored (the push subscription spread over three columns). */
export interface DeviceFields {
  deviceType: DeviceRow['deviceType'];
  deviceToken: string | null;
  pushEndpoint: string | null;
  pushP256dh: string | null;
  pushAuth: string | null;
}

export async function findOwnDeviceByIdentifier(
  db: Db,
  userId: string,
  deviceIdentifier: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.deviceIdentifier, deviceIdentifier)));
  return row;
}

export async function findOwnDeviceById(db: Db, userId: string, id: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.id, id)));
  return row;
}

/**
 * A browser profile's push subscription belongs to whoever registered it last: on a shared computer
 * the previous person must stop receiving notifications there (decision 0013).
 */
async function releaseEndpointFromOthers(db: Db, endpoint: string | null, deviceId: string | null) {
  if (endpoint === null) {
    return;
  }
  await db
    .update(devices)
    .set({ pushEndpoint: null, pushP256dh: null, pushAuth: null })
    .where(
      deviceId === null
        ? eq(devices.pushEndpoint, endpoint)
        : and(eq(devices.pushEndpoint, endpoint), ne(devices.id, deviceId)),
    );
}

/**
 * Creates the device, or updates it when this person already registered the identifier (two tabs
 * that both read 404 and both create). Returns the device and whether it is new.
 */
export async function upsertDevice(
  db: Db,
  input: { userId: string; deviceIdentifier: string; fields: DeviceFields; now: Date },
): Promise<{ device: DeviceRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const existing = await findOwnDeviceByIdentifier(tx, input.userId, input.deviceIdentifier);
    await releaseEndpointFromOthers(tx, input.fields.pushEndpoint, existing?.id ?? null);
    const [row] = await tx
      .insert(devices)
      .values({
        userId: input.userId,
        deviceIdentifier: input.deviceIdentifier,
        ...input.fields,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoUpdate({
        target: [devices.userId, devices.deviceIdentifier],
        set: { ...input.fields, updatedAt: input.now },
      })
      .returning();
    if (!row) {
      throw new Error('device was not stored');
    }
    return { device: row, created: existing === undefined };
  });
}

export async function updateOwnDevice(
  db: Db,
  input: { userId: string; id: string; deviceIdentifier: string; fields: DeviceFields; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await releaseEndpointFromOthers(tx, input.fields.pushEndpoint, input.id);
    const updated = await tx
      .update(devices)
      .set({ deviceIdentifier: input.deviceIdentifier, ...input.fields, updatedAt: input.now })
      .where(and(eq(devices.userId, input.userId), eq(devices.id, input.id)))
      .returning({ id: devices.id });
    return updated.length > 0;
  });
}

/** Keeps a person's most recently used devices; older ones (and their tickets) are dropped. */
export async function pruneDevices(db: Db, userId: string, keep: number): Promise<void> {
  const recent = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(desc(devices.updatedAt))
    .limit(keep);
  if (recent.length < keep) {
    return;
  }
  await db.delete(devices).where(
    and(
      eq(devices.userId, userId),
      notInArray(
        devices.id,
        recent.map((row) => row.id),
      ),
    ),
  );
}

/** Replaces the device's ticket: an earlier one stops working at once. */
export async function storeTicket(
  db: Db,
  input: { userId: string; id: string; ticketHash: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const updated = await db
    .update(devices)
    .set({ ticketHash: input.ticketHash, ticketExpiresAt: input.expiresAt, updatedAt: input.now })
    .where(and(eq(devices.userId, input.userId), eq(devices.id, input.id)))
    .returning({ id: devices.id });
  return updated.length > 0;
}

/** Ends every ticket of a person's devices. */
export async function clearTickets(db: Db, userId: string): Promise<void> {
  await db.update(devices).set({ ticketHash: null, ticketExpiresAt: null }).where(eq(devices.userId, userId));
}

/**
 * Takes a live ticket in one statement: the row is matched by the ticket's hash and the ticket is
 * cleared in the same update, so two logins with one ticket cannot both succeed.
 */
export async function consumeTicket(
  db: Db,
  ticketHash: string,
  now: Date,
): Promise<Pick<DeviceRow, 'id' | 'userId' | 'deviceIdentifier'> | undefined> {
  const [row] = await db
    .update(devices)
    .set({ ticketHash: null, ticketExpiresAt: null, updatedAt: now })
    .where(and(eq(devices.ticketHash, ticketHash), gt(devices.ticketExpiresAt, now)))
    .returning({ id: devices.id, userId: devices.userId, deviceIdentifier: devices.deviceIdentifier });
  return row;
}
