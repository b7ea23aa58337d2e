import {
  acceptsMultiple,
  isDateAnswer,
  type Answer,
  type Field,
  type Form,
} from '@app/contracts/questionnaires';
import type { CodeableConcept, FhirResource, Quantity } from './fhir-types.ts';

// Issue 21 items 1 and 4 (decision 0081): our rows → FHIR R4 resources, as plain functions of the
// rows, so "Download my record" builds its Bundle with the same mappers. References are relative
// (`Patient/<id>`), ids are our UUIDs.

const US_CORE = 'http://hl7.org/fhir/us/core/StructureDefinition';
const R4_PROFILE = 'http://hl7.org/fhir/StructureDefinition';
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** Our own identifier systems (URNs: the portal has no registered OID or public naming URL). */
export const MEMBER_ID_SYSTEM = 'urn:care-portal:member-id';
export const CLINIC_NUMBER_SYSTEM = 'urn:care-portal:clinic-number';
const DATA_ABSENT = 'http://terminology.hl7.org/CodeSystem/data-absent-reason';

export const US_CORE_PATIENT = `${US_CORE}/us-core-patient`;

/**
 * The profiles our resources claim in meta.profile, by type, for the CapabilityStatement. Only
 * profiles the tests validate are claimed (decision 0087): US Core Patient and Blood Pressure from
 * the validator's package, and R4's own vital-sign profiles. Practitioner, Organization, Location and
 * DocumentReference follow US Core's required elements but claim no profile, because no package we
 * can install ships their StructureDefinitions to validate against.
 */
export function claimedProfiles(): Record<string, string[]> {
  return {
    Patient: [US_CORE_PATIENT],
    Observation: [BLOOD_PRESSURE.profile, ...Object.values(VITAL_SIGNS).map((sign) => sign.profile)].sort(),
  };
}

export interface PatientRow {
  id: string;
  memberId: string;
  firstName: string;
  lastName: string;
  gender: string | null;
  birthdate: string | null;
  email: string | null;
  mobilePhone: string | null;
  communicationLanguage: string;
  status: 'active' | 'pending' | 'inactive';
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

/** Our sign-up genders (female, male, X) in FHIR's administrative gender; none given is `unknown`. */
function administrativeGender(gender: string | null): 'female' | 'male' | 'other' | 'unknown' {
  if (gender === 'female' || gender === 'male') {
    return gender;
  }
  return gender === 'x' ? 'other' : 'unknown';
}

export function patientResource(row: PatientRow): FhirResource {
  const telecom = [
    ...(row.mobilePhone ? [{ system: 'phone', value: row.mobilePhone, use: 'mobile' }] : []),
    ...(row.email ? [{ system: 'email', value: row.email }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: row.id,
    meta: { profile: [US_CORE_PATIENT], lastUpdated: row.lastUpdated.toISOString() },
    identifier: [{ system: MEMBER_ID_SYSTEM, value: row.memberId }],
    active: row.status !== 'inactive',
    name: [{ use: 'official', family: row.lastName, given: [row.firstName] }],
    ...(telecom.length > 0 ? { telecom } : {}),
    gender: administrativeGender(row.gender),
    ...(row.birthdate ? { birthDate: row.birthdate } : {}),
    communication: [
      {
        language: { coding: [{ system: 'urn:ietf:bcp:47', code: row.communicationLanguage }] },
        preferred: true,
      },
    ],
  };
}

/** A vital sign we publish: its LOINC code, UCUM unit and the profile its Observation claims. */
interface VitalSign {
  loinc: string;
  display: string;
  /** Further codings US Core asks for beside the first (pulse oximetry's 59408-5). */
  extraCodings?: { code: string; display: string }[];
  ucum: string;
  unit: string;
  /**
   * The R4 vital-sign profile claimed (decision 0087: we claim only profiles the tests can validate;
   * the US Core vital-sign profiles derive from these, and the content follows them).
   */
  profile: string;
}

/**
 * Our vital keys (contracts VITAL_LIMITS, US units) that are vital signs. Blood pressure is one
 * panel of the systolic and diastolic readings taken at the same instant. The other keys (nutrition,
 * sleep, body composition, labs) have no vital-sign profile and are not published yet (decision 0081).
 */
export const VITAL_SIGNS = {
  pulse: {
    loinc: '8867-4',
    display: 'Heart rate',
    ucum: '/min',
    unit: 'beats/minute',
    profile: `${R4_PROFILE}/heartrate`,
  },
  temperature: {
    loinc: '8310-5',
    display: 'Body temperature',
    ucum: '[degF]',
    unit: '°F',
    profile: `${R4_PROFILE}/bodytemp`,
  },
  weight: {
    loinc: '29463-7',
    display: 'Body weight',
    ucum: '[lb_av]',
    unit: 'lb',
    profile: `${R4_PROFILE}/bodyweight`,
  },
  height: {
    loinc: '8302-2',
    display: 'Body height',
    ucum: '[in_i]',
    unit: 'in',
    profile: `${R4_PROFILE}/bodyheight`,
  },
  bmi: {
    loinc: '39156-5',
    display: 'Body mass index (BMI) [Ratio]',
    ucum: 'kg/m2',
    unit: 'kg/m2',
    profile: `${R4_PROFILE}/bmi`,
  },
  oxygen_saturation: {
    loinc: '2708-6',
    display: 'Oxygen saturation in Arterial blood',
    extraCodings: [{ code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' }],
    ucum: '%',
    unit: '%',
    profile: `${R4_PROFILE}/oxygensat`,
  },
} as const satisfies Record<string, VitalSign>;

export const BLOOD_PRESSURE = {
  panel: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure' },
  ucum: 'mm[Hg]',
  profile: `${US_CORE}/us-core-blood-pressure`,
} as const;

export type VitalSignKey = keyof typeof VITAL_SIGNS;
/** Every vital_values key an Observation is made of. */
export const OBSERVATION_KEYS: readonly string[] = [
  ...Object.keys(VITAL_SIGNS),
  'systolic_bp',
  'diastolic_bp',
];

/** The LOINC codes of each key, for `code` searches. */
export function loincCodesOf(key: string): string[] {
  if (key === 'systolic_bp' || key === 'diastolic_bp') {
    return [BLOOD_PRESSURE.panel.code];
  }
  const sign = (VITAL_SIGNS as Record<string, VitalSign>)[key];
  return sign ? [sign.loinc, ...(sign.extraCodings ?? []).map((coding) => coding.code)] : [];
}

export interface VitalRow {
  id: string;
  userId: string;
  key: string;
  value: number;
  recordedAt: Date;
  /** For a blood-pressure reading: the other half taken at the same instant, when there is one. */
  partnerValue: number | null;
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

const VITAL_SIGNS_CATEGORY: CodeableConcept[] = [
  {
    coding: [{ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }],
    text: 'Vital Signs',
  },
];

function quantity(value: number, ucum: string, unit: string): Quantity {
  return { value, unit, system: UCUM, code: ucum };
}

function bloodPressureComponent(part: 'systolic' | 'diastolic', value: number | null) {
  const coding = BLOOD_PRESSURE[part];
  return {
    code: { coding: [{ system: LOINC, code: coding.code, display: coding.display }], text: coding.display },
    ...(value === null
      ? { dataAbsentReason: { coding: [{ system: DATA_ABSENT, code: 'unknown', display: 'Unknown' }] } }
      : { valueQuantity: quantity(value, BLOOD_PRESSURE.ucum, 'mmHg') }),
  };
}

/** One vital_values row (with its blood-pressure partner) as a vital-signs Observation. */
export function observationResource(row: VitalRow): FhirResource {
  const common = {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: VITAL_SIGNS_CATEGORY,
    subject: { reference: `Patient/${row.userId}` },
    effectiveDateTime: row.recordedAt.toISOString(),
  };
  if (row.key === 'systolic_bp' || row.key === 'diastolic_bp') {
    const systolic = row.key === 'systolic_bp' ? row.value : row.partnerValue;
    const diastolic = row.key === 'diastolic_bp' ? row.value : row.partnerValue;
    return {
      ...common,
      meta: { profile: [BLOOD_PRESSURE.profile], lastUpdated: row.lastUpdated.toISOString() },
      code: {
        coding: [{ system: LOINC, code: BLOOD_PRESSURE.panel.code, display: BLOOD_PRESSURE.panel.display }],
        text: 'Blood pressure',
      },
      component: [
        bloodPressureComponent('systolic', systolic),
        bloodPressureComponent('diastolic', diastolic),
      ],
    };
  }
  const sign = (VITAL_SIGNS as Record<string, VitalSign>)[row.key];
  if (!sign) {
    throw new Error(`vital key ${row.key} has no Observation mapping`);
  }
  return {
    ...common,
    meta: { profile: [sign.profile], lastUpdated: row.lastUpdated.toISOString() },
    code: {
      coding: [
        { system: LOINC, code: sign.loinc, display: sign.display },
        ...(sign.extraCodings ?? []).map((coding) => ({ system: LOINC, ...coding })),
      ],
      text: sign.display,
    },
    valueQuantity: quantity(row.value, sign.ucum, sign.unit),
  };
}

export interface AppointmentRow {
  id: string;
  patientUserId: string;
  practitionerUserId: string;
  clinicId: string;
  departmentId: string;
  startAt: Date;
  finishAt: Date;
  type: 'video_call' | 'office';
  status: 'booked' | 'confirmed' | 'cancelled' | 'completed';
  consultationTypeName: string;
  comment: string | null;
  createdAt: Date;
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

/** Our statuses in FHIR's AppointmentStatus: a confirmed visit is still `booked`; completed is `fulfilled`. */
export const APPOINTMENT_STATUS = {
  booked: 'booked',
  confirmed: 'booked',
  cancelled: 'cancelled',
  completed: 'fulfilled',
} as const;

export function appointmentResource(row: AppointmentRow): FhirResource {
  return {
    resourceType: 'Appointment',
    id: row.id,
    meta: { lastUpdated: row.lastUpdated.toISOString() },
    status: APPOINTMENT_STATUS[row.status],
    serviceType: [{ text: row.consultationTypeName }],
    appointmentType: {
      coding: [
        row.type === 'video_call'
          ? { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' }
          : {
              system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
              code: 'AMB',
              display: 'ambulatory',
            },
      ],
    },
    start: row.startAt.toISOString(),
    end: row.finishAt.toISOString(),
    minutesDuration: Math.round((row.finishAt.getTime() - row.startAt.getTime()) / 60_000),
    created: row.createdAt.toISOString(),
    ...(row.comment ? { comment: row.comment } : {}),
    participant: [
      { actor: { reference: `Patient/${row.patientUserId}` }, required: 'required', status: 'accepted' },
      {
        actor: { reference: `Practitioner/${row.practitionerUserId}` },
        required: 'required',
        status: 'accepted',
      },
      { actor: { reference: `Location/${row.departmentId}` }, required: 'required', status: 'accepted' },
    ],
  };
}

export interface PractitionerRow {
  id: string;
  memberId: string;
  firstName: string;
  lastName: string;
  status: 'active' | 'pending' | 'inactive';
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

export function practitionerResource(row: PractitionerRow): FhirResource {
  return {
    resourceType: 'Practitioner',
    id: row.id,
    meta: { lastUpdated: row.lastUpdated.toISOString() },
    identifier: [{ system: MEMBER_ID_SYSTEM, value: row.memberId }],
    active: row.status === 'active',
    name: [{ family: row.lastName, given: [row.firstName] }],
  };
}

export interface OrganizationRow {
  id: string;
  clinicNumber: number;
  name: string;
}

export function organizationResource(row: OrganizationRow): FhirResource {
  return {
    resourceType: 'Organization',
    id: row.id,
    identifier: [{ system: CLINIC_NUMBER_SYSTEM, value: String(row.clinicNumber) }],
    active: true,
    name: row.name,
  };
}

export interface LocationRow {
  id: string;
  clinicId: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
}

export function locationResource(row: LocationRow): FhirResource {
  const address = {
    ...(row.address ? { line: [row.address] } : {}),
    ...(row.city ? { city: row.city } : {}),
    ...(row.state ? { state: row.state } : {}),
  };
  return {
    resourceType: 'Location',
    id: row.id,
    status: 'active',
    name: row.name,
    ...(Object.keys(address).length > 0 ? { address } : {}),
    managingOrganization: { reference: `Organization/${row.clinicId}` },
  };
}

export interface CoverageRow {
  id: string;
  userId: string;
  kind: 'primary' | 'secondary';
  insuranceNumber: string;
  ircName: string;
  planName: string;
  policyHolderName: string;
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

const COVERAGE_CLASS = 'http://terminology.hl7.org/CodeSystem/coverage-class';
const V2_IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/**
 * An insurance card (spec 3 §3) as Coverage. The payer and policy holder are names only (we hold no
 * payer directory), so they are references by display. No US Core profile is claimed: US Core
 * Coverage (6.1+) asks the subscriber's relationship, which the card does not say (decision 0081).
 */
export function coverageResource(row: CoverageRow): FhirResource {
  return {
    resourceType: 'Coverage',
    id: row.id,
    meta: { lastUpdated: row.lastUpdated.toISOString() },
    identifier: [
      {
        type: { coding: [{ system: V2_IDENTIFIER_TYPE, code: 'MB', display: 'Member Number' }] },
        value: row.insuranceNumber,
      },
    ],
    status: 'active',
    policyHolder: { display: row.policyHolderName },
    subscriberId: row.insuranceNumber,
    beneficiary: { reference: `Patient/${row.userId}` },
    payor: [{ display: row.ircName }],
    class: [
      {
        type: { coding: [{ system: COVERAGE_CLASS, code: 'plan', display: 'Plan' }] },
        value: row.planName,
        name: row.planName,
      },
    ],
    order: row.kind === 'primary' ? 1 : 2,
  };
}

export interface MessageRow {
  id: string;
  patientUserId: string;
  senderUserId: string;
  subject: string;
  body: string;
  createdAt: Date;
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

/**
 * A message of a secure-messaging thread (spec 3 §2) as Communication: about the thread's patient,
 * sent by the patient or by a practitioner of the clinic. Recipients are not listed: a thread is read
 * by all its participants, not addressed to one (decision 0081).
 */
export function communicationResource(row: MessageRow): FhirResource {
  return {
    resourceType: 'Communication',
    id: row.id,
    meta: { lastUpdated: row.lastUpdated.toISOString() },
    status: 'completed',
    subject: { reference: `Patient/${row.patientUserId}` },
    topic: { text: row.subject },
    sent: row.createdAt.toISOString(),
    sender: {
      reference:
        row.senderUserId === row.patientUserId
          ? `Patient/${row.patientUserId}`
          : `Practitioner/${row.senderUserId}`,
    },
    payload: [{ contentString: row.body }],
  };
}

export interface ScheduleRow {
  /** The provider's row in one clinic (providers.id): one Schedule per provider and clinic. */
  id: string;
  practitionerUserId: string;
  /** The departments where the provider offers visits that patients may book. */
  departmentIds: string[];
  /** The consultation types offered there, by name. */
  serviceNames: string[];
}

/**
 * A provider's public availability (issue 21, decision 0085) as Schedule: the practitioner and the
 * locations where they see patients; its Slots are computed by the portal's slot search.
 */
export function scheduleResource(row: ScheduleRow): FhirResource {
  return {
    resourceType: 'Schedule',
    id: row.id,
    active: true,
    ...(row.serviceNames.length > 0 ? { serviceType: row.serviceNames.map((text) => ({ text })) } : {}),
    actor: [
      { reference: `Practitioner/${row.practitionerUserId}` },
      ...row.departmentIds.map((id) => ({ reference: `Location/${id}` })),
    ],
  };
}

export interface SlotRow {
  id: string;
  scheduleId: string;
  start: Date;
  end: Date;
  status: 'free' | 'busy';
  /** The consultation types of the grid at this time, by name. */
  serviceNames: string[];
}

/**
 * One time of a Schedule's grid (decision 0085): `free` when the portal's slot search offers it for
 * at least one consultation type, `busy` when the grid has it but nothing may be booked at it.
 */
export function slotResource(row: SlotRow): FhirResource {
  return {
    resourceType: 'Slot',
    id: row.id,
    ...(row.serviceNames.length > 0 ? { serviceType: row.serviceNames.map((text) => ({ text })) } : {}),
    schedule: { reference: `Schedule/${row.scheduleId}` },
    status: row.status,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
  };
}

export interface QuestionnaireRow {
  id: string;
  title: string;
  definition: Omit<Form, 'formId'>;
}

/** Our field types (spec 2 §3) as Questionnaire item types. */
const ITEM_TYPE: Record<Field['type'], string> = {
  numeric: 'decimal',
  date_part: 'date',
  variant: 'choice',
  text: 'text',
};

type Item = Record<string, unknown>;

/**
 * A field and, after it, the fields its variants show (spec 2 §3 conditionalFieldList), each enabled
 * only while its variant is chosen: siblings with `enableWhen`, so every linkId stays the field id the
 * answers are keyed by.
 */
function fieldItems(field: Field, enableWhen?: { question: string; code: string }): Item[] {
  const item: Item = {
    linkId: field.fieldId,
    text: field.label,
    type: ITEM_TYPE[field.type],
    ...(enableWhen
      ? {
          enableWhen: [
            { question: enableWhen.question, operator: '=', answerCoding: { code: enableWhen.code } },
          ],
        }
      : {}),
    ...(field.required ? { required: true } : {}),
    ...(field.type === 'variant' && acceptsMultiple(field) ? { repeats: true } : {}),
    ...(field.type === 'variant'
      ? {
          answerOption: field.variantList.map((variant) => ({
            valueCoding: { code: variant.id, display: variant.label },
          })),
        }
      : {}),
  };
  return [
    item,
    ...field.variantList.flatMap((variant) =>
      variant.conditionalFieldList.flatMap((child) =>
        fieldItems(child, { question: field.fieldId, code: variant.id }),
      ),
    ),
  ];
}

/**
 * A clinic's questionnaire form (spec 2 §3, decision 0085) as Questionnaire: its groups and questions
 * are `group` items, its fields the questions (decimal, date, choice with the variants as
 * answerOptions, text). Deleted questions are left out.
 */
export function questionnaireResource(row: QuestionnaireRow): FhirResource {
  const groups = row.definition.groupList
    .slice()
    .sort((a, b) => a.order - b.order)
    .map((group) => ({
      linkId: `group/${group.id}`,
      text: group.title,
      type: 'group',
      item: group.questionList
        .filter((question) => !question.isDeleted && question.fieldList.length > 0)
        .map((question) => ({
          linkId: `question/${question.id}`,
          text: question.text,
          type: 'group',
          item: question.fieldList.flatMap((field) => fieldItems(field)),
        })),
    }))
    .filter((group) => group.item.length > 0);
  return {
    resourceType: 'Questionnaire',
    id: row.id,
    status: 'active',
    title: row.title,
    ...(row.definition.description ? { description: row.definition.description } : {}),
    subjectType: ['Patient'],
    ...(groups.length > 0 ? { item: groups } : {}),
  };
}

export interface QuestionnaireResponseRow {
  id: string;
  formId: string;
  patientUserId: string;
  submittedBy: string;
  submittedAt: Date;
  answers: Record<string, Answer>;
  definition: Omit<Form, 'formId'>;
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** One answer as FHIR answer values; an empty or unreadable answer gives none. */
function answerValues(field: Field, answer: Answer | undefined): Item[] {
  if (answer === undefined || answer === null || answer === '') {
    return [];
  }
  if (field.type === 'numeric') {
    return typeof answer === 'number' ? [{ valueDecimal: answer }] : [];
  }
  if (field.type === 'date_part') {
    if (!isDateAnswer(answer) || typeof answer.year !== 'number') {
      return [];
    }
    // FHIR dates may be partial (year, year-month), as our date parts may be.
    let value = pad(answer.year, 4);
    if (typeof answer.month === 'number') {
      value += `-${pad(answer.month, 2)}`;
      if (typeof answer.day === 'number') {
        value += `-${pad(answer.day, 2)}`;
      }
    }
    return [{ valueDate: value }];
  }
  if (field.type === 'variant') {
    const chosen = Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : [];
    return chosen.map((code) => {
      const variant = field.variantList.find((candidate) => candidate.id === code);
      return { valueCoding: { code, ...(variant ? { display: variant.label } : {}) } };
    });
  }
  return typeof answer === 'string' && answer.trim() !== '' ? [{ valueString: answer }] : [];
}

/** The answered items of a field and of the fields its variants show. */
function answeredItems(field: Field, answers: Record<string, Answer>): Item[] {
  const values = answerValues(field, answers[field.fieldId]);
  return [
    ...(values.length > 0 ? [{ linkId: field.fieldId, text: field.label, answer: values }] : []),
    ...field.variantList.flatMap((variant) =>
      variant.conditionalFieldList.flatMap((child) => answeredItems(child, answers)),
    ),
  ];
}

/**
 * A patient's saved answers to a form (spec 2 §4, decision 0085) as a completed QuestionnaireResponse,
 * in the form's structure (groups, questions, then the answered fields); unanswered ones are left out.
 * The author is whoever saved it: the patient, or a provider's session in self check-in.
 */
export function questionnaireResponseResource(row: QuestionnaireResponseRow): FhirResource {
  const groups = row.definition.groupList
    .slice()
    .sort((a, b) => a.order - b.order)
    .map((group) => ({
      linkId: `group/${group.id}`,
      text: group.title,
      item: group.questionList
        .filter((question) => !question.isDeleted)
        .map((question) => ({
          linkId: `question/${question.id}`,
          text: question.text,
          item: question.fieldList.flatMap((field) => answeredItems(field, row.answers)),
        }))
        .filter((question) => question.item.length > 0),
    }))
    .filter((group) => group.item.length > 0);
  return {
    resourceType: 'QuestionnaireResponse',
    id: row.id,
    meta: { lastUpdated: row.lastUpdated.toISOString() },
    questionnaire: `Questionnaire/${row.formId}`,
    status: 'completed',
    subject: { reference: `Patient/${row.patientUserId}` },
    authored: row.submittedAt.toISOString(),
    author: {
      reference:
        row.submittedBy === row.patientUserId
          ? `Patient/${row.patientUserId}`
          : `Practitioner/${row.submittedBy}`,
    },
    ...(groups.length > 0 ? { item: groups } : {}),
  };
}

export interface DocumentRow {
  /** The stored file's id: the document is the file (a signed PDF or a patient's attachment). */
  id: string;
  ownerUserId: string;
  uploadedByUserId: string;
  uploaderMemberType: string;
  purpose: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  /** A signed document's title and signing time. */
  signedTitle: string | null;
  signedAt: Date | null;
  /** An appointment attachment's title and appointment. */
  attachmentTitle: string | null;
  appointmentId: string | null;
  /** The row's last change (decision 0091): meta.lastUpdated, and what `_lastUpdated` filters. */
  lastUpdated: Date;
}

export const SIGNED_DOCUMENT_PURPOSE = 'signed-document';
export const APPOINTMENT_ATTACHMENT_PURPOSE = 'appointment-attachment';

/**
 * A file the portal holds for a patient (decision 0085) as a DocumentReference (US Core's content,
 * no profile claimed: decision 0087): a signed clinic document (LOINC 59284-0 Patient consent) or an
 * attachment the patient added to a visit (LOINC 51855-5 Patient note). The content is a link to its Binary (`Binary/<id>`, the same id,
 * decision 0088), never the bytes inline.
 */
export function documentReferenceResource(row: DocumentRow): FhirResource {
  const signed = row.purpose === SIGNED_DOCUMENT_PURPOSE;
  const title = (signed ? row.signedTitle : row.attachmentTitle) ?? 'Document';
  const date = (signed ? row.signedAt : null) ?? row.createdAt;
  const author =
    row.uploadedByUserId === row.ownerUserId
      ? { reference: `Patient/${row.ownerUserId}` }
      : row.uploaderMemberType === 'doctor'
        ? { reference: `Practitioner/${row.uploadedByUserId}` }
        : null;
  return {
    resourceType: 'DocumentReference',
    id: row.id,
    meta: { lastUpdated: row.lastUpdated.toISOString() },
    status: 'current',
    type: signed
      ? { coding: [{ system: LOINC, code: '59284-0', display: 'Patient Consent' }], text: 'Signed document' }
      : { coding: [{ system: LOINC, code: '51855-5', display: 'Patient Note' }], text: 'Visit attachment' },
    category: [{ text: signed ? 'Signed document' : 'Patient attachment' }],
    subject: { reference: `Patient/${row.ownerUserId}` },
    date: date.toISOString(),
    ...(author ? { author: [author] } : {}),
    description: title,
    content: [
      {
        attachment: {
          contentType: row.contentType,
          // Relative to the FHIR base, as every reference is: the file is read as Binary (decision 0088).
          url: `Binary/${row.id}`,
          size: row.sizeBytes,
          title,
          creation: row.createdAt.toISOString(),
        },
      },
    ],
    ...(row.appointmentId
      ? { context: { related: [{ reference: `Appointment/${row.appointmentId}` }] } }
      : {}),
  };
}
