import type { HealthCard } from '@app/contracts/health-card';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { insuranceOnFile } from '../insurance/insurance-on-file.ts';
import { findPatient, findPatientClinics, findVisitLocations } from './health-card.repository.ts';

/**
 * Issue 16 (decision 0034): the signed-in patient's own card. Whose card comes from the session only: a
 * family member's session (spec 3 §4) or a provider's switch into a patient (spec 2 §4) is that patient.
 */
export async function healthCardOf(context: AppContext, auth: AuthContext): Promise<HealthCard> {
  const patient = await findPatient(context.db, auth.userId);
  if (!patient) {
    throw new HttpError(404, 'Patient not found.', { code: 'not_found' });
  }
  const [clinics, locations, insurance] = await Promise.all([
    findPatientClinics(context.db, patient.id),
    findVisitLocations(context.db, patient.id, context.now()),
    insuranceOnFile(context, patient.id),
  ]);
  return {
    patient: {
      id: patient.id,
      name: `${patient.firstName} ${patient.lastName}`.trim(),
      firstName: patient.firstName,
      lastName: patient.lastName,
      birthdate: patient.birthdate,
      memberId: patient.memberId,
    },
    clinics: clinics.map((clinic) => {
      const location = locations.find((row) => row.clinicId === clinic.id);
      return {
        ...clinic,
        location: location
          ? { name: location.name, address: location.address, city: location.city, state: location.state }
          : null,
      };
    }),
    insurance,
  };
}
