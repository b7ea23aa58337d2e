import type { vitalsEn } from './en.ts';

export const vitalsEs: Record<keyof typeof vitalsEn, string> = {
  title: 'Signos vitales',
  loading: 'Cargando…',
  notFound: 'No se encontró esta tarea.',
  intro: 'Ingrese las mediciones que tenga. Deje vacías las demás.',
  pulse: 'Pulso (lpm)',
  systolicBp: 'Presión arterial, sistólica (mmHg)',
  diastolicBp: 'Presión arterial, diastólica (mmHg)',
  bloodPressure: 'Presión arterial',
  temperature: 'Temperatura (°F)',
  weight: 'Peso (lb)',
  height: 'Estatura (pulg)',
  bmi: 'IMC',
  bmiValue: 'IMC: {{value}}',
  bmiEmpty: 'IMC: ingrese peso y estatura',
  oxygenSaturation: 'Saturación de oxígeno (%)',
  pain: 'Dolor (0 = ninguno, 10 = el peor)',
  notNumber: 'Ingrese un número.',
  errorSummary: 'Corrija los campos marcados.',
  save: 'Guardar',
};
