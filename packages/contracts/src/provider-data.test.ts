import { describe, expect, it } from 'vitest';
import {
  insuranceFiltersSchema,
  migrateInsuranceFilters,
  videoCallPreferencesSchema,
} from './provider-data.ts';

describe('stored insurance filters (spec 3 §3: legacy departmentIdList migrated to uuids)', () => {
  const first = { id: '11', uuid: 'a1b2c3d4-0000-4000-8000-000000000011' };
  const second = { id: '12', uuid: 'a1b2c3d4-0000-4000-8000-000000000012' };
  const departments = [first, second];

  it('keeps filters in the current shape as they are', () => {
    const stored = { departmentUuidList: [first.uuid], providerIdList: ['p1'] };
    expect(migrateInsuranceFilters(stored, departments)).toEqual({ filters: stored, migrated: false });
  });

  it('maps legacy department ids to uuids, drops unknown ids and keeps the providers', () => {
    const result = migrateInsuranceFilters(
      { departmentIdList: [11, '12', 99], providerIdList: [7] },
      departments,
    );
    expect(result).toEqual({
      filters: { departmentUuidList: [first.uuid, second.uuid], providerIdList: ['7'] },
      migrated: true,
    });
    expect(insuranceFiltersSchema.safeParse(result.filters).success).toBe(true);
  });

  it('gives the empty filters ("all") for nothing stored or an unreadable value', () => {
    const empty = { departmentUuidList: [], providerIdList: [] };
    expect(migrateInsuranceFilters(null, departments)).toEqual({ filters: empty, migrated: false });
    expect(migrateInsuranceFilters('garbage', departments)).toEqual({ filters: empty, migrated: false });
  });

  it('validates the video-call preferences', () => {
    expect(videoCallPreferencesSchema.safeParse({ isBlurApplied: true }).success).toBe(true);
    expect(videoCallPreferencesSchema.safeParse({ isBlurApplied: 'yes' }).success).toBe(false);
    expect(videoCallPreferencesSchema.safeParse({ isBlurApplied: true, extra: 1 }).success).toBe(false);
  });
});
