import { describe, expect, it } from 'vitest';
import {
  CONNECT_OWN_ACCOUNT_ONLY_TEXT,
  INVITATION_CODE_MALFORMED_TEXT,
  INVITATION_CODE_REQUIRED_TEXT,
  INVITATION_NOT_VALID_TEXT,
} from '@app/contracts/clinic-invitation-code';
import { mapUrlOf, placeText } from './clinic-places.ts';
import { clinicsEn } from './i18n/en.ts';

describe('clinic places (decision 0035)', () => {
  const place = {
    name: 'Hillcrest Downtown',
    address: '88 Asylum Street, Hartford, CT 06103',
    city: 'Hartford',
    state: 'CT',
  };

  it('writes the street address, else the city and state, else nothing', () => {
    expect(placeText(place)).toBe('88 Asylum Street, Hartford, CT 06103');
    expect(placeText({ ...place, address: null })).toBe('Hartford, CT');
    expect(placeText({ ...place, address: null, state: null })).toBe('Hartford');
    expect(placeText({ ...place, address: null, city: null, state: null })).toBeNull();
  });

  it('links a map search for the place, and no map without one', () => {
    expect(mapUrlOf(place)).toBe(
      'https://www.google.com/maps/search/?api=1&query=88%20Asylum%20Street%2C%20Hartford%2C%20CT%2006103',
    );
    expect(mapUrlOf({ ...place, address: null, city: null, state: null })).toBeNull();
  });
});

describe('clinics texts', () => {
  it('say what the server says, verbatim in English', () => {
    expect(clinicsEn.codeRequired).toBe(INVITATION_CODE_REQUIRED_TEXT);
    expect(clinicsEn.codeMalformed).toBe(INVITATION_CODE_MALFORMED_TEXT);
    expect(clinicsEn.codeNotValid).toBe(INVITATION_NOT_VALID_TEXT);
    expect(clinicsEn.ownAccountOnly).toBe(CONNECT_OWN_ACCOUNT_ONLY_TEXT);
  });
});
