/**
 * spec 2 §2 "Summary and details": the summary step of the booking flow
 * (/user/appointment/create/summary?appointmentId&startAt&failedStartAt&status). Placeholder until
 * issue 4's appointments screens build it; the booking page renders it for the 'summary' step.
 */
export function AppointmentSummary() {
  return <p>Appointment(s) scheduled!</p>;
}
