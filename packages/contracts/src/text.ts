import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE } from './errors.ts';

// Issue 19 item 5 (decision 0059): every string a request carries goes through one of these two
// builders, so a NUL (which PostgreSQL refuses with 22021, once a 500), another C0 control character
// or a lone UTF-16 surrogate (silently turned into U+FFFD on the way to the database) is a
// field-level 400 instead. Multi-line texts (message bodies, notes, free-text answers) keep tab,
// line feed and carriage return; single-line fields keep none.

// \p{Cs} under the u flag matches only a surrogate that is not half of a pair. Matching control
// characters is the point of these expressions, hence the lint exceptions.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f\p{Cs}]/u;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\p{Cs}]/u;

export function isCleanSingleLine(value: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(value);
}

export function isCleanMultiLine(value: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text (names, usernames, codes, search terms, ids that are not UUIDs): no control characters. */
export function singleLineText(params?: StringParams) {
  return z.string(params).refine(isCleanSingleLine, { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}

/** A text that may span lines (message bodies, notes, free-text answers): tab, LF and CR only. */
export function multiLineText(params?: StringParams) {
  return z.string(params).refine(isCleanMultiLine, { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}

/** Whether a zod string schema carries one of the checks above (the route-input guard test reads this). */
export function hasTextHygiene(schema: z.ZodType): boolean {
  const checks = (schema._zod.def as { checks?: { _zod: { def: { check: string; fn?: unknown } } }[] })
    .checks;
  return (checks ?? []).some(
    (check) =>
      check._zod.def.check === 'custom' &&
      (check._zod.def.fn === isCleanSingleLine || check._zod.def.fn === isCleanMultiLine),
  );
}

/** A URL (parsed, not matched, so a control character would pass z.url() alone). */
export function singleLineUrl(params?: Parameters<typeof z.url>[0]) {
  return z.url(params).refine(isCleanSingleLine, { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}
