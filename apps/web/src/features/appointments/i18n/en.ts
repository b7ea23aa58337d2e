// Appointment list, details, cancel and waitlist texts (spec 2 §2 summary and details, §6, §8),
// namespace 'appointments'. Loaded with those screens, not with the first page (decision 0017).
export const appointmentsEn = {
  title: 'Appointments',
};
