import { z } from 'zod';

// spec 2 §3 insurance card details, spec 3 §3 insurance card entity, §4 statuses, §7 list / count.

export const INSURANCE_CARD_KINDS = ['primary', 'secondary'] as const;
export type InsuranceCardKind = (typeof INSURANCE_CARD_KINDS)[number];
export const insuranceCardKindSchema = z.enum(INSURANCE_CARD_KINDS, {
  error: 'The card kind must be primary or secondary.',
});

/** spec 3 §4: new -> approved (Import) ; new or approved -> reviewed (Remove from list). */
export const INSURANCE_CARD_STATUSES = ['new', 'approved', 'reviewed'] as const;
export type InsuranceCardStatus = (typeof INSURANCE_CARD_STATUSES)[number];

export const INSURANCE_CARD_SIDES = ['front', 'back'] as const;
export type InsuranceCardSide = (typeof INSURANCE_CARD_SIDES)[number];

export const INSURANCE_CARD_NOT_FOUND_TEXT = 'Insurance card not found.';
export const INSURANCE_FRONT_REQUIRED_TEXT = 'Please add a photo of the front of the card.';
export const INSURANCE_IMAGE_NOT_FOUND_TEXT = 'The card photo was not found. Please upload it again.';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`);

/** What the patient sends from the card page (spec 2 §3: insuranceNumber, ircName, planName). */
export const saveInsuranceCardSchema = z.object({
  clinicUuid: z.uuid('The clinic id is not valid'),
  /** Providers (self check-in) save for a patient; patients for themselves. */
  userId: z.uuid('The user id is not valid').optional(),
  appointmentId: z.uuid('The appointment id is not valid').optional(),
  frontFileId: z.uuid(INSURANCE_FRONT_REQUIRED_TEXT),
  backFileId: z.uuid('The back photo is not valid').nullable().optional(),
  insuranceNumber: text('Insurance number', 60),
  ircName: text('Insurance company', 120),
  planName: text('Plan name', 120),
  /** spec 3 §3 policyHolderName; when left empty, the patient's own name. */
  policyHolderName: z
    .string()
    .trim()
    .max(120, 'Policy holder name is too long (at most 120 characters).')
    .optional(),
});
export type SaveInsuranceCardInput = z.infer<typeof saveInsuranceCardSchema>;

export const insuranceCardSchema = z.object({
  id: z.string(),
  clinicUuid: z.string(),
  userId: z.string(),
  kind: insuranceCardKindSchema,
  status: z.enum(INSURANCE_CARD_STATUSES),
  updatedAt: z.string(),
  /** spec 3 §3 document {type, href}: front and back photos. */
  front: z.object({ fileId: z.string(), href: z.string() }),
  back: z.object({ fileId: z.string(), href: z.string() }).nullable(),
  insuranceNumber: z.string(),
  ircName: z.string(),
  planName: z.string(),
  policyHolderName: z.string(),
  listAppointmentId: z.array(z.string()),
  patient: z.object({
    id: z.string(),
    name: z.string(),
    firstName: z.string(),
    image: z.string().nullable(),
  }),
});
export type InsuranceCard = z.infer<typeof insuranceCardSchema>;
export const insuranceCardListSchema = z.array(insuranceCardSchema);

/** spec 2 §7 "insurance card details by clinic, user and kind". */
export const insuranceCardsQuerySchema = z.object({
  clinicUuid: z.uuid('The clinic id is not valid'),
  userId: z.uuid('The user id is not valid').optional(),
});
export const insuranceCardKindParamsSchema = z.object({ kind: insuranceCardKindSchema });

export const insuranceUploadQuerySchema = z.object({
  clinicUuid: z.uuid('The clinic id is not valid'),
  userId: z.uuid('The user id is not valid').optional(),
});

/** A list in a query string: repeated keys or one comma-separated value. */
function toList(value: unknown): unknown {
  if (value === undefined) {
    return [];
  }
  if (typeof value === 'string') {
    return value.split(',');
  }
  return value;
}
const idList = z.preprocess(toList, z.array(z.string().trim().min(1).max(100)).max(100));

/** spec 3 §7 Insurance cards list / count: clinic uuid, status=new, listDepartmentUuid, listProviderId, offset, limit. */
export const insuranceQueueQuerySchema = z.object({
  clinicUuid: z.uuid('The clinic id is not valid'),
  status: z.enum(INSURANCE_CARD_STATUSES).default('new'),
  listDepartmentUuid: idList,
  listProviderId: idList,
  offset: z.coerce.number().int().min(0).default(0),
  /** spec 3 §9: the list shows 25 per page. */
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type InsuranceQueueQuery = z.infer<typeof insuranceQueueQuerySchema>;
export const insuranceQueueCountSchema = z.object({ count: z.number().int() });
