import { IDLE_SETTINGS } from '@app/contracts/session';
import { LOCAL_KEYS } from '../storage/storage-keys.ts';
import { readJson } from '../storage/browser-storage.ts';

export interface IdleSettings {
  idleSeconds: number;
  timeoutSeconds: number;
}

/** WCAG 2.2.1 (timing adjustable) and issue 2: the warning gives at least 20 seconds to answer. */
export const MIN_WARNING_SECONDS = 20;

type IdleOverride = Partial<IdleSettings>;

function isPositiveOrAbsent(value: unknown): value is number | undefined {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value) && value > 0);
}

/**
 * The test hook's stored value, all or nothing: an object whose given times are positive numbers.
 * Checked by hand, not with zod: every signed-in page reads it, and zod would load with it (decision
 * 0074).
 */
function readOverride(value: unknown): IdleOverride {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {};
  }
  const { idleSeconds, timeoutSeconds } = value as Record<string, unknown>;
  return isPositiveOrAbsent(idleSeconds) && isPositiveOrAbsent(timeoutSeconds)
    ? { idleSeconds, timeoutSeconds }
    : {};
}

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
  const wanted = readOverride(override);
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
