// Storage can throw (private modes, quota, disabled storage); the app then behaves as if it were empty.

type Area = 'local' | 'session';

function storageOf(area: Area): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(area: Area, key: string): string | null {
  try {
    return storageOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(area: Area, key: string, value: string): void {
  try {
    storageOf(area)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives only as long as the page.
  }
}

export function removeItem(area: Area, key: string): void {
  try {
    storageOf(area)?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

export function readJson(area: Area, key: string): unknown {
  const raw = readItem(area, key);
  if (raw === null) {
    return null;
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(area: Area, key: string, value: unknown): void {
  writeItem(area, key, JSON.stringify(value));
}
