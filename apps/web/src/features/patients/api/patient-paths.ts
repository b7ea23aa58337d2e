// Paths of the provider's patient calls (spec 3 §7; decision 0025), clinic-scoped.
export const patientsBase = (clinicId: string) =>
  `/api/provider/clinics/${encodeURIComponent(clinicId)}/patients`;
export const patientBase = (clinicId: string, patientId: string) =>
  `${patientsBase(clinicId)}/${encodeURIComponent(patientId)}`;
