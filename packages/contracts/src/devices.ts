import { z } from 'zod';
import { singleLineText, singleLineUrl } from './text.ts';

// spec 1 §3 Device and §7 device calls (read, create, update, ticket), and Web Push for the browser.

/** spec 1 §3: deviceType is the lower-case platform. */
export const DEVICE_TYPES = ['web', 'ios', 'android'] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES, { error: 'deviceType must be web, ios or android' });

export { PUSH_REGISTRATION_DEBOUNCE_MS } from './devices-constants.ts';

const deviceIdentifierSchema = singleLineText({ error: 'deviceIdentifier is required' })
  .trim()
  .min(8, 'deviceIdentifier is not valid')
  .max(200, 'deviceIdentifier is not valid')
  .regex(/^[\w.:-]+$/, 'deviceIdentifier is not valid');

/** A browser's push subscription (PushSubscription.toJSON()), the web's deviceToken. */
export const webPushSubscriptionSchema = z.object({
  endpoint: singleLineUrl('endpoint is not valid').max(2000, 'endpoint is not valid'),
  keys: z.object({
    // Base64url: a 65-byte P-256 public key and a 16-byte secret.
    p256dh: singleLineText().regex(/^[\w-]{80,100}$/, 'keys.p256dh is not valid'),
    auth: singleLineText().regex(/^[\w-]{16,30}$/, 'keys.auth is not valid'),
  }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/**
 * spec 1 §7 "device object" of create and update. deviceToken is a native app's push token (APNs/FCM);
 * a browser sends its Web Push subscription instead. Both are optional: a device without push still
 * gets a ticket.
 */
export const deviceSchema = z
  .object({
    deviceIdentifier: deviceIdentifierSchema,
    deviceType: deviceTypeSchema,
    deviceToken: singleLineText().trim().min(1).max(4096, 'deviceToken is too long').nullable().default(null),
    pushSubscription: webPushSubscriptionSchema.nullable().default(null),
  })
  .strict();
export type DeviceInput = z.input<typeof deviceSchema>;

export const deviceLookupQuerySchema = z.object({ deviceIdentifier: deviceIdentifierSchema });
export const deviceIdParamsSchema = z.object({ id: z.uuid('id is not valid') });

/** The answer of read and create: the server's id of the device. */
export const deviceIdResponseSchema = z.object({ deviceId: z.string() });
export type DeviceIdResponse = z.infer<typeof deviceIdResponseSchema>;

/** spec 1 §7 Request device ticket: a secret returned once, for the ticket login. */
export const deviceTicketResponseSchema = z.object({ ticket: z.string() });
export type DeviceTicketResponse = z.infer<typeof deviceTicketResponseSchema>;

/** GET /public/push/public-key: the VAPID public key, or null when push is off on this server. */
export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string().nullable() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponseSchema>;

/** What a push notification carries to the service worker (never health data; decision 0013). */
export const pushPayloadSchema = z.object({
  title: z.string().max(100),
  body: z.string().max(300),
  /** A path of this app to open on click. */
  url: z.string().startsWith('/').max(500).optional(),
  /** Notifications with buttons (decision 0044): their kind, buttons and single-use action token. */
  kind: z.enum(['todo', 'password', 'message']).optional(),
  actions: z
    .array(z.object({ action: z.string().max(20), title: z.string().max(40) }))
    .max(2)
    .optional(),
  token: z.string().max(100).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const DEVICE_NOT_FOUND_TEXT = 'Device not found.';
