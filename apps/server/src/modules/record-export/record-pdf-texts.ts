import type { CommunicationLanguage } from '@app/contracts/communication-language';
import type { APPOINTMENT_STATUS, BLOOD_PRESSURE, VITAL_SIGNS } from '../fhir/fhir-mappers.ts';

// The record PDF's words in the portal's two languages (decision 0090). The server has no general
// catalogue: the PDF is its only document for people to read, so its texts live beside it, one
// object per language of the same type, and TypeScript refuses an `es` that misses a key. Codes of
// the FHIR file (LOINC, UCUM, appointment status and type, gender) are named here, not in the FHIR
// JSON, which stays language-neutral.

/** The LOINC codes of the vital signs the FHIR API publishes (fhir-mappers.ts). */
export type VitalCode =
  (typeof VITAL_SIGNS)[keyof typeof VITAL_SIGNS]['loinc'] | typeof BLOOD_PRESSURE.panel.code;
/** Their UCUM units. */
export type UnitCode = (typeof VITAL_SIGNS)[keyof typeof VITAL_SIGNS]['ucum'] | typeof BLOOD_PRESSURE.ucum;
export type AppointmentStatusCode = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];
/** v3-ActCode of Appointment.appointmentType: an office visit (AMB) or a video visit (VR). */
export type AppointmentKindCode = 'AMB' | 'VR';
export type GenderCode = 'female' | 'male' | 'other' | 'unknown';

export interface RecordPdfTexts {
  /** BCP 47 tag for Intl (dates, numbers) and the PDF's /Lang. */
  locale: string;
  /** First word of the file name: ASCII letters and hyphens only (decision 0086). */
  fileName: string;
  title: string;
  exported: (at: string, by: string) => string;
  exportedByPatient: string;
  clinic: (name: string) => string;
  fhirNote: string;
  pageOf: (name: string, page: number, pages: number) => string;
  demographics: string;
  name: string;
  birthDate: string;
  sex: string;
  memberId: string;
  email: string;
  phone: string;
  appointments: (count: number) => string;
  noAppointments: string;
  appointmentColumns: { when: string; visit: string; kind: string; status: string };
  vitals: string;
  noVitals: string;
  vitalColumns: {
    measurement: string;
    latest: string;
    on: string;
    lowest: string;
    highest: string;
    readings: string;
  };
  coverage: string;
  noCoverage: string;
  coverageColumns: { insurer: string; plan: string; memberNumber: string };
  messages: (count: number) => string;
  noMessages: string;
  mostRecent: (count: number) => string;
  messageColumns: { sent: string; subject: string; from: string };
  fromPatient: string;
  fromCareTeam: string;
  gender: Record<GenderCode, string>;
  appointmentStatus: Record<AppointmentStatusCode, string>;
  appointmentKind: Record<AppointmentKindCode, string>;
  vitalName: Record<VitalCode, string>;
  unit: Record<UnitCode, string>;
}

// The English words are the PDF's words before decision 0090 (codes shown as FHIR names them).
const en: RecordPdfTexts = {
  locale: 'en-US',
  fileName: 'health-record',
  title: 'Health record summary',
  exported: (at, by) => `Exported ${at} by ${by}`,
  exportedByPatient: 'the patient',
  clinic: (name) => `Clinic: ${name}`,
  fhirNote: 'Every value is in the FHIR file (JSON) exported with this summary.',
  pageOf: (name, page, pages) => `${name} - page ${String(page)} of ${String(pages)}`,
  demographics: 'Demographics',
  name: 'Name',
  birthDate: 'Date of birth',
  sex: 'Sex',
  memberId: 'Member ID',
  email: 'Email',
  phone: 'Phone',
  appointments: (count) => `Appointments (${String(count)})`,
  noAppointments: 'No appointments.',
  appointmentColumns: { when: 'Date and time', visit: 'Visit', kind: 'Kind', status: 'Status' },
  vitals: 'Vital signs',
  noVitals: 'No readings.',
  vitalColumns: {
    measurement: 'Measurement',
    latest: 'Latest',
    on: 'On',
    lowest: 'Lowest',
    highest: 'Highest',
    readings: 'Readings',
  },
  coverage: 'Coverage',
  noCoverage: 'No insurance on file.',
  coverageColumns: { insurer: 'Insurer', plan: 'Plan', memberNumber: 'Member number' },
  messages: (count) => `Messages (${String(count)})`,
  noMessages: 'No messages.',
  mostRecent: (count) => `The ${String(count)} most recent:`,
  messageColumns: { sent: 'Sent', subject: 'Subject', from: 'From' },
  fromPatient: 'Patient',
  fromCareTeam: 'Care team',
  gender: { female: 'female', male: 'male', other: 'other', unknown: 'unknown' },
  appointmentStatus: { booked: 'booked', cancelled: 'cancelled', fulfilled: 'fulfilled' },
  appointmentKind: { AMB: 'ambulatory', VR: 'virtual' },
  vitalName: {
    '8867-4': 'Heart rate',
    '8310-5': 'Body temperature',
    '29463-7': 'Body weight',
    '8302-2': 'Body height',
    '39156-5': 'Body mass index (BMI) [Ratio]',
    '2708-6': 'Oxygen saturation in Arterial blood',
    '85354-9': 'Blood pressure',
  },
  unit: {
    '/min': 'beats/minute',
    '[degF]': '°F',
    '[lb_av]': 'lb',
    '[in_i]': 'in',
    'kg/m2': 'kg/m2',
    '%': '%',
    'mm[Hg]': 'mmHg',
  },
};

// Spanish words as the web's catalogue says them where it has them (vitals: "Pulso (lpm)",
// "Estatura (pulg)"; "Descargar mi historia clínica"; "Equipo de atención").
const es: RecordPdfTexts = {
  locale: 'es',
  fileName: 'historia-clinica',
  title: 'Resumen de la historia clínica',
  exported: (at, by) => `Exportado el ${at} por ${by}`,
  exportedByPatient: 'el propio paciente',
  clinic: (name) => `Clínica: ${name}`,
  fhirNote: 'Todos los valores están en el archivo FHIR (JSON) que se exporta con este resumen.',
  pageOf: (name, page, pages) => `${name} - página ${String(page)} de ${String(pages)}`,
  demographics: 'Datos personales',
  name: 'Nombre',
  birthDate: 'Fecha de nacimiento',
  sex: 'Sexo',
  memberId: 'N.º de miembro',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  appointments: (count) => `Citas (${String(count)})`,
  noAppointments: 'No hay citas.',
  appointmentColumns: { when: 'Fecha y hora', visit: 'Consulta', kind: 'Modalidad', status: 'Estado' },
  vitals: 'Signos vitales',
  noVitals: 'No hay mediciones.',
  vitalColumns: {
    measurement: 'Medición',
    latest: 'Última',
    on: 'Fecha',
    lowest: 'Mínima',
    highest: 'Máxima',
    readings: 'Registros',
  },
  coverage: 'Seguro médico',
  noCoverage: 'No hay ningún seguro registrado.',
  coverageColumns: { insurer: 'Aseguradora', plan: 'Plan', memberNumber: 'N.º de afiliado' },
  messages: (count) => `Mensajes (${String(count)})`,
  noMessages: 'No hay mensajes.',
  mostRecent: (count) => `Los ${String(count)} más recientes:`,
  messageColumns: { sent: 'Enviado', subject: 'Asunto', from: 'De' },
  fromPatient: 'Paciente',
  fromCareTeam: 'Equipo de atención',
  gender: { female: 'femenino', male: 'masculino', other: 'otro', unknown: 'desconocido' },
  appointmentStatus: { booked: 'reservada', cancelled: 'cancelada', fulfilled: 'realizada' },
  appointmentKind: { AMB: 'presencial', VR: 'por video' },
  vitalName: {
    '8867-4': 'Pulso',
    '8310-5': 'Temperatura',
    '29463-7': 'Peso',
    '8302-2': 'Estatura',
    '39156-5': 'Índice de masa corporal (IMC)',
    '2708-6': 'Saturación de oxígeno',
    '85354-9': 'Presión arterial',
  },
  unit: {
    '/min': 'lpm',
    '[degF]': '°F',
    '[lb_av]': 'lb',
    '[in_i]': 'pulg',
    'kg/m2': 'kg/m2',
    '%': '%',
    'mm[Hg]': 'mmHg',
  },
};

export const RECORD_PDF_TEXTS: Readonly<Record<CommunicationLanguage, RecordPdfTexts>> = { en, es };

/** A value of one of the code tables, or null for a code the table does not know. */
export function named<K extends string>(table: Record<K, string>, code: string | null): string | null {
  return code !== null && Object.hasOwn(table, code) ? table[code as K] : null;
}
