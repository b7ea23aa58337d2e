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
