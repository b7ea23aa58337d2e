import { z } from 'zod';
import { IDLE_SETTINGS } from '@app/contracts/session';
import { LOCAL_KEYS } from '../storage/storage-keys.ts';
import { readJson } from '../storage/browser-storage.ts';

export interface IdleSettings {
  idleSeconds: number;
  timeoutSeconds: number;
}

/** WCAG 2.2.1 (timing adjustable) and issue 2: the warning gives at least 20 seconds to answer. */
export const MIN_WARNING_SECONDS = 20;

const overrideSchema = z.object({
  idleSeconds: z.number().positive().optional(),
  timeoutSeconds: z.number().positive().optional(),
});

/**
 * spec 1 §9: provider layout 3600 s idle, patient layout 1200 s, both with a 30 s time-out.
 *
 * Test hook: localStorage 'idleOverride' = '{"idleSeconds":3,"timeoutSeconds":20}' shortens them
 * (the e2e suite uses it). It can only shorten, never lengthen, the idle time, so it cannot be used to
 * stay logged in longer than the spec allows; the warning never drops below MIN_WARNING_SECONDS.
 */
export function resolveIdleSettings(
  area: 'user' | 'provider',
  override: unknown = readIdleOverride(),
): IdleSettings {
  const base = area === 'provider' ? IDLE_SETTINGS.provider : IDLE_SETTINGS.patient;
  const parsed = overrideSchema.safeParse(override);
  const wanted = parsed.success ? parsed.data : {};
  const idleSeconds = Math.min(base.idleSeconds, wanted.idleSeconds ?? base.idleSeconds);
  const timeoutSeconds = Math.max(
    MIN_WARNING_SECONDS,
    Math.min(base.timeoutSeconds, wanted.timeoutSeconds ?? base.timeoutSeconds),
  );
  return { idleSeconds, timeoutSeconds };
}

export function readIdleOverride(): unknown {
  return readJson('local', LOCAL_KEYS.idleOverride);
}

/** spec 1 §1: the video-call routes disable the idle check. */
export function isIdleDisabledPath(pathname: string): boolean {
  return /^\/(provider|user)\/video-call(\/|$)/.test(pathname);
}
