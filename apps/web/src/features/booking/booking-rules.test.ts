import { describe, expect, it } from 'vitest';
import {
  commentToSend,
  createEach,
  joinLabels,
  missingFilters,
  profileFilters,
  recurringNeedsPeriod,
} from './booking-rules.ts';

const item = (id: string) => ({ id, name: id });
const none = { stateId: null, insuranceId: null, specialtyId: null, visitTypeId: null };

describe('missingFilters (spec 2 §5)', () => {
  it('asks for state only when more than one state exists, insurance and specialty when listed, and visit type', () => {
    const options = { states: [item('NY'), item('NJ')], insurances: [item('i')], specialties: [item('s')] };
    expect(missingFilters(options, none, false)).toEqual(['state', 'insurance', 'specialty', 'visitType']);
    expect(missingFilters({ states: [item('NY')], insurances: [], specialties: [] }, none, false)).toEqual([
      'visitType',
    ]);
    expect(
      missingFilters(options, { stateId: 'NY', insuranceId: 'i', specialtyId: 's', visitTypeId: 'v' }, false),
    ).toEqual([]);
  });

  it('needs only the visit type in the care-manager app', () => {
    const options = { states: [item('NY'), item('NJ')], insurances: [item('i')], specialties: [item('s')] };
    expect(missingFilters(options, none, true)).toEqual(['visitType']);
    expect(missingFilters(options, { ...none, visitTypeId: 'v' }, true)).toEqual([]);
  });
});

describe('joinLabels', () => {
  it('joins the labels of the Almost done! text', () => {
    expect(joinLabels(['Visit type'], 'and')).toBe('Visit type');
    expect(joinLabels(['State', 'Visit type'], 'and')).toBe('State and Visit type');
    expect(joinLabels(['State', 'Insurance', 'Visit type'], 'and')).toBe('State, Insurance and Visit type');
  });
});

describe('recurring and comment rules', () => {
  it('wants a repeat period once days are chosen (spec 2 §5)', () => {
    expect(recurringNeedsPeriod([1, 3], null)).toBe(true);
    expect(recurringNeedsPeriod([1, 3], 2)).toBe(false);
    expect(recurringNeedsPeriod([], null)).toBe(false);
  });

  it('sends the reason only when it is not blank after trimming (spec 2 §3)', () => {
    expect(commentToSend('   ')).toBeUndefined();
    expect(commentToSend('  knee pain ')).toBe('knee pain');
  });

  it('creates each slot separately and yields -1 for a failed one (spec 2 §4)', async () => {
    const created: number[] = [];
    const ids = await createEach([1, 2, 3], (slot) => {
      created.push(slot);
      return slot === 2 ? Promise.reject(new Error('taken')) : Promise.resolve(`a${String(slot)}`);
    });
    expect(created).toEqual([1, 2, 3]);
    expect(ids).toEqual(['a1', -1, 'a3']);
  });
});

describe('profileFilters (issue 18: State and Insurance from the profile)', () => {
  const options = {
    states: [item('NY'), item('NJ')],
    insurances: [
      { id: 'ins-aetna', name: 'Aetna' },
      { id: 'ins-bcbs', name: 'Blue Cross Blue Shield' },
    ],
  };

  it("takes the address's state and the first card whose insurance company the clinic lists", () => {
    expect(
      profileFilters(options, {
        stateId: 'NJ',
        insuranceNames: ['Unknown Health', ' blue cross blue shield ', 'Aetna'],
      }),
    ).toEqual({ stateId: 'NJ', insuranceId: 'ins-bcbs' });
  });

  it('leaves out what the clinic does not list, and the state when there is no State filter', () => {
    expect(profileFilters(options, { stateId: 'CA', insuranceNames: ['Medicare'] })).toEqual({});
    expect(
      profileFilters({ ...options, states: [item('NY')] }, { stateId: 'NY', insuranceNames: [] }),
    ).toEqual({});
    expect(profileFilters(options, { stateId: null, insuranceNames: ['AETNA'] })).toEqual({
      insuranceId: 'ins-aetna',
    });
  });
});
