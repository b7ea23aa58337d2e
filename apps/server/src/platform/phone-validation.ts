import { loadLibPhoneNumber } from './lazy/libphonenumber.ts';

/**
 * The public phone check (spec 1 §7, §9: region US, type mobile). The full ("max") metadata is needed
 * to tell a number's type. US and Canadian numbers do not say whether they are mobile or fixed
 * (libphonenumber answers FIXED_LINE_OR_MOBILE for them), so that counts as mobile; toll-free,
 * premium-rate, pager and other services do not.
 */
export async function isValidMobilePhone(phone: string, region: string): Promise<boolean> {
  const { isSupportedCountry, parsePhoneNumberFromString } = await loadLibPhoneNumber();
  if (!isSupportedCountry(region)) {
    return false;
  }
  const parsed = parsePhoneNumberFromString(phone, region);
  if (!parsed?.isValid()) {
    return false;
  }
  const kind = parsed.getType();
  return kind === 'MOBILE' || kind === 'FIXED_LINE_OR_MOBILE';
}

/** The number in E.164 (+12125550101), the form the accounts table keeps; null if not valid. */
export async function toE164(phone: string, region: string): Promise<string | null> {
  const { isSupportedCountry, parsePhoneNumberFromString } = await loadLibPhoneNumber();
  if (!isSupportedCountry(region)) {
    return null;
  }
  const parsed = parsePhoneNumberFromString(phone, region);
  return parsed?.isValid() ? parsed.number : null;
}
