import { describe, expect, it } from 'vitest';
import type { Field } from '@app/contracts/questionnaires';
import { answerText } from './answer-text.ts';

const base: Omit<Field, 'fieldId' | 'type'> = {
  label: 'x',
  typeView: null,
  answer: null,
  required: false,
  invalid: false,
  multi: false,
  variantList: [],
};

describe('answer text (provider read-only view)', () => {
  it('shows zero, dates, variants and nothing for empty answers', () => {
    expect(answerText({ ...base, fieldId: 'n', type: 'numeric', answer: 0 }, 'en')).toBe('0');
    expect(answerText({ ...base, fieldId: 'n', type: 'numeric', answer: '' }, 'en')).toBeNull();
    expect(
      answerText(
        { ...base, fieldId: 'd', type: 'date_part', answer: { year: 2025, month: 3, day: 14 } },
        'en',
      ),
    ).toBe('March 14, 2025');
    expect(answerText({ ...base, fieldId: 'd', type: 'date_part', answer: { year: 2020 } }, 'en')).toBe(
      '2020',
    );
    const variants: Field = {
      ...base,
      fieldId: 'v',
      type: 'variant',
      answer: ['b'],
      variantList: [
        {
          id: 'a',
          label: 'Alpha',
          isExcluded: false,
          excludingVariantList: [],
          excludingQuestionList: [],
          conditionalFieldList: [],
        },
        {
          id: 'b',
          label: 'Beta',
          isExcluded: false,
          excludingVariantList: [],
          excludingQuestionList: [],
          conditionalFieldList: [],
        },
      ],
    };
    expect(answerText(variants, 'en')).toBe('Beta');
    expect(answerText({ ...variants, answer: [] }, 'en')).toBeNull();
  });
});
