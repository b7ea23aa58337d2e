import { z } from 'zod';

// spec 3 §7 "Provider data storage": the signed-in provider's own small settings, saved and read by
// key. spec 3 §3: insuranceFilters {departmentUuidList, providerIdList} (a legacy departmentIdList is
// migrated to uuids) and videoCallPreferences {isBlurApplied}. Each key has its own schema; an
// unknown key is refused (decision 0025).

export const PROVIDER_DATA_KEYS = ['insuranceFilters', 'videoCallPreferences'] as const;
export type ProviderDataKey = (typeof PROVIDER_DATA_KEYS)[number];

const idList = (label: string) =>
  z
    .array(z.string().trim().min(1, `${label} must not contain empty ids.`).max(100), {
      error: `${label} must be a list of ids.`,
    })
    .max(200, `${label} may hold at most 200 ids.`);

/** spec 3 §3 Insurance filters (stored under key insuranceFilters). Empty lists mean "all". */
export const insuranceFiltersSchema = z.strictObject({
  departmentUuidList: idList('departmentUuidList'),
  providerIdList: idList('providerIdList'),
});
export type InsuranceFilters = z.infer<typeof insuranceFiltersSchema>;

/** spec 3 §3 Video preferences (stored under key videoCallPreferences). */
export const videoCallPreferencesSchema = z.strictObject({
  isBlurApplied: z.boolean({ error: 'isBlurApplied must be true or false.' }),
});
export type VideoCallPreferences = z.infer<typeof videoCallPreferencesSchema>;

export const PROVIDER_DATA_SCHEMAS = {
  insuranceFilters: insuranceFiltersSchema,
  videoCallPreferences: videoCallPreferencesSchema,
} as const satisfies Record<ProviderDataKey, z.ZodType>;
export interface ProviderDataValues {
  insuranceFilters: InsuranceFilters;
  videoCallPreferences: VideoCallPreferences;
}

export const providerDataKeySchema = z.enum(PROVIDER_DATA_KEYS, {
  error: `The key must be one of: ${PROVIDER_DATA_KEYS.join(', ')}.`,
});
export const providerDataParamsSchema = z.object({ key: providerDataKeySchema });

/**
 * GET /api/provider/data/:key answers `{ key, value }`; value is null when nothing was saved. A
 * stored value is returned as saved (it may be a legacy shape, see migrateInsuranceFilters).
 */
export const providerDataResponseSchema = z.object({
  key: providerDataKeySchema,
  value: z.unknown().nullable(),
  updatedAt: z.string().nullable(),
});
export type ProviderDataResponse = z.infer<typeof providerDataResponseSchema>;

/** PUT /api/provider/data/:key with body `{ value }`, validated by the key's schema on the server. */
export const providerDataSaveSchema = z.object({ value: z.unknown() });

/** The legacy stored shape: department ids instead of uuids (spec 3 §3). */
const legacyInsuranceFiltersSchema = z.object({
  departmentIdList: z.array(z.union([z.string(), z.number()])).optional(),
  departmentUuidList: z.array(z.string()).optional(),
  providerIdList: z.array(z.union([z.string(), z.number()])).optional(),
});

/**
 * spec 3 §3: read stored insurance filters, migrating a legacy departmentIdList to uuids through the
 * clinic's departments (id -> uuid). Ids no longer listed are dropped; anything unreadable gives the
 * empty filters ("all"). `migrated` tells the caller to save the new shape back.
 */
export function migrateInsuranceFilters(
  stored: unknown,
  departments: readonly { id: string; uuid: string }[],
): { filters: InsuranceFilters; migrated: boolean } {
  const current = insuranceFiltersSchema.safeParse(stored);
  if (current.success) {
    return { filters: current.data, migrated: false };
  }
  const legacy = legacyInsuranceFiltersSchema.safeParse(stored);
  if (!legacy.success || stored === null) {
    return { filters: { departmentUuidList: [], providerIdList: [] }, migrated: false };
  }
  const uuidOf = new Map(departments.map((department) => [department.id, department.uuid]));
  const fromIds = (legacy.data.departmentIdList ?? [])
    .map((id) => uuidOf.get(String(id)))
    .filter((uuid): uuid is string => uuid !== undefined);
  return {
    filters: {
      departmentUuidList: [...new Set([...(legacy.data.departmentUuidList ?? []), ...fromIds])],
      providerIdList: (legacy.data.providerIdList ?? []).map(String),
    },
    migrated: true,
  };
}
