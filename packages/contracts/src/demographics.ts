import { z } from 'zod';
import { singleLineText } from './text.ts';
import { GENDERS } from './sign-up-texts.ts';

// spec 2 §3 Demographics, §4 Demographics, §5 demographics rules, §7 demographics calls, §8 (decision
// 0021). The reference lists are served from code: they change with a release, not per clinic.

export const DEMOGRAPHIC_STEPS = ['personal', 'contact-info', 'emergency-info'] as const;
export type DemographicStep = (typeof DEMOGRAPHIC_STEPS)[number];

export interface ReferenceItem {
  id: string;
  name: string;
}

export const TIMEZONES: readonly ReferenceItem[] = [
  { id: 'America/New_York', name: 'Eastern Time' },
  { id: 'America/Chicago', name: 'Central Time' },
  { id: 'America/Denver', name: 'Mountain Time' },
  { id: 'America/Phoenix', name: 'Arizona Time' },
  { id: 'America/Los_Angeles', name: 'Pacific Time' },
  { id: 'America/Anchorage', name: 'Alaska Time' },
  { id: 'Pacific/Honolulu', name: 'Hawaii Time' },
  { id: 'America/Puerto_Rico', name: 'Atlantic Time' },
];

/** OMB ethnicity categories (as US intake forms and UDS reporting use them). */
export const ETHNICITIES: readonly ReferenceItem[] = [
  { id: '2135-2', name: 'Hispanic or Latino' },
  { id: '2186-5', name: 'Not Hispanic or Latino' },
  { id: 'ASKU', name: 'Declined to specify' },
];

/** OMB race categories with their CDC race codes. */
export const RACES: readonly ReferenceItem[] = [
  { id: '1002-5', name: 'American Indian or Alaska Native' },
  { id: '2028-9', name: 'Asian' },
  { id: '2054-5', name: 'Black or African American' },
  { id: '2076-8', name: 'Native Hawaiian or Other Pacific Islander' },
  { id: '2106-3', name: 'White' },
  { id: '2131-1', name: 'Other race' },
  { id: 'ASKU', name: 'Declined to specify' },
];

export const LANGUAGES: readonly ReferenceItem[] = [
  { id: 'en', name: 'English' },
  { id: 'es', name: 'Spanish' },
  { id: 'zh', name: 'Chinese' },
  { id: 'vi', name: 'Vietnamese' },
  { id: 'tl', name: 'Tagalog' },
  { id: 'ar', name: 'Arabic' },
  { id: 'fr', name: 'French' },
  { id: 'ko', name: 'Korean' },
  { id: 'ru', name: 'Russian' },
  { id: 'other', name: 'Other' },
];

export const COUNTRIES: readonly ReferenceItem[] = [
  { id: 'US', name: 'United States' },
  { id: 'CA', name: 'Canada' },
  { id: 'MX', name: 'Mexico' },
];

export const CONTACT_PREFERENCES: readonly ReferenceItem[] = [
  { id: 'mobile_phone', name: 'Mobile phone' },
  { id: 'home_phone', name: 'Home phone' },
  { id: 'email', name: 'Email' },
  { id: 'text', name: 'Text message' },
];

export const MARITAL_STATUSES: readonly ReferenceItem[] = [
  { id: 'single', name: 'Single' },
  { id: 'married', name: 'Married' },
  { id: 'partner', name: 'Domestic partner' },
  { id: 'divorced', name: 'Divorced' },
  { id: 'separated', name: 'Separated' },
  { id: 'widowed', name: 'Widowed' },
];

const US_STATE_LIST: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** States by country (spec 2 §3): the US list is complete; other countries have none yet. */
export const STATES_BY_COUNTRY: Readonly<Record<string, readonly ReferenceItem[]>> = {
  US: US_STATE_LIST.map(([id, name]) => ({ id, name })),
};

export const referenceItemSchema = z.object({ id: z.string(), name: z.string() });
export const referenceListsSchema = z.object({
  gender: z.array(referenceItemSchema),
  timezone: z.array(referenceItemSchema),
  ethnicity: z.array(referenceItemSchema),
  race: z.array(referenceItemSchema),
  language: z.array(referenceItemSchema),
  country: z.array(referenceItemSchema),
  contactPreference: z.array(referenceItemSchema),
  maritalStatus: z.array(referenceItemSchema),
});
export type ReferenceLists = z.infer<typeof referenceListsSchema>;
export const referenceListSchema = z.array(referenceItemSchema);

export const REFERENCE_LISTS: ReferenceLists = {
  gender: GENDERS.map((gender) => ({ id: gender.id, name: gender.name })),
  timezone: [...TIMEZONES],
  ethnicity: [...ETHNICITIES],
  race: [...RACES],
  language: [...LANGUAGES],
  country: [...COUNTRIES],
  contactPreference: [...CONTACT_PREFERENCES],
  maritalStatus: [...MARITAL_STATUSES],
};

const ids = (list: readonly ReferenceItem[]) => list.map((item) => item.id);
const NOT_IN_LIST = 'Please choose a value from the list.';
const REQUIRED = 'This value should not be blank.';

/** An optional choice from a list: empty means "not given" and is stored as null (spec 2 §5). */
function listChoice(list: readonly ReferenceItem[]) {
  return singleLineText()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || ids(list).includes(value), { message: NOT_IN_LIST });
}

const trimmedText = (max: number) => singleLineText().trim().max(max, `At most ${max} characters.`);

// spec 2 §3 Demographics: personal data. Phones, username, image and communication language are read
// here but not written through this call (spec 2 §5 removal rule).
export const personalDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(),
  gender: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  image: z.string().nullable(),
  communicationLanguage: z.string(),
  homePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  language: z.string().nullable(),
  contactPreference: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  raceCode: z.string().nullable(),
  ethnicCode: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/**
 * PUT personal. Unknown keys (image, communicationLanguage, username, phones) are dropped by the
 * schema, so a client that forgets the removal rule still cannot write them here.
 */
export const updatePersonalSchema = z.object({
  firstName: trimmedText(100).min(1, REQUIRED),
  lastName: trimmedText(100).min(1, REQUIRED),
  birthdate: z.iso
    .date('Please enter a valid date.')
    .nullish()
    .transform((value) => value ?? null),
  gender: listChoice(REFERENCE_LISTS.gender),
  email: z
    .union([z.email('This value is not a valid email address.').max(254), z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null)),
  language: listChoice(LANGUAGES),
  contactPreference: listChoice(CONTACT_PREFERENCES),
  maritalStatus: listChoice(MARITAL_STATUSES),
  raceCode: listChoice(RACES),
  ethnicCode: listChoice(ETHNICITIES),
  timezone: listChoice(TIMEZONES),
  /** spec 2 §7 "payload plus departmentUuid": the department of the visit being checked in for. */
  departmentUuid: z.uuid('The department id is not valid').nullish(),
});
export type UpdatePersonalInput = z.input<typeof updatePersonalSchema>;

export const emergencyContactSchema = z.object({
  name: z.string().nullable(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** PUT emergency. The phone must be a US mobile number: checked by the server (spec 2 §5). */
export const updateEmergencySchema = z.object({
  name: trimmedText(200).min(1, REQUIRED),
  relationship: trimmedText(100)
    .nullish()
    .transform((value) => (value ? value : null)),
  phone: trimmedText(30).min(1, REQUIRED),
});
export type UpdateEmergencyInput = z.input<typeof updateEmergencySchema>;
export const EMERGENCY_PHONE_INVALID_TEXT = 'Please enter a valid US mobile phone number.';

export const addressSchema = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  countryId: z.string().nullable(),
  stateId: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

const optionalText = (max: number) =>
  trimmedText(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** PUT address. Phone fields are not part of it (spec 2 §5); the state must belong to the country. */
export const updateAddressSchema = z
  .object({
    address1: optionalText(200),
    address2: optionalText(200),
    city: optionalText(100),
    zip: optionalText(20),
    countryId: listChoice(COUNTRIES),
    stateId: optionalText(10),
  })
  .superRefine((value, context) => {
    if (value.stateId === null) {
      return;
    }
    const states = value.countryId ? (STATES_BY_COUNTRY[value.countryId] ?? []) : [];
    if (!states.some((state) => state.id === value.stateId)) {
      context.addIssue({ code: 'custom', path: ['stateId'], message: NOT_IN_LIST });
    }
  });
export type UpdateAddressInput = z.input<typeof updateAddressSchema>;

/** spec 2 §3 clinic user details. */
export const clinicUserDetailsSchema = z.object({
  patientId: z.string(),
  homePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
});
export type ClinicUserDetails = z.infer<typeof clinicUserDetailsSchema>;

export const clinicAccountParamsSchema = z.object({
  clinicUuid: z.uuid('The clinic id is not valid'),
  accountId: z.uuid('The account id is not valid'),
});
export const accountParamsSchema = z.object({ accountId: z.uuid('The account id is not valid') });
export const clinicUserParamsSchema = z.object({
  clinicUuid: z.uuid('The clinic id is not valid'),
  userId: z.uuid('The user id is not valid'),
});
export const statesParamsSchema = z.object({ countryId: singleLineText().max(10) });

export const PATIENT_NOT_FOUND_TEXT = 'Patient not found.';

// --- spec 2 §5 client-side rules -------------------------------------------------------------------

/** The personal fields that become null when empty (spec 2 §5). */
export const NULL_WHEN_EMPTY = [
  'language',
  'gender',
  'contactPreference',
  'maritalStatus',
  'raceCode',
  'ethnicCode',
] as const;
/** Removed from the personal payload before saving (spec 2 §5). */
export const REMOVED_FROM_PERSONAL = [
  'image',
  'communicationLanguage',
  'username',
  'homePhone',
  'mobilePhone',
] as const;
/** Removed from the address payload before saving (spec 2 §5). */
export const REMOVED_FROM_ADDRESS = ['phones', 'homePhone', 'mobilePhone'] as const;

/** spec 2 §5: the personal payload as it is sent. */
export function preparePersonalPayload(values: Record<string, unknown>): Record<string, unknown> {
  const removed: readonly string[] = [...REMOVED_FROM_PERSONAL, 'phones'];
  const payload = Object.fromEntries(Object.entries(values).filter(([key]) => !removed.includes(key)));
  for (const key of NULL_WHEN_EMPTY) {
    if (!payload[key]) {
      payload[key] = null;
    }
  }
  return payload;
}

/** spec 2 §5: the address payload as it is sent. */
export function prepareAddressPayload(values: Record<string, unknown>): Record<string, unknown> {
  const removed: readonly string[] = REMOVED_FROM_ADDRESS;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !removed.includes(key)));
}

const STEP_TWO_FIELDS = [
  'birthdate',
  'gender',
  'homePhone',
  'mobilePhone',
  'email',
  'contactPreference',
  'username',
];

/** The step a server form error belongs to (spec 2 §5). `''` is the form's own (field-less) error. */
export function stepOfErrorField(field: string): DemographicStep {
  if (STEP_TWO_FIELDS.includes(field)) {
    return 'contact-info';
  }
  if (field === 'name' || field === '') {
    return 'emergency-info';
  }
  return 'personal';
}

/**
 * spec 2 §5 / §8: the step to go back to after a failed save, from the error's field list; null when
 * no entry counts. Only non-array entries count: an error on an element of a list (a path with a
 * numeric segment, e.g. `phones.0`) does not choose a step. The first counted entry decides.
 */
export function stepOfFormErrors(
  errors: readonly { field?: string | undefined }[] | undefined,
): DemographicStep | null {
  for (const error of errors ?? []) {
    const field = error.field ?? '';
    if (field.split('.').some((segment) => /^\d+$/.test(segment))) {
      continue;
    }
    return stepOfErrorField(field);
  }
  return null;
}
