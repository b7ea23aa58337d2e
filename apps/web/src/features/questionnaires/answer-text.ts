import { isDateAnswer, isEmptyAnswer, selectedVariants, type Field } from '@app/contracts/questionnaires';
import { formatCalendarDate } from '../../lib/dates/format-time.ts';

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
    const pad = (value: number) => String(value).padStart(2, '0');
    const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(typeof day === 'number' ? day : 1)}`;
    return formatCalendarDate(date, language, typeof day === 'number' ? 'dateLong' : 'monthYear');
  }
  if (typeof field.answer === 'number') {
    return new Intl.NumberFormat(language).format(field.answer);
  }
  return typeof field.answer === 'string' ? field.answer : null;
}
