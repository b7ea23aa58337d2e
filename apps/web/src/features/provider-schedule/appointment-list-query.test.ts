import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  apiQueryOf,
  listFiltersOf,
  listSearchOf,
  NO_FILTERS,
} from './appointment-list-query.ts';

const A = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const B = '0b3c6d6a-2f44-4d3e-9a55-6a1c2c7e9f10';

describe('the appointment list in the URL (decision 0039)', () => {
  it('reads nothing as the defaults (the server fills in today + 7 days)', () => {
    expect(listFiltersOf(new URLSearchParams(''))).toEqual(NO_FILTERS);
    expect(listSearchOf(NO_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const search = new URLSearchParams({
      clinic: A,
      from: '2026-11-24',
      to: '2026-11-30',
      providerIds: `${A},${B}`,
      departmentUuids: B,
      statuses: 'cancelled,booked',
      types: 'video_call',
      q: 'ann walker',
      page: '3',
    });
    const filters = listFiltersOf(search);
    expect(filters).toEqual({
      clinic: A,
      from: '2026-11-24',
      to: '2026-11-30',
      providerIds: [A, B],
      departmentUuids: [B],
      // In the list's own order, whatever order the link had.
      statuses: ['booked', 'cancelled'],
      types: ['video_call'],
      q: 'ann walker',
      page: 3,
    });
    expect(listFiltersOf(listSearchOf(filters))).toEqual(filters);
    expect(activeFilterCount(filters)).toBe(7);
    // The clinic is the call's path, not its query.
    expect(apiQueryOf(filters).has('clinic')).toBe(false);
    expect(apiQueryOf(filters).get('page')).toBe('3');
  });

  it('drops what a person cannot have meant', () => {
    expect(
      listFiltersOf(
        new URLSearchParams({
          clinic: 'x',
          from: '24.11.2026',
          providerIds: `nope,${A},${A}`,
          statuses: 'pending,confirmed',
          types: 'phone',
          page: '-2',
        }),
      ),
    ).toEqual({ ...NO_FILTERS, providerIds: [A], statuses: ['confirmed'] });
    expect(listFiltersOf(new URLSearchParams({ page: '1.5' })).page).toBe(1);
  });
});
