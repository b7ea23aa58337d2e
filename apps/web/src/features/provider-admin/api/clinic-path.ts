/** The clinic-scoped provider calls: /api/provider/clinics/:clinicId/... */
export const clinicPath = (clinicId: string, rest: string) =>
  `/api/provider/clinics/${encodeURIComponent(clinicId)}/${rest}`;
