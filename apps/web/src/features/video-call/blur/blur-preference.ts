// spec 3 §3 video preferences: whether blur is on when the next visit starts. Providers keep it in
// the provider data store (videoCallPreferences.isBlurApplied); patients and guests in localStorage.

const STORAGE_KEY = 'videoCallPreferences';

export function readLocalBlurPreference(storage: Storage = window.localStorage): boolean {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { isBlurApplied?: unknown }).isBlurApplied === true
    );
  } catch {
    return false;
  }
}

export function saveLocalBlurPreference(
  isBlurApplied: boolean,
  storage: Storage = window.localStorage,
): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ isBlurApplied }));
  } catch {
    // Private mode or a full storage: the choice lasts for this visit only.
  }
}
