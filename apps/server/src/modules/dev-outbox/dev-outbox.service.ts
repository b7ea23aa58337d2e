import { DEV_OUTBOX_LIMIT, type DevOutboxMessage } from '@app/contracts/dev-outbox';
import type { Db } from '../../db/client.ts';
import { decodeRowCursor, nextPageCursor, type RowCursorKind } from '../../platform/paging/row-cursor.ts';
import { findOutboxMessages } from './dev-outbox.repository.ts';

export type RecipientFilter =
  | { kind: 'all' }
  | { kind: 'email'; address: string }
  /** The last (up to) 10 digits: a US number typed as 5551234567, (555)123-4567 or +15551234567. */
  | { kind: 'phone'; digits: string }
  | { kind: 'exact'; value: string };

const MIN_PHONE_DIGITS = 7;
const US_NATIONAL_DIGITS = 10;

/**
 * Reads `?to=` forgivingly: the person looking for a code types the phone number however it appears
 * in front of them, so phone numbers are matched on their digits, not their spelling.
 */
export function parseRecipientFilter(to: string | undefined): RecipientFilter {
  const value = to?.trim().toLowerCase() ?? '';
  if (value === '') {
    return { kind: 'all' };
  }
  if (value.includes('@')) {
    return { kind: 'email', address: value };
  }
  // A push's recipient is a user id (decision 0044); its digits are not a phone number.
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)) {
    return { kind: 'exact', value };
  }
  const digits = value.replace(/\D/g, '');
  if (digits.length >= MIN_PHONE_DIGITS) {
    return { kind: 'phone', digits: digits.slice(-US_NATIONAL_DIGITS) };
  }
  return { kind: 'exact', value };
}

/** The cursor of the outbox's pages: a message's id (decision 0076). */
const OUTBOX_CURSOR: RowCursorKind = {
  tag: 'o1',
  idPattern: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
};

/**
 * A page of messages, newest first, as the dev outbox shows them: the latest, or with `before` the
 * ones after that page. One row more than a page tells whether there are older ones.
 */
export async function listDevOutbox(
  db: Db,
  to: string | undefined,
  before: string | undefined,
): Promise<{ messages: DevOutboxMessage[]; earlierCursor: string | null }> {
  const afterId = before === undefined ? null : decodeRowCursor(OUTBOX_CURSOR, before);
  const rows = await findOutboxMessages(db, parseRecipientFilter(to), afterId, DEV_OUTBOX_LIMIT + 1);
  return {
    messages: rows
      .slice(0, DEV_OUTBOX_LIMIT)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    earlierCursor: nextPageCursor(OUTBOX_CURSOR, rows, DEV_OUTBOX_LIMIT, (row) => row.id),
  };
}

/** JSON when asked for explicitly (?format=json or Accept: application/json); a page otherwise. */
export function wantsJson(format: 'json' | 'html' | undefined, accept: string | undefined): boolean {
  if (format) {
    return format === 'json';
  }
  return (accept ?? '').toLowerCase().includes('application/json');
}
