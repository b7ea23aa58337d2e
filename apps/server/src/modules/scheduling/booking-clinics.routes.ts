import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, inArray } from 'drizzle-orm';
import { bookingClinicListResponseSchema, type BookingClinic } from '@app/contracts/scheduling';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { clinicPatients, clinics } from '../../db/schema/clinics.ts';
import { access, requireAuth, type AuthContext } from '../../platform/access.ts';

/** A patient books in the clinics they are registered at; a provider in the clinics they work in. */
export async function listBookingClinics(db: Db, auth: AuthContext): Promise<BookingClinic[]> {
  const columns = { clinicUuid: clinics.id, clinicName: clinics.name };
  if (auth.role === 'provider') {
    if (auth.clinicIds.length === 0) {
      return [];
    }
    return db
      .select(columns)
      .from(clinics)
      .where(inArray(clinics.id, auth.clinicIds))
      .orderBy(asc(clinics.name));
  }
  return db
    .select(columns)
    .from(clinicPatients)
    .innerJoin(clinics, eq(clinics.id, clinicPatients.clinicId))
    .where(eq(clinicPatients.userId, auth.userId))
    .orderBy(asc(clinics.name));
}

/**
 * GET /api/scheduling/clinics (decision 0017): the session carries no clinic, so the booking start
 * asks where the signed-in person books when its link has no clinicUuid.
 */
export function bookingClinicsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/scheduling/clinics',
    {
      config: { access: access.authenticated },
      schema: { response: { 200: bookingClinicListResponseSchema } },
    },
    async (request) => ({ clinics: await listBookingClinics(context.db, requireAuth(request)) }),
  );
}
