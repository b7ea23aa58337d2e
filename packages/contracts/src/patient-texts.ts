// Paths and texts of the provider's patient screens, without zod (screens import them freely).

export const PATIENT_PATHS = {
  create: (clinicUuid: string) => `/api/clinics/${encodeURIComponent(clinicUuid)}/patients`,
  summary: (patientId: string) => `/api/patients/${encodeURIComponent(patientId)}`,
  clinics: '/api/provider/patient-clinics',
} as const;

/** spec 3's text for a provider who may not see a patient. */
export const NO_PATIENT_ACCESS_TEXT = 'You do not have access to view patient details.';
export const PATIENT_EXISTS_TEXT =
  'A patient with this first name, last name and date of birth is already registered at this clinic.';
export const NO_CLINIC_ACCESS_TEXT = 'You may not register patients at this clinic.';
/** The clinic_user grant's refusal (spec 2 §4): one text whether the patient exists or not. */
export const SWITCH_NOT_ALLOWED_TEXT = 'You may not act for this patient.';
export const SWITCH_TOKEN_REQUIRED_TEXT = "The provider's access token is missing or not valid.";
