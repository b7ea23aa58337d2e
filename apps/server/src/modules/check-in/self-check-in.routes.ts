import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gte, ilike, inArray, lt, ne, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { apiErrorSchema } from '@app/contracts/errors';
import {
  kioskPatientListSchema,
  kioskPatientSearchQuerySchema,
  type KioskPatient,
} from '@app/contracts/self-check-in';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, departments } from '../../db/schema/clinics.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { access, requireAuth, type AuthContext } from '../../platform/access.ts';

const MAX_RESULTS = 20;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The kiosk's patient search (decision 0019): patients of the provider's clinics whose first or last
 * name starts with `name` and who were born on `birthdate`, with today's visits. Both are required, so
 * a kiosk cannot list a clinic's patients.
 */
export async function searchKioskPatients(
  db: Db,
  auth: AuthContext,
  query: { name: string; birthdate: string },
  now: Date,
): Promise<KioskPatient[]> {
  if (auth.clinicIds.length === 0) {
    return [];
  }
  const prefix = `${escapeLike(query.name)}%`;
  const found = await db
    .selectDistinct({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      birthdate: users.birthdate,
    })
    .from(users)
    .innerJoin(clinicPatients, eq(clinicPatients.userId, users.id))
    .where(
      and(
        inArray(clinicPatients.clinicId, auth.clinicIds),
        eq(users.memberType, 'patient'),
        eq(users.birthdate, query.birthdate),
        or(ilike(users.lastName, prefix), ilike(users.firstName, prefix)),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(MAX_RESULTS);
  if (found.length === 0) {
    return [];
  }
  const from = DateTime.fromJSDate(now).minus({ hours: 12 }).toJSDate();
  const to = DateTime.fromJSDate(now).plus({ hours: 24 }).toJSDate();
  const visits = await db
    .select({
      id: appointments.id,
      patientUserId: appointments.patientUserId,
      startAt: appointments.startAt,
      timezone: departments.timezone,
      departmentName: departments.name,
    })
    .from(appointments)
    .innerJoin(departments, eq(departments.id, appointments.departmentId))
    .where(
      and(
        inArray(
          appointments.patientUserId,
          found.map((row) => row.userId),
        ),
        inArray(appointments.clinicId, auth.clinicIds),
        ne(appointments.status, 'cancelled'),
        gte(appointments.startAt, from),
        lt(appointments.startAt, to),
      ),
    )
    .orderBy(asc(appointments.startAt));
  return found.map((row) => ({
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    birthdate: row.birthdate ?? '',
    appointments: visits
      .filter((visit) => visit.patientUserId === row.userId)
      .map((visit) => ({
        id: visit.id,
        startAt: DateTime.fromJSDate(visit.startAt, { zone: visit.timezone }).toISO() ?? '',
        timezone: visit.timezone,
        departmentName: visit.departmentName,
      })),
  }));
}

/** Self check-in (kiosk): the provider's minimal patient search (issue 6 builds the full one). */
export async function selfCheckInRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/self-check-in/patients',
    {
      // The kiosk searches the clinic's patients and runs their check-in tasks: PATIENT (decision 0060).
      config: { access: access.provider('PATIENT') },
      schema: {
        querystring: kioskPatientSearchQuerySchema,
        response: { 200: kioskPatientListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => searchKioskPatients(context.db, requireAuth(request), request.query, context.now()),
  );
}
