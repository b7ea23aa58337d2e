import { describe, expect, it } from 'vitest';
import { communicationLanguageAction } from './communication-language.ts';

describe('communication language (spec 1 §4)', () => {
  it("patches a patient's differing app language to the server", () => {
    expect(communicationLanguageAction('patient', 'es', 'en')).toEqual({ kind: 'patch', language: 'es' });
  });

  it("applies a provider's stored language to the app", () => {
    expect(communicationLanguageAction('doctor', 'en', 'es')).toEqual({ kind: 'apply', language: 'es' });
  });

  it('does nothing when they agree, or for a language the app does not speak', () => {
    expect(communicationLanguageAction('patient', 'en', 'en')).toEqual({ kind: 'none' });
    expect(communicationLanguageAction('doctor', 'es', 'es')).toEqual({ kind: 'none' });
    expect(communicationLanguageAction('doctor', 'en', 'fr')).toEqual({ kind: 'none' });
    expect(communicationLanguageAction('patient', 'fr', 'en')).toEqual({ kind: 'none' });
  });
});
