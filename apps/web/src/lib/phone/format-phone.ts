// Issue 18: one way to show a phone number. North American numbers (+1, or ten national digits) read
// '(212) 555-0101'; any other number keeps its international form ('+44 20 7946 0958' stays as given).
// A tel: link always dials the E.164 form.

function nanpDigits(value: string): string | null {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : null;
  }
  if (digits.length === 10) {
    return digits;
  }
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : null;
}

/** The number as a person reads it. */
export function formatPhone(value: string): string {
  const national = nanpDigits(value);
  if (national) {
    return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  }
  return value.trim();
}

/** The number to dial (E.164 when it can be known), for a tel: link; null when there is nothing to dial. */
export function phoneHref(value: string): string | null {
  const national = nanpDigits(value);
  if (national) {
    return `tel:+1${national}`;
  }
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) {
    return null;
  }
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
