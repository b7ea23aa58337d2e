/**
 * PostgreSQL's unique_violation (23505), found on the error or anywhere down its `cause` chain (drizzle
 * wraps the driver's error), with the constraint's name when the driver gives one. Used where a
 * unique index, not a prior check, decides a race (usernames, device identifiers, member numbers).
 */
export function uniqueViolation(error: unknown): { constraint: string | null } | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ('code' in current && current.code === '23505') {
      const constraint =
        'constraint' in current && typeof current.constraint === 'string' ? current.constraint : null;
      return { constraint };
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}

export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== null;
}

/**
 * PostgreSQL's exclusion_violation (23P01), with the constraint's name, found like uniqueViolation.
 * The appointments_no_overlap constraint decides a race for one slot (ARCHITECTURE.md).
 */
export function exclusionViolation(error: unknown): { constraint: string | null } | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ('code' in current && current.code === '23P01') {
      const constraint =
        'constraint' in current && typeof current.constraint === 'string' ? current.constraint : null;
      return { constraint };
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}

/** What a log line may say about a database error: no query text, no parameters, no row values. */
export interface DatabaseErrorSummary {
  /** The SQLSTATE (e.g. 23505), or null when the query never reached the database. */
  code: string | null;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  dataType?: string;
  /** The database's own message with every quoted value replaced by "?" (identifiers above stay). */
  message: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function errorChain(error: unknown): object[] {
  const chain: object[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && !chain.includes(current)) {
    chain.push(current);
    current = 'cause' in current ? current.cause : undefined;
  }
  return chain;
}

function stringField(source: object | undefined, key: string): string | undefined {
  const value = source ? (source as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * A database error as logs may carry it (issue 19 item 4, decision 0058), or null for any other error.
 * Drizzle wraps the driver's error in one whose message is the query text and its parameters; PGlite's,
 * node-postgres' (and postgres.js') errors carry `detail` ("Failing row contains (…)", "Key (email)=(…)"),
 * `where`, `query` and `parameters`. None of those survive: the summary keeps the SQLSTATE, the names
 * of the constraint, table, column and type, and the database's message with quoted values blanked.
 */
export function describeDatabaseError(error: unknown): DatabaseErrorSummary | null {
  const chain = errorChain(error);
  const driverError = chain.find((item) => SQLSTATE.test(stringField(item, 'code') ?? ''));
  const wrapped = chain.some((item) => 'params' in item || 'query' in item || 'parameters' in item);
  if (!driverError && !wrapped) {
    return null;
  }
  const summary: DatabaseErrorSummary = { code: stringField(driverError, 'code') ?? null, message: '' };
  const kept = new Set<string>();
  for (const key of ['constraint', 'table', 'column', 'schema', 'dataType'] as const) {
    const value = stringField(driverError, key);
    if (value) {
      summary[key] = value;
      kept.add(value);
    }
  }
  // The database's message (or, when the query never reached it, the innermost error's): never the
  // wrapper's, which quotes the whole query and its parameters.
  const source =
    driverError ?? [...chain].reverse().find((item) => !('params' in item) && !('query' in item)) ?? null;
  const message = stringField(source ?? undefined, 'message') ?? 'database error';
  summary.message = scrubValues(message, kept);
  return summary;
}

/** Quoted parts of a database message are values ("invalid input syntax for type uuid: "…"") unless named. */
function scrubValues(message: string, identifiers: Set<string>): string {
  const firstLine = message.split('\n')[0] ?? '';
  return firstLine
    .replace(/"([^"]*)"/g, (whole, inner: string) => (identifiers.has(inner) ? whole : '"?"'))
    .replace(/'([^']*)'/g, "'?'")
    .replace(/\(([^)]*)\)=\(([^)]*)\)/g, '(?)=(?)');
}

/**
 * PostgreSQL's character_not_in_repertoire (22021: a NUL or invalid UTF-8 in text) or
 * untranslatable_character (22P05: \u0000 in jsonb), found like uniqueViolation. The contracts refuse
 * such input first (decision 0059); this is the error handler's last line of defence, so input that
 * slips past a schema is still a 400, not a 500.
 */
export function isInvalidTextError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ('code' in current && (current.code === '22021' || current.code === '22P05')) {
      return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
