import { z } from 'zod';

// spec 3 §7 Departments simple list and Provider simple list, and spec 3 §3 "Department: uuid, name.
// Provider in a simple list: id, name, aclRole". Paths ours: GET /api/provider/clinics/:clinicId/
// departments and /providers (decision 0025).

/** Access-control roles of a provider in a clinic. */
export const ACL_ROLES = ['provider', 'physician', 'member_physician', 'staff', 'admin'] as const;
export type AclRole = (typeof ACL_ROLES)[number];

/** spec 3 §2 insurance filter: the provider list includes only these roles. */
export const INSURANCE_FILTER_ACL_ROLES: readonly AclRole[] = ['provider', 'physician', 'member_physician'];

const uuidList = z.preprocess(
  (value) =>
    value === undefined ? [] : typeof value === 'string' ? value.split(',').filter(Boolean) : value,
  z.array(z.uuid('departments must hold valid ids.')).max(200, 'departments may hold at most 200 ids.'),
);

export const departmentListQuerySchema = z.object({
  /** Only the departments where this provider (a providers-list id) has a schedule. */
  providerId: z.uuid('providerId is not valid').optional(),
});
/**
 * spec 2 §3 / spec 3 §3 Department: id and uuid (the same value here), name; `location` is its city,
 * which the schedule's location filter lists (decision 0024).
 */
export const departmentListSchema = z.array(
  z.object({
    id: z.string(),
    uuid: z.string(),
    name: z.string(),
    timezone: z.string(),
    location: z.string().nullable(),
  }),
);
export type SimpleDepartment = z.infer<typeof departmentListSchema>[number];

export const providerListQuerySchema = z.object({ departments: uuidList });
export const providerListSchema = z.array(
  z.object({ id: z.string(), name: z.string(), aclRole: z.enum(ACL_ROLES) }),
);
export type SimpleProvider = z.infer<typeof providerListSchema>[number];
