import { beforeEach, describe, expect, it } from 'vitest';
import { readLocalBlurPreference, saveLocalBlurPreference } from './blur-preference.ts';

describe('blur preference of patients and guests (localStorage)', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('is off until turned on, and is remembered for the next visit', () => {
    expect(readLocalBlurPreference()).toBe(false);
    saveLocalBlurPreference(true);
    expect(readLocalBlurPreference()).toBe(true);
    saveLocalBlurPreference(false);
    expect(readLocalBlurPreference()).toBe(false);
  });

  it('treats a damaged value as off', () => {
    window.localStorage.setItem('videoCallPreferences', '{oops');
    expect(readLocalBlurPreference()).toBe(false);
  });
});
