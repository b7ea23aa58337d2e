// The check-in app's "confirm who is checking in" (spec 1 §1, §2 rule 3; issue 16, decision 0036), in
// the 'checkIn' namespace (spread into checkInEn).
export const confirmPatientEn = {
  'confirm.title': 'Confirm who is checking in',
  'confirm.loading': 'Loading…',
  'confirm.failed': 'We could not load who is checking in. Please try again.',
  'confirm.question': 'Is this you?',
  'confirm.kioskQuestion': 'Please check that this is you before you start.',
  'confirm.name': 'Name',
  'confirm.birthdate': 'Date of birth',
  'confirm.noBirthdate': 'Not on file',
  'confirm.todayTitle': 'Today’s appointments',
  'confirm.visitTitle': 'Your appointment',
  'confirm.visit': '{{time}} with {{doctor}}',
  'confirm.place': '{{clinic}}, {{department}}',
  'confirm.checkedIn': 'Checked in',
  'confirm.noneToday': 'You have no appointment to check in for today.',
  'confirm.seeAppointments': 'See your appointments',
  'confirm.start': 'Yes, this is me — start check-in',
  'confirm.logout': 'Not you? Log out',
  'confirm.family': 'Check in a family member',
  'confirm.kioskNotMe': 'Not me — back to the search',
  'confirm.backToSearch': 'Back to the patient search',
} as const;
