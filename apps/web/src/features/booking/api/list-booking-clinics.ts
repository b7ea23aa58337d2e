import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const BOOKING_CLINICS_PATH = '/api/scheduling/clinics';

/** GET /api/scheduling/clinics: where the signed-in person books (decision 0017). */
export async function listBookingClinics(signal?: AbortSignal) {
  const { bookingClinicListResponseSchema } = await import('@app/contracts/scheduling');
  return apiRequest(BOOKING_CLINICS_PATH, bookingClinicListResponseSchema, { signal });
}

export function useBookingClinics(enabled: boolean) {
  return useQuery({
    queryKey: [BOOKING_CLINICS_PATH],
    queryFn: ({ signal }) => listBookingClinics(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
