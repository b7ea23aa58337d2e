// The permission names as plain data, apart from their zod schema in roles.ts: the web app's first
// page needs the list but must not load zod (decision 0006).
// spec 1 §6 and spec 3: provider permissions (resource names).
export const PROVIDER_PERMISSIONS = [
  'MESSAGE',
  'SETTING',
  'WAIT_TIMES',
  'COMPANY_ADMIN',
  'PATIENT',
  'APPOINTMENTS',
  'FLOWS',
  'BULK_MESSAGING',
  'REMOTE_PATIENT_MONITORING',
  'PATIENT_NAVIGATION',
  'TELEHEALTH_WAITING_ROOM',
  'VIRTUAL_WAITING_ROOM',
  'PROVIDER_INSURANCE',
  'NEWS',
] as const;
