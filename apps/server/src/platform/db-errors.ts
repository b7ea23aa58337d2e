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
