import path from 'node:path';
import { z } from 'zod';
import { appVariantSchema } from '@app/contracts/variants';

// An unset or empty variable means "not configured".
const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url().optional(),
);

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
    SMTP_URL: optionalUrl,
    SMTP_FROM: z.string().default('Care Portal <no-reply@localhost>'),
    SMS_PROVIDER_URL: optionalUrl,
    SMS_PROVIDER_TOKEN: z.string().optional(),
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
    /**
     * Passkeys (decision 0012): the WebAuthn relying-party id (a host name, never an IP) and the name
     * shown by the browser. Unset: the id is PUBLIC_URL's host name, else the host the request came to.
     */
    WEBAUTHN_RP_ID: z.string().trim().min(1).optional(),
    WEBAUTHN_RP_NAME: z.string().trim().min(1).default('Care Portal'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required in production' });
    }
  });

export type Env = z.infer<typeof envSchema> & { DATA_DIR: string };

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
  return { ...result.data, DATA_DIR: path.resolve(base, result.data.DATA_DIR ?? 'data') };
}
