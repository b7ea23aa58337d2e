// Amounts as plain functions (no zod), so a screen that shows a balance does not load the schema
// library with it (decisions 0006, 0074). Schemas: ./payments.ts.

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
