import { INVALID_LIST_CURSOR_TEXT } from '@app/contracts/list-cursor';
import { HttpError } from '../http-error.ts';

// The cursor of a list read newest first (decision 0076): "the rows after this one". It holds the id
// of the last row shown, behind a tag naming the list and a version, as base64url. Callers treat it
// as opaque. The query finds that row's sort key itself (`(time, id) < (that row's time, its id)`),
// so the key keeps the database's full precision and the cursor discloses only an id the page
// already showed. The rows a caller may see are still chosen by their filters and access: a cursor
// from another list or another caller only moves the starting point.

export interface RowCursorKind {
  /** Tag and version, e.g. `a1` for the audit trail. */
  tag: string;
  /** The id's spelling; anything else was not made by this server. */
  idPattern: string;
}

export function encodeRowCursor(kind: RowCursorKind, id: string | number): string {
  return Buffer.from(`${kind.tag}.${String(id)}`, 'utf8').toString('base64url');
}

/** The id a cursor holds; a 400 for anything this server did not make. */
export function decodeRowCursor(kind: RowCursorKind, cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = new RegExp(`^${kind.tag}\\.(${kind.idPattern})$`).exec(text);
  // Buffer skips characters outside the alphabet; a cursor must survive the round trip unchanged.
  const id = match?.[1];
  if (id === undefined || encodeRowCursor(kind, id) !== cursor) {
    throw new HttpError(400, INVALID_LIST_CURSOR_TEXT, {
      code: 'invalid_cursor',
      errors: [{ detail: INVALID_LIST_CURSOR_TEXT, field: 'before' }],
    });
  }
  return id;
}

/** The cursor of the page after `rows`, read one row longer than a page; null on the last page. */
export function nextPageCursor<Row>(
  kind: RowCursorKind,
  rows: Row[],
  pageSize: number,
  idOf: (row: Row) => string | number,
): string | null {
  const last = rows[pageSize - 1];
  return rows.length > pageSize && last !== undefined ? encodeRowCursor(kind, idOf(last)) : null;
}
