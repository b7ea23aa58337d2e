import { z } from 'zod';

// spec 1 §2 Clinic login: 'Log in with your Clinic ID' with Clinic Id and Master Password.

/** spec 1 §5: the clinic id is converted to a number. */
export const clinicLoginFormSchema = z.object({
  clinicId: z.coerce
    .number({ error: 'Please enter a valid Clinic Id' })
    .int('Please enter a valid Clinic Id')
    .positive('Please enter a valid Clinic Id'),
  password: z.string().min(1, 'This field is required').max(200, 'Password is too long'),
});
export type ClinicLoginForm = z.infer<typeof clinicLoginFormSchema>;

export const INVALID_CLINIC_CREDENTIALS_TEXT = 'Invalid Clinic ID and master password combination';

/**
 * What a clinic login signs in as (decision 0009): one account per clinic, created on first use,
 * with these permissions only — the front-desk / check-in kiosk needs the schedule and patients.
 */
export const CLINIC_ACCOUNT_PERMISSIONS = ['APPOINTMENTS', 'PATIENT'] as const;
