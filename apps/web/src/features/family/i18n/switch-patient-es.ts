import type { switchPatientEn } from './switch-patient-en.ts';

export const switchPatientEs: Record<keyof typeof switchPatientEn, string> = {
  'switchPatient.intro': 'Elija qué perfil usar. Puede volver al suyo en cualquier momento.',
  'switchPatient.listLabel': 'Perfiles',
  'switchPatient.empty': 'Todavía no hay familiares vinculados a su cuenta.',
  'switchPatient.addHint': 'Vincule a un familiar con su propio usuario y contraseña.',
};
