import { describe, expect, it } from 'vitest';
import { RECORD_PDF_TEXTS } from './record-pdf-texts.ts';

// Decision 0090: the Spanish texts of the record PDF are all there (TypeScript checks the keys; this
// checks the values), and none of them is English left in place.

/** Every text as `path -> value`; a function is called with sample arguments. */
function flatten(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') {
    return [[path, value]];
  }
  if (typeof value === 'function') {
    const text = (value as (...args: unknown[]) => unknown)('Ana', 2, 3);
    return [[path, String(text)]];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
    flatten(item, path ? `${path}.${key}` : key),
  );
}

/** Texts that are the same word in both languages (symbols and units Spanish writes alike). */
const SAME_IN_BOTH = new Set([
  'coverageColumns.plan',
  'unit.[degF]',
  'unit.[lb_av]',
  'unit.kg/m2',
  'unit.%',
  'unit.mm[Hg]',
]);

describe('record PDF texts', () => {
  const en = new Map(flatten(RECORD_PDF_TEXTS.en));
  const es = new Map(flatten(RECORD_PDF_TEXTS.es));

  it('has the same texts in Spanish as in English, none empty', () => {
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [path, text] of es) {
      expect(text.trim(), path).not.toBe('');
    }
  });

  it('says every word in Spanish, except symbols and units written alike', () => {
    for (const [path, text] of es) {
      if (SAME_IN_BOTH.has(path)) {
        expect(text, path).toBe(en.get(path));
      } else {
        expect(text, path).not.toBe(en.get(path));
      }
    }
  });

  it('keeps the file names to ASCII letters and hyphens', () => {
    expect(RECORD_PDF_TEXTS.en.fileName).toMatch(/^[a-z-]+$/);
    expect(RECORD_PDF_TEXTS.es.fileName).toMatch(/^[a-z-]+$/);
  });
});
