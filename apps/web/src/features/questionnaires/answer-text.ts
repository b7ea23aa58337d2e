import { isDateAnswer, isEmptyAnswer, selectedVariants, type Field } from '@app/contracts/questionnaires';

/** A saved answer as one line of text for the provider's read-only view; null when unanswered. */
export function answerText(field: Field, language: string): string | null {
  if (field.type === 'variant') {
    const chosen = selectedVariants(field);
    return chosen.length === 0 ? null : chosen.map((variant) => variant.label).join(', ');
  }
  if (isEmptyAnswer(field, field.answer) && !(field.type === 'date_part' && isDateAnswer(field.answer))) {
    return null;
  }
  if (field.type === 'date_part' && isDateAnswer(field.answer)) {
    const { year, month, day } = field.answer;
    if (typeof year !== 'number') {
      return null;
    }
    if (typeof month !== 'number') {
      return String(year);
    }
    const date = new Date(Date.UTC(year, month - 1, typeof day === 'number' ? day : 1));
    return new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'long',
      ...(typeof day === 'number' ? { day: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(date);
  }
  if (typeof field.answer === 'number') {
    return new Intl.NumberFormat(language).format(field.answer);
  }
  return typeof field.answer === 'string' ? field.answer : null;
}
