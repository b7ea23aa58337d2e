import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './format-phone.ts';

describe('formatPhone and phoneHref (issue 18)', () => {
  it('reads a North American number in national form and dials it in E.164', () => {
    expect(formatPhone('+12125550101')).toBe('(212) 555-0101');
    expect(formatPhone('2125550101')).toBe('(212) 555-0101');
    expect(formatPhone('1 (212) 555-0101')).toBe('(212) 555-0101');
    expect(phoneHref('+12125550101')).toBe('tel:+12125550101');
    expect(phoneHref('(212) 555-0101')).toBe('tel:+12125550101');
  });

  it('keeps any other number in its international form', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone(' +34911234567 ')).toBe('+34911234567');
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });

  it('leaves what is not a number as typed, with nothing to dial', () => {
    expect(formatPhone('ask the front desk')).toBe('ask the front desk');
    expect(phoneHref('ask the front desk')).toBeNull();
  });
});
