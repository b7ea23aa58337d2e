// The cursor of a thread page (decision 0069): "the messages before this one". Callers treat it as
// opaque and hand back what they were given, so what it holds may change without breaking them. It
// holds a message's sequence number, which only orders messages and discloses nothing; the thread is
// still chosen by the path and the caller's participation, so a cursor from another thread only
// moves the starting point.

const VERSION = 'm1.';
/** Up to 15 digits: every bigserial a thread will reach, and still a safe integer. */
const PATTERN = /^m1\.([1-9][0-9]{0,14})$/;

export function encodeMessageCursor(seq: number): string {
  return Buffer.from(`${VERSION}${seq}`, 'utf8').toString('base64url');
}

/** The sequence number the cursor holds, or null for anything this server did not make. */
export function decodeMessageCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  // Buffer skips characters outside the alphabet; a cursor must survive the round trip unchanged.
  const match = PATTERN.exec(text);
  if (!match || encodeMessageCursor(Number(match[1])) !== cursor) {
    return null;
  }
  return Number(match[1]);
}
