// spec 3 §6 clinic modules that gate the provider workspace, as plain data (no zod) so the web
// app's shell can read them without loading the schema library (decision 0006). The booking
// modules of spec 2 §6 live in scheduling.ts; a clinic's `modules` column holds names from both.
export const WORKSPACE_MODULES = [
  'ANALYTICS',
  'USER_INSURANCE',
  'PATIENT_OUTSIDE',
  'PATIENT_NAVIGATION',
  'BULK_MESSAGING',
  'FLOWS',
  'OUTBOUND_CALLING',
  'TEXT_PAY',
  'QUICKLINK_FOR_FUTURE_APPOINTMENTS',
] as const;
export type WorkspaceModule = (typeof WORKSPACE_MODULES)[number];
