// The patient side menu's "Change appointment" screen (spec 1 §2 /user/choose-appointment; issue 16,
// decision 0036), in the 'appointments' namespace (spread into appointmentsEn).
export const chooseAppointmentEn = {
  'choose.intro': 'Choose the appointment you want to move to another time.',
  'choose.loading': 'Loading your appointments…',
  'choose.failed': 'Your appointments could not be loaded.',
  'choose.listLabel': 'Upcoming appointments',
  'choose.change': 'Change',
  'choose.changeLabel': 'Change the appointment with {{doctor}} on {{time}}',
  'choose.notChangeable': 'This appointment can no longer be changed online. Please contact our office.',
  'choose.empty': 'You have no upcoming appointments to change.',
  'choose.schedule': 'Schedule an appointment',
  'choose.opening': 'Opening the reschedule…',
  'choose.back': 'Choose another appointment',
};
