import type * as Ics from 'ics';

// Imported when first used (decision 0078): ics brings its own schema validation library, and only
// the "add to calendar" download needs it.
let loading: Promise<typeof Ics> | undefined;

export function loadIcs(): Promise<typeof Ics> {
  loading ??= import('ics');
  return loading;
}
