import type { appointmentsEn } from './en.ts';

export const appointmentsEs: Record<keyof typeof appointmentsEn, string> = {
  title: 'Citas',

  // Provider side (spec 2 §2 provider view of one patient, new-patient registration; §4 switch).
  'providerPatient.title': 'Citas del paciente',
  'providerPatient.loading': 'Cargando el paciente…',
  'providerPatient.noAccess': 'No tiene acceso para ver los datos del paciente.',
  'providerPatient.memberId': 'N.º de miembro {{memberId}}',
  'providerPatient.schedule': 'Programar cita',
  'providerPatient.switch': 'Cambiar al paciente',
  'providerPatient.upcoming': 'Próximas citas',
  'providerPatient.past': 'Citas pasadas',
  'providerPatient.noUpcoming': 'No hay próximas citas.',
  'providerPatient.noPast': 'No hay citas pasadas.',
  'providerPatient.listFailed': 'No se pudieron cargar las citas.',
  'providerPatient.viewDetails': 'Ver los detalles de la cita del {{when}}',
  'providerPatient.details': 'Ver detalles',
  'providerPatient.with': 'con {{doctor}}',
  'providerPatient.status.booked': 'Reservada',
  'providerPatient.status.confirmed': 'Confirmada',
  'providerPatient.status.cancelled': 'Cancelada',
  'providerPatient.status.completed': 'Completada',
  'providerPatient.create.title': 'Registro de nuevo paciente',
  'providerPatient.create.chooseClinic': 'Elija la clínica donde registrar al paciente',
  'providerPatient.create.continue': 'Continuar',
  'providerPatient.create.anotherClinic': 'Volver para elegir otra clínica',
  'providerPatient.create.clinic': 'Clínica: {{clinic}}',
  'providerPatient.create.noClinic': 'No puede registrar pacientes en ninguna clínica.',
  'providerPatient.create.back': 'Atrás',
  'providerPatient.create.save': 'Guardar',
  'providerPatient.create.optional': 'opcional',
};
