import type { confirmPatientEn } from './confirm-patient-en.ts';

export const confirmPatientEs: Record<keyof typeof confirmPatientEn, string> = {
  'confirm.title': 'Confirme quién se registra',
  'confirm.loading': 'Cargando…',
  'confirm.failed': 'No pudimos cargar quién se registra. Inténtelo de nuevo.',
  'confirm.question': '¿Es usted?',
  'confirm.kioskQuestion': 'Compruebe que es usted antes de empezar.',
  'confirm.name': 'Nombre',
  'confirm.birthdate': 'Fecha de nacimiento',
  'confirm.noBirthdate': 'No registrada',
  'confirm.todayTitle': 'Citas de hoy',
  'confirm.visitTitle': 'Su cita',
  'confirm.visit': '{{time}} con {{doctor}}',
  'confirm.place': '{{clinic}}, {{department}}',
  'confirm.checkedIn': 'Registrado',
  'confirm.noneToday': 'No tiene ninguna cita para registrarse hoy.',
  'confirm.seeAppointments': 'Ver sus citas',
  'confirm.start': 'Sí, soy yo: iniciar el registro',
  'confirm.logout': '¿No es usted? Cerrar sesión',
  'confirm.family': 'Registrar a un familiar',
  'confirm.kioskNotMe': 'No soy yo: volver a la búsqueda',
  'confirm.backToSearch': 'Volver a la búsqueda de pacientes',
};
