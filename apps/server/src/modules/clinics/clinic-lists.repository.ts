import { and, asc, eq, exists, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { departments, providers, providerSchedules } from '../../db/schema/clinics.ts';

/** The clinic's departments by name; with `providerId`, those where that provider has a schedule. */
export async function findClinicDepartments(db: Db, clinicId: string, providerId?: string) {
  return db
    .select({
      id: departments.id,
      name: departments.name,
      timezone: departments.timezone,
      location: departments.city,
    })
    .from(departments)
    .where(
      and(
        eq(departments.clinicId, clinicId),
        providerId
          ? exists(
              db
                .select({ id: providerSchedules.id })
                .from(providerSchedules)
                .where(
                  and(
                    eq(providerSchedules.departmentId, departments.id),
                    eq(providerSchedules.providerId, providerId),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(departments.name), asc(departments.id));
}

/** The clinic's providers by name; with departments, those with a schedule in one of them. */
export async function findClinicProviders(db: Db, clinicId: string, departmentIds: string[]) {
  return db
    .select({
      id: providers.id,
      firstName: users.firstName,
      lastName: users.lastName,
      title: providers.title,
      aclRole: providers.aclRole,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      and(
        eq(providers.clinicId, clinicId),
        eq(users.status, 'active'),
        departmentIds.length > 0
          ? exists(
              db
                .select({ id: providerSchedules.id })
                .from(providerSchedules)
                .where(
                  and(
                    eq(providerSchedules.providerId, providers.id),
                    inArray(providerSchedules.departmentId, departmentIds),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(providers.id));
}

/** The clinic's time zone: the spec's clinic has one; ours is its first department's (decision 0025). */
export async function clinicTimezone(db: Db, clinicId: string): Promise<string> {
  const [first] = await findClinicDepartments(db, clinicId);
  return first?.timezone ?? 'UTC';
}
