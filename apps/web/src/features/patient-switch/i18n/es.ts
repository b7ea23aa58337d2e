import type { patientSwitchEn } from './en.ts';

export const patientSwitchEs: Record<keyof typeof patientSwitchEn, string> = {
  'patientSwitch.notice': 'Está actuando por este paciente como proveedor.',
  'patientSwitch.return': 'Volver al proveedor',
};
