import { describe, expect, it } from 'vitest';
import {
  acceptsMultiple,
  activeQuestions,
  answerFormatError,
  applyExclusions,
  chooseVariant,
  clearExcludedAnswers,
  collectAnswers,
  fillForm,
  formSchema,
  invalidFields,
  isEmptyAnswer,
  isFieldInvalid,
  isFormValid,
  setFieldAnswer,
  type Field,
  type Form,
  type Variant,
} from './questionnaires.ts';

function field(overrides: Partial<Field> & Pick<Field, 'fieldId' | 'type'>): Field {
  return {
    label: overrides.fieldId,
    typeView: null,
    answer: overrides.type === 'variant' ? [] : null,
    required: false,
    invalid: false,
    multi: false,
    variantList: [],
    ...overrides,
  };
}
function variant(id: string, overrides: Partial<Variant> = {}): Variant {
  return {
    id,
    label: id,
    isExcluded: false,
    excludingVariantList: [],
    excludingQuestionList: [],
    conditionalFieldList: [],
    ...overrides,
  };
}

/** A small intake: smoking (with exclusions), packs per day, allergies with "Other: please specify". */
function intake(): Form {
  return formSchema.parse({
    formId: 'f1',
    title: 'Health history',
    description: null,
    groupList: [
      {
        id: 'g2',
        title: 'Allergies',
        order: 2,
        questionList: [
          {
            id: 'q-allergies',
            text: 'Allergies',
            isExcluded: false,
            isDeleted: false,
            fieldList: [
              field({
                fieldId: 'allergies',
                type: 'variant',
                typeView: 'checkbox',
                required: true,
                variantList: [
                  variant('none', { excludingVariantList: ['penicillin', 'other'] }),
                  variant('penicillin'),
                  variant('other', {
                    conditionalFieldList: [field({ fieldId: 'other-text', type: 'text', required: true })],
                  }),
                ],
              }),
            ],
          },
        ],
      },
      {
        id: 'g1',
        title: 'Smoking',
        order: 1,
        questionList: [
          {
            id: 'q-smoking',
            text: 'Do you smoke?',
            isExcluded: false,
            isDeleted: false,
            fieldList: [
              field({
                fieldId: 'smoking',
                type: 'variant',
                required: true,
                variantList: [
                  variant('never', {
                    excludingQuestionList: ['q-packs'],
                    excludingVariantList: ['current', 'former'],
                  }),
                  variant('former'),
                  variant('current'),
                ],
              }),
            ],
          },
          {
            id: 'q-packs',
            text: 'Packs per day',
            isExcluded: false,
            isDeleted: false,
            fieldList: [field({ fieldId: 'packs', type: 'numeric', required: true, min: 0, max: 10 })],
          },
          {
            id: 'q-old',
            text: 'Removed question',
            isExcluded: false,
            isDeleted: true,
            fieldList: [field({ fieldId: 'old', type: 'text', required: true })],
          },
        ],
      },
    ],
  });
}

describe('questionnaire rules (spec 2 §5)', () => {
  it('empty: empty list or falsy value', () => {
    const variants = field({ fieldId: 'v', type: 'variant' });
    expect(isEmptyAnswer(variants, [])).toBe(true);
    expect(isEmptyAnswer(variants, ['a'])).toBe(false);
    const text = field({ fieldId: 't', type: 'text' });
    expect(isEmptyAnswer(text, '')).toBe(true);
    expect(isEmptyAnswer(text, null)).toBe(true);
    expect(isEmptyAnswer(text, 'cough')).toBe(false);
  });

  it('numeric: null or empty string is empty, zero is valid', () => {
    const numeric = field({ fieldId: 'n', type: 'numeric' });
    expect(isEmptyAnswer(numeric, null)).toBe(true);
    expect(isEmptyAnswer(numeric, '')).toBe(true);
    expect(isEmptyAnswer(numeric, 0)).toBe(false);
    expect(isFieldInvalid({ ...numeric, required: true, answer: 0 })).toBe(false);
    expect(isFieldInvalid({ ...numeric, required: true, answer: '' })).toBe(true);
  });

  it('calendar date: empty when year, month or day is missing', () => {
    const calendar = field({ fieldId: 'c', type: 'date_part', typeView: 'calendar_date' });
    expect(isEmptyAnswer(calendar, { year: 2024, month: 5, day: 2 })).toBe(false);
    expect(isEmptyAnswer(calendar, { year: 2024, month: 5 })).toBe(true);
    expect(isEmptyAnswer(calendar, { year: 2024, day: 2, month: null })).toBe(true);
    expect(isEmptyAnswer(calendar, { month: 5, day: 2 })).toBe(true);
    expect(isEmptyAnswer(calendar, null)).toBe(true);
  });

  it('other date parts: incomplete without a year, or with a day but no month', () => {
    const parts = field({ fieldId: 'd', type: 'date_part' });
    expect(isEmptyAnswer(parts, { year: 2020 })).toBe(false);
    expect(isEmptyAnswer(parts, { year: 2020, month: 3 })).toBe(false);
    expect(isEmptyAnswer(parts, { month: 3 })).toBe(true);
    expect(isEmptyAnswer(parts, { year: 2020, day: 3 })).toBe(true);
  });

  it('invalid when flagged invalid, or required and empty', () => {
    const text = field({ fieldId: 't', type: 'text' });
    expect(isFieldInvalid(text)).toBe(false);
    expect(isFieldInvalid({ ...text, invalid: true, answer: 'x' })).toBe(true);
    expect(isFieldInvalid({ ...text, required: true })).toBe(true);
    expect(isFieldInvalid({ ...text, required: true, answer: 'x' })).toBe(false);
  });

  it('validates the conditional sub-fields of chosen variants only', () => {
    let form = intake();
    form = chooseVariant(form, 'smoking', 'former', true);
    form = setFieldAnswer(form, 'packs', 1);
    form = chooseVariant(form, 'allergies', 'penicillin', true);
    expect(isFormValid(form)).toBe(true);
    form = chooseVariant(form, 'allergies', 'other', true);
    expect(invalidFields(form).map((entry) => entry.fieldId)).toEqual(['other-text']);
    form = setFieldAnswer(form, 'other-text', 'Latex');
    expect(isFormValid(form)).toBe(true);
  });

  it('accepts multiple answers when flagged multi or checkbox-style', () => {
    expect(acceptsMultiple({ multi: true, typeView: null })).toBe(true);
    expect(acceptsMultiple({ multi: false, typeView: 'checkbox' })).toBe(true);
    expect(acceptsMultiple({ multi: false, typeView: null })).toBe(false);
    let form = intake();
    form = chooseVariant(form, 'allergies', 'penicillin', true);
    form = chooseVariant(form, 'allergies', 'other', true);
    expect(collectAnswers(form)['allergies']).toEqual(['penicillin', 'other']);
    // A one-answer field keeps only the latest choice.
    form = chooseVariant(form, 'smoking', 'former', true);
    form = chooseVariant(form, 'smoking', 'current', true);
    expect(collectAnswers(form)['smoking']).toEqual(['current']);
  });

  it('a chosen variant excludes whole questions and other variants', () => {
    let form = chooseVariant(intake(), 'smoking', 'never', true);
    expect(activeQuestions(form).map((question) => question.id)).toEqual(['q-smoking', 'q-allergies']);
    const smoking = form.groupList[1]?.questionList[0]?.fieldList[0];
    expect(smoking?.variantList.filter((v) => v.isExcluded).map((v) => v.id)).toEqual(['former', 'current']);
    // The excluded question's required field no longer locks Next.
    form = chooseVariant(form, 'allergies', 'penicillin', true);
    expect(isFormValid(form)).toBe(true);
    // Choosing another variant lifts the exclusion.
    form = chooseVariant(form, 'smoking', 'current', true);
    expect(activeQuestions(form).map((question) => question.id)).toContain('q-packs');
    expect(isFormValid(form)).toBe(false);
  });

  it('removes excluded variants from the answer; the newest choice wins', () => {
    let form = intake();
    form = chooseVariant(form, 'allergies', 'penicillin', true);
    form = chooseVariant(form, 'allergies', 'none', true);
    expect(collectAnswers(form)['allergies']).toEqual(['none']);
    form = chooseVariant(form, 'allergies', 'other', true);
    expect(collectAnswers(form)['allergies']).toEqual(['other']);
    // Answers coming from elsewhere (the server) lose their excluded variants too.
    const filled = fillForm(intake(), { allergies: ['none', 'penicillin'] });
    expect(collectAnswers(filled)['allergies']).toEqual(['none']);
  });

  it('clears the answers of excluded questions before save', () => {
    let form = fillForm(intake(), { smoking: ['current'], packs: 2, allergies: ['penicillin'] });
    form = chooseVariant(form, 'smoking', 'never', true);
    form = clearExcludedAnswers(form);
    const packs = form.groupList[1]?.questionList[1]?.fieldList[0];
    expect(packs?.answer).toBeNull();
    expect(collectAnswers(form)).toEqual({ smoking: ['never'], allergies: ['penicillin'] });
  });

  it('deleted questions are neither shown nor validated', () => {
    const form = fillForm(intake(), { smoking: ['never'], allergies: ['none'] });
    expect(activeQuestions(form).some((question) => question.id === 'q-old')).toBe(false);
    expect(isFormValid(form)).toBe(true);
  });

  it('reads the shape of answers (what the server refuses)', () => {
    const numeric = field({ fieldId: 'n', type: 'numeric', min: 0, max: 10 });
    expect(answerFormatError(numeric, 11)).toBe('Enter a number from 0 to 10.');
    expect(answerFormatError(numeric, 'ten')).toBe('Enter a number.');
    expect(answerFormatError(numeric, 0)).toBeNull();
    const date = field({ fieldId: 'd', type: 'date_part' });
    expect(answerFormatError(date, { year: 2023, month: 2, day: 29 })).toBe('Enter a valid date.');
    expect(answerFormatError(date, { year: 2024, month: 2, day: 29 })).toBeNull();
    expect(answerFormatError(date, 'yesterday')).toBe('Enter a valid date.');
    const single = field({ fieldId: 's', type: 'variant', variantList: [variant('a'), variant('b')] });
    expect(answerFormatError(single, ['a', 'b'])).toBe('Choose only one option.');
    expect(answerFormatError(single, ['zzz'])).toBe('Choose one of the options shown.');
    expect(answerFormatError({ ...single, multi: true }, ['a', 'b'])).toBeNull();
    // fillForm flags what it cannot read, so the form is invalid.
    expect(isFormValid(fillForm(intake(), { smoking: ['never'], allergies: ['none'], packs: 'x' }))).toBe(
      true,
    );
    expect(isFormValid(fillForm(intake(), { smoking: ['current'], allergies: ['none'], packs: 'x' }))).toBe(
      false,
    );
  });

  it('keeps exclusions stable whatever the order of groups in the definition', () => {
    const form = applyExclusions(fillForm(intake(), { smoking: ['never'], packs: 3 }));
    expect(form.groupList[1]?.questionList[1]?.isExcluded).toBe(true);
  });
});
