import { z } from 'zod';
import { singleLineText } from './text.ts';

// spec 2 §2 provider list and consultation type screen, §3 Consultation type / Provider / Department,
// §6 clinic modules, §7 calls (doctors, departments, consultation types, reference lists), §9 limits.
// The spec leaves methods and paths open; ours are listed beside each schema (decision 0017).

/** spec 2 §6 clinic modules that change booking. */
export const CLINIC_MODULES = [
  'waitlist',
  'recurring-visit',
  'advanced-scheduling',
  'advanced-scheduling-filters',
] as const;
export const clinicModuleSchema = z.enum(CLINIC_MODULES);
export type ClinicModule = z.infer<typeof clinicModuleSchema>;

/** spec 2 §9: repeat periods in weeks; recurring days are ISO weekday numbers (1 = Monday). */
export const REPEAT_PERIODS = [2, 3, 4] as const;
/** spec 2 §9: the slot search never walks more than 90 days. */
export const MAX_SLOT_WINDOW_DAYS = 90;
/** spec 2 §9: days per window by viewport width. */
export function daysPerWindow(viewportWidth: number): 7 | 5 | 3 {
  if (viewportWidth >= 900) {
    return 7;
  }
  return viewportWidth >= 700 ? 5 : 3;
}
/** How many first time slots each provider row shows (spec 2 §2 provider list). */
export const PROVIDER_ROW_SLOT_COUNT = 3;
/** A slot hold lasts at most this long, then the slot is offered again (issue 4). */
export const SLOT_HOLD_MINUTES = 10;
/** A patient holds at most this many slots; a further hold releases their oldest (decision 0017). */
export const MAX_ACTIVE_HOLDS_PER_PATIENT = 2;

export const ADVANCED_FILTER_KINDS = ['language', 'modality', 'gender', 'allyship', 'ethnicity'] as const;
export const advancedFilterKindSchema = z.enum(ADVANCED_FILTER_KINDS);
export type AdvancedFilterKind = z.infer<typeof advancedFilterKindSchema>;

const uuidParam = (name: string) => z.uuid(`${name} is not valid`);
/** mysql_date (spec 2 §9): YYYY-MM-DD. */
export const mysqlDateSchema = z.iso.date('Dates are written YYYY-MM-DD');
/** iso8601offset (spec 2 §9): 2026-11-23T09:00:00-05:00. */
export const isoOffsetSchema = z.iso.datetime({ offset: true, error: 'Times are ISO 8601 with an offset' });

/** Query strings carry lists as comma-separated ids ("list-prefixed ids" of spec 2 §7). */
const idListParam = (name: string) =>
  singleLineText()
    .max(2000, `${name} is too long`)
    .transform((value) => value.split(',').filter((item) => item.length > 0))
    .pipe(z.array(uuidParam(name)).max(50, `${name} has too many entries`));

const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

export const namedItemSchema = z.object({ id: z.string(), name: z.string() });
export type NamedItem = z.infer<typeof namedItemSchema>;

export const addressSchema = z.object({
  /** The full street address as printed. */
  line: z.string(),
  city: z.string().nullable(),
  stateId: z.string().nullable(),
  state: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

/** spec 2 §3 Department: id and uuid are the same value here (our departments have one id). */
export const departmentSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  name: z.string(),
  timezone: z.string(),
  address: addressSchema.nullable(),
});
export type Department = z.infer<typeof departmentSchema>;

/** spec 2 §3 Consultation type. */
export const consultationTypeSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Length in minutes of one slot of this type. */
  duration: z.number().int(),
  commentLength: z.number().int(),
  isCommentRequired: z.boolean(),
  isShowComment: z.boolean(),
  consultationTypeMessage: z.string().nullable(),
  /** 'video_call' types become telehealth visits. */
  type: z.enum(['video_call', 'office']),
  isInternal: z.boolean(),
  allowWaitlist: z.boolean(),
  visitTypeId: z.string().nullable(),
});
export type ConsultationType = z.infer<typeof consultationTypeSchema>;

export const timeSlotSchema = z.object({
  /** Seconds since the epoch of startAt (the freeze call's startAtTimestamp). */
  startTimestamp: z.number().int(),
  startAt: z.string(),
  finishAt: z.string(),
  externalId: z.string(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

/** spec 2 §3 Provider. */
export const schedulingProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  title: z.string().nullable(),
  specialty: z.string().nullable(),
  image: z.string().nullable(),
  acceptingNewPatients: z.boolean(),
  permission: z.object({ scheduling: z.boolean(), groupScheduling: z.boolean() }),
  /** The provider's first free slots from the From date (spec 2 §2 provider row). */
  timeslotList: z.array(z.object({ startAt: z.string() })),
});
export type SchedulingProvider = z.infer<typeof schedulingProviderSchema>;

/**
 * GET /api/clinics/:clinicUuid/scheduling-options — everything the provider-list filters need in one
 * call: the reference lists of spec 2 §7 (states, insurance, specialty, visit type, advanced filter
 * lists) and the clinic's active modules (spec 2 §6).
 */
export const clinicUuidParamsSchema = z.object({ clinicUuid: uuidParam('clinicUuid') });
export const schedulingOptionsSchema = z.object({
  clinicUuid: z.string(),
  clinicName: z.string(),
  timezone: z.string(),
  modules: z.array(clinicModuleSchema),
  states: z.array(namedItemSchema),
  insurances: z.array(namedItemSchema),
  specialties: z.array(namedItemSchema),
  visitTypes: z.array(namedItemSchema),
  departments: z.array(departmentSchema),
  advancedFilters: z.record(advancedFilterKindSchema, z.array(namedItemSchema)),
});
export type SchedulingOptions = z.infer<typeof schedulingOptionsSchema>;

/** GET /api/scheduling/providers (spec 2 §7 Doctors list). */
export const providerListQuerySchema = z.object({
  clinicUuid: uuidParam('clinicUuid'),
  stateId: singleLineText().trim().min(1).max(10).optional(),
  insuranceId: uuidParam('insuranceId').optional(),
  specialtyId: uuidParam('specialtyId').optional(),
  visitTypeId: uuidParam('visitTypeId').optional(),
  departmentId: uuidParam('departmentId').optional(),
  /** The calendar 'From' date: first slots are searched from here (default today). */
  fromDate: mysqlDateSchema.optional(),
  /** Care manager: internal consultation types count too (spec 2 §6). */
  internalBooking: booleanParam.optional(),
  acceptingNewPatients: booleanParam.optional(),
  /** Care-manager advanced filter: providers who see patients of this age. */
  birthDate: mysqlDateSchema.optional(),
  languageIds: idListParam('languageIds').optional(),
  modalityIds: idListParam('modalityIds').optional(),
  genderIds: idListParam('genderIds').optional(),
  allyshipIds: idListParam('allyshipIds').optional(),
  ethnicityIds: idListParam('ethnicityIds').optional(),
});
export type ProviderListQuery = z.input<typeof providerListQuerySchema>;
export const providerListResponseSchema = z.object({ providers: z.array(schedulingProviderSchema) });

/** GET /api/scheduling/providers/:providerId?clinicUuid (spec 2 §7 Doctor by id). */
export const providerIdParamsSchema = z.object({ providerId: uuidParam('providerId') });
export const clinicQuerySchema = z.object({ clinicUuid: uuidParam('clinicUuid') });

/** GET /api/scheduling/departments (spec 2 §7 Departments list). */
export const departmentListQuerySchema = z.object({
  clinicUuid: uuidParam('clinicUuid'),
  providerId: uuidParam('providerId').optional(),
  visitTypeId: uuidParam('visitTypeId').optional(),
});
export const departmentListResponseSchema = z.object({ departments: z.array(departmentSchema) });

/** GET /api/scheduling/consultation-types (spec 2 §7 Consultation type list). */
export const consultationTypeListQuerySchema = z.object({
  clinicUuid: uuidParam('clinicUuid'),
  providerId: uuidParam('providerId').optional(),
  visitTypeId: uuidParam('visitTypeId').optional(),
  departmentUuid: uuidParam('departmentUuid').optional(),
  /** spec 2 §7: the care manager asks with booking=internal and sees internal types too. */
  booking: z.literal('internal', { error: "booking can only be 'internal'" }).optional(),
});
export const consultationTypeListResponseSchema = z.object({
  consultationTypes: z.array(consultationTypeSchema),
});
/** GET /api/scheduling/consultation-types/:consultationTypeId. */
export const consultationTypeIdParamsSchema = z.object({
  consultationTypeId: uuidParam('consultationTypeId'),
});

/** GET /api/scheduling/consultation-type-settings (spec 2 §3 settings; ignored by the care manager). */
export const consultationTypeSettingsQuerySchema = z.object({
  providerId: uuidParam('providerId'),
  consultationTypeId: uuidParam('consultationTypeId'),
  departmentUuid: uuidParam('departmentUuid').optional(),
});
export const consultationTypeSettingsSchema = z.object({
  bookingOpenDate: mysqlDateSchema.nullable(),
  bookingCloseDate: mysqlDateSchema.nullable(),
});
export type ConsultationTypeSettings = z.infer<typeof consultationTypeSettingsSchema>;

/** GET /api/scheduling/time-slots (spec 2 §7 Time slots list); answers a bare array of slots. */
export const timeSlotQuerySchema = z
  .object({
    clinicUuid: uuidParam('clinicUuid'),
    providerId: uuidParam('providerId'),
    consultationTypeId: uuidParam('consultationTypeId'),
    departmentUuid: uuidParam('departmentUuid'),
    startAt: mysqlDateSchema,
    finishAt: mysqlDateSchema,
    /** Providers: the patient booked for, whose own holds stay offered (spec 2 §2 picker userId). */
    userId: uuidParam('userId').optional(),
  })
  .refine((query) => query.startAt <= query.finishAt, {
    message: 'startAt must not be after finishAt',
    path: ['finishAt'],
  });
export type TimeSlotQuery = z.infer<typeof timeSlotQuerySchema>;
export const timeSlotListResponseSchema = z.array(timeSlotSchema);

/** POST /api/scheduling/time-slots/freeze (spec 2 §7 Freeze time slot). Errors carry errors[].detail. */
export const freezeTimeSlotSchema = z.object({
  clinicUuid: uuidParam('clinicUuid'),
  doctorId: uuidParam('doctorId'),
  consultationId: uuidParam('consultationId'),
  departmentUuid: uuidParam('departmentUuid'),
  startAtTimestamp: z
    .number({ error: 'startAtTimestamp is required' })
    .int('startAtTimestamp is not valid')
    .positive('startAtTimestamp is not valid'),
  /** Providers hold a slot for the patient they book for. */
  userId: uuidParam('userId').optional(),
});
export type FreezeTimeSlotInput = z.infer<typeof freezeTimeSlotSchema>;
export const freezeTimeSlotResponseSchema = z.object({
  holdId: z.string(),
  startAt: z.string(),
  finishAt: z.string(),
  expiresAt: z.string(),
});

/** GET /api/scheduling/recurring-visits (spec 2 §7 Recurring visit list). */
export const recurringVisitQuerySchema = z.object({
  clinicUuid: uuidParam('clinicUuid'),
  providerId: uuidParam('providerId').optional(),
  departmentUuid: uuidParam('departmentUuid').optional(),
  consultationTypeId: uuidParam('consultationTypeId'),
  repeatPeriod: z.coerce
    .number({ error: 'repeatPeriod must be 2, 3 or 4' })
    .refine(
      (value) => (REPEAT_PERIODS as readonly number[]).includes(value),
      'repeatPeriod must be 2, 3 or 4',
    ),
  /** Comma-separated ISO weekday numbers, e.g. '1,3'. */
  days: singleLineText({ error: 'days is required' })
    .regex(/^[1-7](,[1-7]){0,6}$/, 'days are weekday numbers 1 to 7, comma-separated')
    .transform((value) => [...new Set(value.split(',').map(Number))].sort()),
  fromDate: mysqlDateSchema.optional(),
});
export type RecurringVisitQuery = z.input<typeof recurringVisitQuerySchema>;
/** How many visits a recurring series proposes (decision 0017). */
export const RECURRING_VISIT_COUNT = 6;
export const recurringVisitEntrySchema = z.object({
  provider: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
  department: z.object({ uuid: z.string(), name: z.string(), timezone: z.string() }),
  consultationType: z.object({ id: z.string(), title: z.string() }),
  /** One visit per date of the series, each with the slot proposed for it. */
  visits: z.array(z.object({ timeSlots: z.array(timeSlotSchema) })),
});
export type RecurringVisitEntry = z.infer<typeof recurringVisitEntrySchema>;
export const recurringVisitListResponseSchema = z.object({ entries: z.array(recurringVisitEntrySchema) });

/**
 * GET /api/scheduling/clinics — the clinics the signed-in person books in (a patient's clinics; a
 * provider's clinics). The booking start uses it when the link carries no clinicUuid (decision 0017).
 */
export const bookingClinicSchema = z.object({ clinicUuid: z.string(), clinicName: z.string() });
export type BookingClinic = z.infer<typeof bookingClinicSchema>;
export const bookingClinicListResponseSchema = z.object({ clinics: z.array(bookingClinicSchema) });
