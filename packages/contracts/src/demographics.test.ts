import { describe, expect, it } from 'vitest';
import {
  prepareAddressPayload,
  preparePersonalPayload,
  stepOfErrorField,
  stepOfFormErrors,
  updatePersonalSchema,
} from './demographics.ts';

describe('spec 2 §5 demographics rules', () => {
  it('maps server form errors to the wizard step', () => {
    for (const field of [
      'birthdate',
      'gender',
      'homePhone',
      'mobilePhone',
      'email',
      'contactPreference',
      'username',
    ]) {
      expect(stepOfErrorField(field), field).toBe('contact-info');
    }
    expect(stepOfErrorField('name')).toBe('emergency-info');
    expect(stepOfErrorField('')).toBe('emergency-info');
    for (const field of [
      'firstName',
      'lastName',
      'language',
      'raceCode',
      'stateId',
      'zip',
      'departmentUuid',
    ]) {
      expect(stepOfErrorField(field), field).toBe('personal');
    }
  });

  it('counts only non-array entries; the first counted entry decides; none counted is null', () => {
    expect(stepOfFormErrors([{ field: 'phones.0' }, { field: 'email' }, { field: 'firstName' }])).toBe(
      'contact-info',
    );
    expect(stepOfFormErrors([{ field: 'phones.0.number' }])).toBeNull();
    expect(stepOfFormErrors([{}])).toBe('emergency-info');
    expect(stepOfFormErrors([{ field: 'lastName' }, { field: 'email' }])).toBe('personal');
    expect(stepOfFormErrors([])).toBeNull();
    expect(stepOfFormErrors(undefined)).toBeNull();
  });

  it('nulls empty choices and removes image, communication language, username and phones from personal', () => {
    const payload = preparePersonalPayload({
      firstName: 'Jane',
      language: '',
      gender: '',
      contactPreference: '',
      maritalStatus: '',
      raceCode: '',
      ethnicCode: '',
      image: 'x.png',
      communicationLanguage: 'es',
      username: 'jane',
      homePhone: '1',
      mobilePhone: '2',
      phones: ['3'],
      email: '',
    });
    expect(payload).toEqual({
      firstName: 'Jane',
      language: null,
      gender: null,
      contactPreference: null,
      maritalStatus: null,
      raceCode: null,
      ethnicCode: null,
      // Only the six listed choices become null; other empties are left as they are.
      email: '',
    });
    expect(preparePersonalPayload({ gender: 'female', language: 'es' })).toMatchObject({
      gender: 'female',
      language: 'es',
    });
  });

  it('removes phone fields from the address payload', () => {
    expect(
      prepareAddressPayload({
        address1: '1 Main St',
        phones: ['1'],
        homePhone: '2',
        mobilePhone: '3',
        stateId: 'NY',
      }),
    ).toEqual({ address1: '1 Main St', stateId: 'NY' });
  });

  it('the server schema also turns empty choices into null and drops unknown keys', () => {
    const parsed = updatePersonalSchema.parse({
      firstName: 'Jane',
      lastName: 'Doe',
      language: '',
      gender: '',
      username: 'x',
      mobilePhone: '1',
    });
    expect(parsed).toMatchObject({ language: null, gender: null, birthdate: null, email: null });
    expect(parsed).not.toHaveProperty('username');
    expect(parsed).not.toHaveProperty('mobilePhone');
  });
});
