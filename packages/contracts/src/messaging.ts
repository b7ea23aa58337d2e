import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';
import {
  BULK_RECIPIENTS_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  SMS_BODY_MAX,
  SMS_TEMPLATE_NAME_MAX,
  THREAD_PROVIDERS_MAX,
  INVALID_CURSOR_TEXT,
  UNKNOWN_PLACEHOLDER_TEXT,
  unknownPlaceholders,
} from './messaging-constants.ts';

// spec 3 §2 secure messaging (provider routes message/..., patient/{patientId}/message/...), bulk
// messaging (BULK_MESSAGING permission and module, spec 3 §6), SMS templates (patient/sms-templates),
// and the new-messages count of §7 (refreshed every 30 minutes, §9; realtime hints in between).
// The paths are ours (decision 0026).

const trimmed = (max: number, emptyText: string, longText: string, lines: 'single' | 'multi' = 'single') =>
  (lines === 'multi' ? multiLineText(emptyText) : singleLineText(emptyText))
    .trim()
    .min(1, emptyText)
    .max(max, longText);

export const messageBodySchema = trimmed(
  MESSAGE_BODY_MAX,
  'Please write a message.',
  `A message can hold at most ${MESSAGE_BODY_MAX} characters.`,
  'multi',
);

export const smsBodySchema = trimmed(
  SMS_BODY_MAX,
  'Please write a text message.',
  `A text message can hold at most ${SMS_BODY_MAX} characters.`,
  'multi',
).refine((text) => unknownPlaceholders(text).length === 0, UNKNOWN_PLACEHOLDER_TEXT);

// --- Params -----------------------------------------------------------------------------------

export const clinicThreadParamsSchema = z.object({
  clinicId: z.uuid(),
  threadId: z.uuid('threadId is not valid'),
});
export const threadParamsSchema = z.object({ threadId: z.uuid('threadId is not valid') });
export const clinicPatientMessageParamsSchema = z.object({
  clinicId: z.uuid(),
  patientId: z.uuid('patientId is not valid'),
});
export const clinicTemplateParamsSchema = z.object({
  clinicId: z.uuid(),
  templateId: z.uuid('templateId is not valid'),
});
export const clinicBulkParamsSchema = z.object({
  clinicId: z.uuid(),
  bulkId: z.uuid('bulkId is not valid'),
});

// --- Threads ----------------------------------------------------------------------------------

export const participantKindSchema = z.enum(['patient', 'provider']);
export type ParticipantKind = z.infer<typeof participantKindSchema>;

export const threadParticipantSchema = z.object({
  userId: z.string(),
  name: z.string(),
  kind: participantKindSchema,
});
export type ThreadParticipant = z.infer<typeof threadParticipantSchema>;

export const threadSummarySchema = z.object({
  id: z.string(),
  clinicId: z.string(),
  clinicName: z.string(),
  subject: z.string(),
  participants: z.array(threadParticipantSchema),
  lastMessage: z.object({ body: z.string(), senderName: z.string(), createdAt: z.string() }).nullable(),
  lastMessageAt: z.string(),
  unreadCount: z.number().int().min(0),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadListSchema = z.object({ threads: z.array(threadSummarySchema) });
export type ThreadList = z.infer<typeof threadListSchema>;

/** ?patientId narrows the provider's list to one patient's threads (the patient view's message tab). */
export const threadListQuerySchema = z.object({ patientId: z.uuid('patientId is not valid').optional() });

export const threadMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** The caller's own message. */
  mine: z.boolean(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/**
 * One page of a thread (issue 20 item 4, decision 0069): its newest THREAD_PAGE_SIZE messages, or
 * those before `?before=`, oldest first. `earlierCursor` asks for the page before this one; null when
 * this page holds the thread's first message.
 */
export const threadDetailSchema = threadSummarySchema.extend({
  messages: z.array(threadMessageSchema),
  earlierCursor: z.string().nullable(),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

/**
 * GET .../threads/:threadId?before=<cursor> — the cursor exactly as a previous page gave it. It is
 * opaque: only its alphabet and length are checked here; the server reads it (and refuses one it did
 * not make with the same text).
 */
export const threadPageQuerySchema = z.object({
  before: singleLineText()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, INVALID_CURSOR_TEXT)
    .optional(),
});

/** POST .../messages/threads — at most one patient, some providers; at least one receiver. */
export const createThreadRequestSchema = z
  .object({
    subject: trimmed(
      MESSAGE_SUBJECT_MAX,
      'Please enter a subject.',
      `A subject can hold at most ${MESSAGE_SUBJECT_MAX} characters.`,
    ),
    body: messageBodySchema,
    patientId: z.uuid('patientId is not valid').nullish(),
    providerIds: z
      .array(z.uuid('providerIds is not valid'))
      .max(THREAD_PROVIDERS_MAX, `A thread can have at most ${THREAD_PROVIDERS_MAX} providers.`)
      .default([]),
  })
  .refine((input) => Boolean(input.patientId) || input.providerIds.length > 0, {
    message: 'Please choose at least one receiver.',
    path: ['providerIds'],
  });
export type CreateThreadRequest = z.input<typeof createThreadRequestSchema>;

/** POST .../threads/:threadId/messages — answers only the new message (threadMessageSchema, decision 0069). */
export const replyRequestSchema = z.object({ body: messageBodySchema });
export type ReplyRequest = z.infer<typeof replyRequestSchema>;

// --- Receivers --------------------------------------------------------------------------------

export const receiverSearchQuerySchema = z.object({
  q: singleLineText().trim().max(100, 'The search can hold at most 100 characters.').default(''),
});

export const receiverSchema = z.object({
  userId: z.string(),
  name: z.string(),
  kind: participantKindSchema,
  /** Patients: birthdate (to tell namesakes apart); providers: title. */
  detail: z.string().nullable(),
});
export type Receiver = z.infer<typeof receiverSchema>;
export const receiverListSchema = z.object({ receivers: z.array(receiverSchema) });
export type ReceiverList = z.infer<typeof receiverListSchema>;

// --- SMS to one patient -----------------------------------------------------------------------

export const deliveryStatusSchema = z.enum(['queued', 'sent', 'failed', 'opted-out', 'no-phone']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const sendSmsRequestSchema = z.object({ body: smsBodySchema });
export type SendSmsRequest = z.input<typeof sendSmsRequestSchema>;

export const smsRecordSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  body: z.string(),
  status: deliveryStatusSchema,
  createdAt: z.string(),
});
export type SmsRecord = z.infer<typeof smsRecordSchema>;
export const smsListSchema = z.object({ messages: z.array(smsRecordSchema) });
export type SmsList = z.infer<typeof smsListSchema>;

// --- SMS templates ----------------------------------------------------------------------------

export const smsTemplateRequestSchema = z.object({
  name: trimmed(
    SMS_TEMPLATE_NAME_MAX,
    'Please enter a name.',
    `A name can hold at most ${SMS_TEMPLATE_NAME_MAX} characters.`,
  ),
  body: smsBodySchema,
});
export type SmsTemplateRequest = z.input<typeof smsTemplateRequestSchema>;

export const smsTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;
export const smsTemplateListSchema = z.object({ templates: z.array(smsTemplateSchema) });
export type SmsTemplateList = z.infer<typeof smsTemplateListSchema>;

// --- Bulk messaging ---------------------------------------------------------------------------

const dateSchema = z.iso.date('Please enter a valid date.');

/** Who receives a bulk message: chosen patients, or the patients with visits in a date range. */
export const bulkSelectionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('patients'),
      patientIds: z
        .array(z.uuid('patientIds is not valid'))
        .min(1, 'Please choose at least one patient.')
        .max(BULK_RECIPIENTS_MAX, `A bulk message can go to at most ${BULK_RECIPIENTS_MAX} patients.`),
    }),
    z
      .object({
        kind: z.literal('appointments'),
        from: dateSchema,
        to: dateSchema,
        departmentId: z.uuid('departmentId is not valid').nullish(),
      })
      .refine((selection) => selection.from <= selection.to, {
        message: 'The end date must not be before the start date.',
        path: ['to'],
      }),
  ],
  { error: 'Please choose the recipients.' },
);
export type BulkSelection = z.input<typeof bulkSelectionSchema>;

export const bulkMessageRequestSchema = z.object({ selection: bulkSelectionSchema, body: smsBodySchema });
export type BulkMessageRequest = z.input<typeof bulkMessageRequestSchema>;

export const bulkRecipientSchema = z.object({
  patientId: z.string(),
  name: z.string(),
  /** The last digits only (spec 3 §9 phone number suffix length 4). */
  phoneSuffix: z.string().nullable(),
  status: deliveryStatusSchema,
  /** The text this recipient gets (placeholders filled in). */
  text: z.string(),
});
export type BulkRecipient = z.infer<typeof bulkRecipientSchema>;

export const bulkPreviewSchema = z.object({
  recipients: z.array(bulkRecipientSchema),
  sendCount: z.number().int(),
  skippedCount: z.number().int(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

export const bulkMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  senderName: z.string(),
  createdAt: z.string(),
  recipients: z.array(bulkRecipientSchema),
});
export type BulkMessage = z.infer<typeof bulkMessageSchema>;

export const bulkMessageListSchema = z.object({
  bulkMessages: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      senderName: z.string(),
      createdAt: z.string(),
      recipientCount: z.number().int(),
    }),
  ),
});
export type BulkMessageList = z.infer<typeof bulkMessageListSchema>;

/** GET /api/provider/clinics/:clinicId/messages/departments — the bulk filter's department choice. */
export const departmentOptionListSchema = z.object({
  departments: z.array(z.object({ id: z.string(), name: z.string() })),
});

// --- Patient's own text-message preference ----------------------------------------------------

export const smsPreferenceSchema = z.object({ smsOptOut: z.boolean('smsOptOut must be true or false.') });
export type SmsPreference = z.infer<typeof smsPreferenceSchema>;
