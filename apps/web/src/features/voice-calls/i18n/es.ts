import type { voiceCallsEn } from './en.ts';

export const voiceCallsEs: Record<keyof typeof voiceCallsEn, string> = {
  call: 'Llamar',
  callPatient: 'Llamar por teléfono a {{name}}',
  dialerHeading: 'Llamada telefónica',
  dialerIntro: 'Llame al paciente al número de teléfono de su ficha, por ejemplo si el video no funciona.',
  callPatientButton: 'Llamar al paciente',
  hangUp: 'Colgar',
  hangUpCall: 'Colgar la llamada a {{name}}',
  statusDialing: 'Llamando a {{name}} al número terminado en {{suffix}}…',
  statusInProgress: 'En llamada con {{name}} (número terminado en {{suffix}})',
  statusEnded: 'Llamada a {{name}} finalizada',
  statusEndedByVideo: 'La llamada a {{name}} terminó con la videoconsulta',
  statusFailed: 'No se pudo realizar la llamada a {{name}}',
  failed: 'No se pudo realizar la llamada. Inténtelo de nuevo.',
  hangUpFailed: 'No se pudo colgar la llamada. Inténtelo de nuevo.',
};
