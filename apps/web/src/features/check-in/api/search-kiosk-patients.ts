import type { KioskPatient } from '@app/contracts/self-check-in';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** GET /api/self-check-in/patients: the kiosk's patient search by name and birthdate (decision 0019). */
export async function searchKioskPatients(name: string, birthdate: string): Promise<KioskPatient[]> {
  const { kioskPatientListSchema } = await import('@app/contracts/self-check-in');
  const query = new URLSearchParams({ name, birthdate });
  return apiRequest(`/api/self-check-in/patients?${query.toString()}`, kioskPatientListSchema);
}
