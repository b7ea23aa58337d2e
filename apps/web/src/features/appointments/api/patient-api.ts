import type {
  PatientClinic,
  PatientCreateRequest,
  PatientCreateResponse,
  PatientSummary,
} from '@app/contracts/patients';
import { PATIENT_PATHS } from '@app/contracts/patient-texts';
import type { Appointment } from '@app/contracts/appointments';
import { apiRequest } from '../../../lib/api/api-client.ts';

export const APPOINTMENTS_PATH = '/api/appointments';

/** GET /api/patients/:patientId: the patient's name for the provider's view (403 without access). */
export async function getPatientSummary(patientId: string, signal?: AbortSignal): Promise<PatientSummary> {
  const { patientSummarySchema } = await import('@app/contracts/patients');
  return apiRequest(PATIENT_PATHS.summary(patientId), patientSummarySchema, { signal });
}

/** GET /api/appointments?startAt&finishAt&userId: one patient's appointments in a window (mysql dates). */
export async function listPatientAppointments(
  patientId: string,
  window: { startAt: string; finishAt: string },
  signal?: AbortSignal,
): Promise<Appointment[]> {
  const { appointmentListResponseSchema } = await import('@app/contracts/appointments');
  const query = new URLSearchParams({ ...window, userId: patientId });
  const { appointments } = await apiRequest(
    `${APPOINTMENTS_PATH}?${query.toString()}`,
    appointmentListResponseSchema,
    { signal },
  );
  return appointments;
}

/** GET /api/provider/patient-clinics: where the provider may register patients. */
export async function listPatientClinics(signal?: AbortSignal): Promise<PatientClinic[]> {
  const { patientClinicListSchema } = await import('@app/contracts/patients');
  const { clinics } = await apiRequest(PATIENT_PATHS.clinics, patientClinicListSchema, { signal });
  return clinics;
}

/** POST /api/clinics/:clinicUuid/patients: the new patient's user id. */
export async function createPatient(
  clinicUuid: string,
  patient: PatientCreateRequest,
): Promise<PatientCreateResponse> {
  const { patientCreateResponseSchema } = await import('@app/contracts/patients');
  return apiRequest(PATIENT_PATHS.create(clinicUuid), patientCreateResponseSchema, {
    method: 'POST',
    body: patient,
  });
}
