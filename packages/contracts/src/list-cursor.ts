import { singleLineText } from './text.ts';

// Lists that grow without bound and are read newest first (issue 20 item 4, decision 0076): the audit
// search, the patient's access history and the dev outbox. Each page names the page after it with an
// opaque cursor, `?before=<cursor>`, as threads do (decision 0069).

export const INVALID_LIST_CURSOR_TEXT =
  'This link to more entries is not valid. Open the list again to start from the newest.';

/**
 * `?before=` exactly as a previous page gave it. Only its alphabet and length are checked here; the
 * server reads it and refuses one it did not make with the same text.
 */
export const listCursorSchema = () =>
  singleLineText()
    .regex(/^[A-Za-z0-9_-]{1,80}$/, INVALID_LIST_CURSOR_TEXT)
    .optional();
