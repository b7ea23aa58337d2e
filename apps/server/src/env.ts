import path from 'node:path';
import { z } from 'zod';
import { appVariantSchema } from '@app/contracts/variants';
import { iceServerSchema } from '@app/contracts/video-call';
import { CLOCK_REFUSED_IN_PRODUCTION } from './platform/clock.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './platform/push/push-endpoint-policy.ts';

// An unset or empty variable means "not configured".
const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url().optional(),
);

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

/** An external script's address: http(s) only, so its origin can stand in the CSP. */
const optionalScriptUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
);

/** An origin only (scheme://host[:port]): http(s) or a browser extension's scheme. */
const optionalExtensionOrigin = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .regex(
      /^(https?|chrome-extension|moz-extension|safari-web-extension):\/\/[a-z0-9.-]+(:\d{1,5})?$/i,
      'must be an origin such as chrome-extension://<id> or https://host (no path)',
    )
    .transform((value) => value.toLowerCase())
    .optional(),
);

/**
 * CLOCK_AT (decision 0031): an instant with its offset, e.g. 2027-11-07T01:30:00-04:00 or
 * 2027-11-07T05:30:00Z. A local time without an offset is refused: it would mean a different instant
 * on every machine.
 */
const optionalInstant = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.iso
    .datetime({
      offset: true,
      error: 'must be an ISO-8601 instant with an offset, e.g. 2027-11-07T01:30:00-04:00',
    })
    .transform((value) => new Date(value))
    .optional(),
);

/** CLOCK_AT_REAL: epoch milliseconds (what Date.now() gives); 13 digits, so seconds are caught. */
const optionalEpochMs = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce
    .number({ error: 'must be epoch milliseconds, e.g. 1825565400000' })
    .int('must be whole epoch milliseconds')
    .min(1e12, 'must be epoch milliseconds (13 digits), not seconds')
    .max(1e14, 'must be epoch milliseconds (13 digits)')
    .optional(),
);

/**
 * Issue 7 video visits (decision 0030): the STUN/TURN servers browsers use, as a JSON array of
 * RTCIceServer. Empty: host candidates only (loopback and LAN work; production sets e.g. coturn).
 */
const iceServerList = z
  .string()
  .default('[]')
  .transform((value, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value === '' ? '[]' : value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of RTCIceServer' });
      return z.NEVER;
    }
    const result = z.array(iceServerSchema).safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of RTCIceServer ({ urls, username?, credential? })',
      });
      return z.NEVER;
    }
    return result.data;
  });

/** A comma-separated list of absolute URLs (allowed redirect URIs). */
const urlList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    for (const item of items) {
      if (!URL.canParse(item)) {
        ctx.addIssue({ code: 'custom', message: `not a URL: ${item}` });
      }
    }
    return items;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Where the embedded database and uploaded files live when DATABASE_URL is not set. */
    DATA_DIR: z.string().optional(),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    /** HMAC key for access tokens; required in production, generated and kept in the database otherwise. */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    APP_VARIANT: appVariantSchema.default('care-plan'),
    /** The address people open; used in links that we send (activation, quick links). */
    PUBLIC_URL: optionalUrl,
    /** Extra origins allowed by CORS, comma-separated. The SPA is served by us, so none are needed. */
    CORS_ORIGINS: z.string().default(''),
    /** spec 1 §8: the address in the forgot-password notice for accounts without a security question. */
    SUPPORT_EMAIL: z.email().default('support@example.com'),
    /** spec 1 §2: the external patient portal linked from the patient side menu. */
    PATIENT_PORTAL_URL: optionalUrl,
    /**
     * spec 1 §1, §4: the live-chat widget and the product-tour service of the Care Manager app
     * (decision 0016). Unset: nothing loads. Set: the script's origin joins the CSP.
     */
    CHAT_WIDGET_SCRIPT_URL: optionalScriptUrl,
    PRODUCT_TOUR_SCRIPT_URL: optionalScriptUrl,
    /**
     * Issue 17 item 7 (decision 0046): the browser extension that embeds the browser-extension app,
     * e.g. chrome-extension://<id>. It may frame the portal (CSP frame-ancestors) and receives the SSO
     * message. Other variants ignore it.
     */
    BROWSER_EXTENSION_ORIGIN: optionalExtensionOrigin,
    SMTP_URL: optionalUrl,
    SMTP_FROM: z.string().default('Care Portal <no-reply@localhost>'),
    SMS_PROVIDER_URL: optionalUrl,
    SMS_PROVIDER_TOKEN: z.string().optional(),
    /**
     * Issue 17 item 4 (decision 0043): the outbound dialer's telephony provider. Unset: calls are kept
     * in the outbox (development) or refused with 503 (production), like SMS without a gateway.
     */
    TELEPHONY_PROVIDER_URL: optionalUrl,
    TELEPHONY_PROVIDER_TOKEN: optionalText,
    /** The number the patient sees calling (E.164); needed with TELEPHONY_PROVIDER_URL. */
    TELEPHONY_CALLER_ID: optionalText,
    /** How often the outbox worker looks for messages to deliver. Short, because two-factor codes wait on it. */
    OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** Seed the demo clinic into an empty database. Never in production. */
    DEMO_DATA: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value !== 'false'),
    /** Requests per minute to the login and two-factor routes, per client address and per account. */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
    /** Sign-up user checks and creates per 10 minutes per client address (decision 0010). */
    SIGN_UP_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    /**
     * Overrides the variant's app name (spec 1 §1). The UnitedMD app is APP_VARIANT=unitedmd (decision
     * 0037); APP_NAME=UnitedMD on the care-plan variant, its earlier spelling, still means that app.
     */
    APP_NAME: z.string().trim().min(1).max(60).optional(),
    /** Web Push (VAPID) keys, base64url; outside production a pair is generated when unset (decision 0013). */
    VAPID_PUBLIC_KEY: optionalText,
    VAPID_PRIVATE_KEY: optionalText,
    /** Who runs this server, for push services: mailto: or https: address. */
    VAPID_SUBJECT: optionalText,
    /** Push services a browser subscription may point at (host or parent domain), comma-separated. */
    WEB_PUSH_ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((value) =>
        value === undefined || value.trim() === ''
          ? [...DEFAULT_PUSH_SERVICE_HOSTS]
          : value
              .split(',')
              .map((host) => host.trim().toLowerCase())
              .filter(Boolean),
      ),
    /**
     * Provider single sign-on (spec 1 §4), one OpenID Connect client per EHR (decision 0011): the
     * issuer (discovery at <issuer>/.well-known/openid-configuration), our client id and secret there,
     * and the redirect URIs the landing may name as request_url. An EHR without an issuer is off.
     */
    SSO_ATHENAHEALTH_ISSUER: optionalUrl,
    SSO_ATHENAHEALTH_CLIENT_ID: optionalText,
    SSO_ATHENAHEALTH_CLIENT_SECRET: optionalText,
    SSO_ATHENAHEALTH_REDIRECT_URIS: urlList,
    SSO_ECW_ISSUER: optionalUrl,
    SSO_ECW_CLIENT_ID: optionalText,
    SSO_ECW_CLIENT_SECRET: optionalText,
    SSO_ECW_REDIRECT_URIS: urlList,
    /** Where one-time login codes (spec 1 §2 oauth-code/{code}) may be used, besides <PUBLIC_URL>/oauth-code. */
    OAUTH_CODE_REDIRECT_URIS: urlList,
    /**
     * spec 3 §2 side menu ANALYTICS / ADMIN SETTINGS: the provider admin site (another product) that
     * logs a provider in with a one-time code at <PROVIDER_ADMIN_URL>/oauth-code/{code} (decision 0024).
     */
    PROVIDER_ADMIN_URL: z.url().default('http://localhost:4300'),
    /** spec 3 §2 side menu SUPPORT: the providers' resource centre; unset: a mail to SUPPORT_EMAIL. */
    PROVIDER_SUPPORT_URL: optionalUrl,
    /** The feedback service's single sign-on endpoint (the product roadmap) and the key its tokens are signed with. */
    FEEDBACK_SSO_URL: optionalUrl,
    /** The roadmap's own address: the default destination, and where its `redirect` may point. */
    FEEDBACK_PORTAL_URL: optionalUrl,
    FEEDBACK_SSO_SECRET: z.string().min(32, 'FEEDBACK_SSO_SECRET must be at least 32 characters').optional(),
    /**
     * Passkeys (decision 0012): the WebAuthn relying-party id (a host name, never an IP) and the name
     * shown by the browser. Unset: the id is PUBLIC_URL's host name, else the host the request came to.
     */
    WEBAUTHN_RP_ID: z.string().trim().min(1).optional(),
    WEBAUTHN_RP_NAME: z.string().trim().min(1).default('Care Portal'),
    /** Issue 7 video visits: ICE servers (JSON) and the camera size asked of browsers (spec 3 §2). */
    VIDEO_ICE_SERVERS: iceServerList,
    VIDEO_WIDTH: z.coerce.number().int().min(160).max(3840).default(640),
    VIDEO_HEIGHT: z.coerce.number().int().min(120).max(2160).default(360),
    /**
     * Decision 0031: "now" of the server, for development and tests; refused in production. The clock
     * reads CLOCK_AT at the real instant CLOCK_AT_REAL (epoch ms; default: when the server starts) and
     * runs on at real speed, so e2e can give the browser (page.clock) and the server the same time.
     */
    CLOCK_AT: optionalInstant,
    CLOCK_AT_REAL: optionalEpochMs,
    /**
     * Issue 19 (decision 0057): `off` stops the audit hook from recording, only so bench/audit-overhead.ts
     * can measure a baseline in the same run; refused in production.
     */
    AUDIT_RECORDING: z.enum(['on', 'off']).default('on'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together or not at all',
      });
    }
    if (env.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(env.VAPID_SUBJECT)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_SUBJECT'],
        message: 'VAPID_SUBJECT must be a mailto: or https:// address',
      });
    }
    if (env.CLOCK_AT_REAL !== undefined && env.CLOCK_AT === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLOCK_AT_REAL'],
        message: 'CLOCK_AT_REAL needs CLOCK_AT (the instant it corresponds to)',
      });
    }
    if (env.NODE_ENV === 'production' && env.AUDIT_RECORDING === 'off') {
      ctx.addIssue({
        code: 'custom',
        path: ['AUDIT_RECORDING'],
        message: 'AUDIT_RECORDING=off is for benchmarks; the audit trail is always recorded in production',
      });
    }
    if (env.NODE_ENV === 'production' && (env.CLOCK_AT !== undefined || env.CLOCK_AT_REAL !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['CLOCK_AT'], message: CLOCK_REFUSED_IN_PRODUCTION });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required in production' });
    }
    for (const ehr of ['ATHENAHEALTH', 'ECW'] as const) {
      if (env[`SSO_${ehr}_ISSUER`] && (!env[`SSO_${ehr}_CLIENT_ID`] || !env[`SSO_${ehr}_CLIENT_SECRET`])) {
        ctx.addIssue({
          code: 'custom',
          path: [`SSO_${ehr}_CLIENT_ID`],
          message: `SSO_${ehr}_ISSUER needs SSO_${ehr}_CLIENT_ID and SSO_${ehr}_CLIENT_SECRET`,
        });
      }
    }
    if (env.TELEPHONY_PROVIDER_URL && !env.TELEPHONY_CALLER_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEPHONY_CALLER_ID'],
        message: 'TELEPHONY_PROVIDER_URL needs TELEPHONY_CALLER_ID (the number patients see calling)',
      });
    }
    if (env.TELEPHONY_CALLER_ID && !/^\+[1-9]\d{6,14}$/.test(env.TELEPHONY_CALLER_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEPHONY_CALLER_ID'],
        message: 'TELEPHONY_CALLER_ID must be a phone number in E.164 form, e.g. +15551234567',
      });
    }
    if (env.FEEDBACK_SSO_URL && !env.FEEDBACK_SSO_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['FEEDBACK_SSO_SECRET'],
        message: 'FEEDBACK_SSO_URL needs FEEDBACK_SSO_SECRET',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string };

/** The app name that meant the UnitedMD app before it was a variant (decision 0010). */
export const LEGACY_UNITED_MD_APP_NAME = 'UnitedMD';

/**
 * Decision 0037: the UnitedMD app is APP_VARIANT=unitedmd. Deployments that followed decision 0010 set
 * APP_NAME=UnitedMD on the care-plan variant (set or by default); that still starts the UnitedMD app,
 * which differs from care-plan only in its name and where sign-up ends.
 */
function variantOf(env: z.infer<typeof envSchema>): Env['APP_VARIANT'] {
  return env.APP_VARIANT === 'care-plan' && env.APP_NAME === LEGACY_UNITED_MD_APP_NAME
    ? 'unitedmd'
    : env.APP_VARIANT;
}

/** Parses the environment once at start; a bad value stops the process with a readable list. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  // npm runs workspace scripts inside the workspace folder; INIT_CWD is where the person typed the command.
  const base = source.INIT_CWD ?? process.cwd();
  return {
    ...result.data,
    APP_VARIANT: variantOf(result.data),
    DATA_DIR: path.resolve(base, result.data.DATA_DIR ?? 'data'),
  };
}
