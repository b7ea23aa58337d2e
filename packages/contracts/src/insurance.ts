import { z } from 'zod';
import { singleLineText } from './text.ts';

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
  singleLineText({ error: `${label} is required.` })
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
  policyHolderName: singleLineText()
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
// Ids are uuids: anything else is a 400 here, not a failed cast in the database.
const idList = z.preprocess(toList, z.array(z.uuid('The id list holds an id that is not valid.')).max(100));

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

// --- spec 3 §2 insurance review screens (issue 6, decision 0025) --------------------------------------
// Clinic-scoped provider calls: /api/provider/clinics/:clinicId/insurance-cards/... (PROVIDER_INSURANCE
// permission and USER_INSURANCE module).

/** spec 3 §9: the list shows 25 cards per page, without a page-size chooser. */
export const INSURANCE_REVIEW_PAGE_SIZE = 25;
export const INSURANCE_REMOVE_CONFIRM_TEXT =
  'Are you sure want to remove this from the list of insurance cards?';
export const INSURANCE_STATUS_CONFLICT_TEXT = 'This insurance card was already removed from the list.';

const uuidList = (label: string) =>
  z.preprocess(
    toList,
    z
      .array(z.uuid(`${label} must hold valid ids.`), { error: `${label} must be a list of ids.` })
      .max(200, `${label} may hold at most 200 ids.`),
  );

/** spec 3 §7 list / count filters (offset and limit only matter to the list). */
export const insuranceReviewQuerySchema = z.object({
  status: z
    .enum(INSURANCE_CARD_STATUSES, { error: 'The status must be new, approved or reviewed.' })
    .default('new'),
  listDepartmentUuid: uuidList('listDepartmentUuid'),
  listProviderId: uuidList('listProviderId'),
  offset: z.coerce
    .number({ error: 'offset must be a number.' })
    .int('offset must be a whole number.')
    .min(0, 'offset must be 0 or more.')
    .max(1_000_000, 'offset is too large.')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(INSURANCE_REVIEW_PAGE_SIZE, `limit must be at most ${INSURANCE_REVIEW_PAGE_SIZE}.`)
    .default(INSURANCE_REVIEW_PAGE_SIZE),
});
export type InsuranceReviewQuery = z.infer<typeof insuranceReviewQuerySchema>;

/** The list, with the clinic's time zone for the updated date (spec 3 §2 "in the clinic timezone"). */
export const insuranceReviewListSchema = z.object({
  items: z.array(insuranceCardSchema),
  timezone: z.string(),
});
export type InsuranceReviewList = z.infer<typeof insuranceReviewListSchema>;

export const insuranceReviewCardParamsSchema = z.object({
  clinicId: z.uuid('The clinic id is not valid'),
  userId: z.uuid('The user id is not valid'),
  kind: insuranceCardKindSchema,
});

/** spec 3 §2 card view: the card plus the appointment it came with (doctor, department, start). */
export const insuranceReviewCardSchema = z.object({
  card: insuranceCardSchema,
  timezone: z.string(),
  appointment: z
    .object({
      id: z.string(),
      doctorName: z.string(),
      departmentName: z.string(),
      startAt: z.string(),
      timezone: z.string(),
    })
    .nullable(),
});
export type InsuranceReviewCard = z.infer<typeof insuranceReviewCardSchema>;

/** spec 3 §7 Change card status: approved (Import, repeatable) or reviewed (Remove from list). */
export const insuranceStatusChangeSchema = z.object({
  cardId: z.uuid('The card id is not valid'),
  status: z.enum(['approved', 'reviewed'], { error: 'The status must be approved or reviewed.' }),
});
export type InsuranceStatusChange = z.infer<typeof insuranceStatusChangeSchema>;

/** spec 3 §4 Next card: limit 1 at offset = order; none found and order above 0: offset 0. */
export const insuranceNextQuerySchema = insuranceReviewQuerySchema
  .omit({ offset: true, limit: true })
  .extend({
    order: z.coerce
      .number({ error: 'order must be a number.' })
      .int('order must be a whole number.')
      .min(0, 'order must be 0 or more.')
      .max(1_000_000, 'order is too large.'),
    /**
     * The card on screen (issue 17 item 8). With it the server answers the first card still new that
     * comes after this one in the list's order, so a card imported or removed on screen (which leaves
     * the queue and shifts every later position by one) never makes Next skip a card. Without it, or
     * when that card is not in this clinic, spec 3 §4's offset rule (`order`) applies.
     */
    after: z.uuid('The card id is not valid.').optional(),
  });
export const insuranceNextSchema = z.object({
  card: insuranceCardSchema.nullable(),
  /** The position of the card returned (the next view's order). */
  order: z.number().int(),
});
export type InsuranceNext = z.infer<typeof insuranceNextSchema>;

/** spec 3 §4 as a pure rule: whether a card in `from` may move to `to`, and whether the new-count drops. */
export function insuranceTransition(
  from: InsuranceCardStatus,
  // Both targets are open from new and approved: Import may repeat ("Import again"), Remove from either.
  _to: 'approved' | 'reviewed',
): { allowed: boolean; leavesNew: boolean } {
  // A removed (reviewed) card is out of the list: neither Import nor Remove applies to it any more.
  const allowed = from !== 'reviewed';
  return { allowed, leavesNew: allowed && from === 'new' };
}

/** POST /dev/fixtures/insurance-cards (development only): a card in status new with a real photo. */
export const fixtureInsuranceCardSchema = z.object({
  userId: z.uuid(),
  clinicNumber: z.number().int().default(1001),
  kind: insuranceCardKindSchema.default('primary'),
  appointmentId: z.uuid().optional(),
  ircName: singleLineText().min(1).max(120).default('Aetna'),
  insuranceNumber: singleLineText().min(1).max(60).default('W987654321'),
});
export type FixtureInsuranceCard = z.input<typeof fixtureInsuranceCardSchema>;
export const fixtureInsuranceCardResponseSchema = z.object({ id: z.string() });
