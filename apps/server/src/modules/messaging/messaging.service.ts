import {
  BULK_RECIPIENTS_MAX,
  INVALID_CURSOR_TEXT,
  THREAD_PAGE_SIZE,
  renderSmsText,
} from '@app/contracts/messaging-constants';
import {
  type BulkMessage,
  type BulkMessageList,
  type BulkPreview,
  type BulkRecipient,
  type DeliveryStatus,
  type Receiver,
  type SmsRecord,
  type SmsTemplate,
  type ThreadDetail,
  type ThreadMessage,
  type ThreadSummary,
} from '@app/contracts/messaging';
import type { z } from 'zod';
import type {
  bulkMessageRequestSchema,
  createThreadRequestSchema,
  smsTemplateRequestSchema,
} from '@app/contracts/messaging';
import type { AppContext } from '../../app-context.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { enqueueActionPush } from '../../platform/push/push-actions.ts';
import { PUSH_TEXTS } from '@app/contracts/push-actions';
import type { Db } from '../../db/client.ts';
import { auditChangeTouches } from '../../platform/audit/audit-transaction.ts';
import * as repo from './messaging.repository.ts';
import { publishMessageEvents } from './messaging-events.ts';
import { decodeMessageCursor, encodeMessageCursor } from './message-cursor.ts';

// spec 3 §2 secure messaging, SMS templates and bulk messaging (decision 0026).

const THREAD_NOT_FOUND = () => new HttpError(404, 'Thread not found.', { code: 'not_found' });
const PATIENT_NOT_FOUND = () => new HttpError(404, 'Patient not found.', { code: 'not_found' });
const TEMPLATE_NOT_FOUND = () => new HttpError(404, 'Template not found.', { code: 'not_found' });
const BULK_NOT_FOUND = () => new HttpError(404, 'Bulk message not found.', { code: 'not_found' });

export const OPTED_OUT_TEXT = 'This patient has opted out of text messages.';
export const NO_PHONE_TEXT = 'This patient has no mobile phone number.';

/** spec 3 §9 phone number suffix length 4: lists show no more of a number than that. */
function phoneSuffix(phone: string | null): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? digits.slice(-4) : null;
}

// --- Threads ----------------------------------------------------------------------------------

async function summaries(
  context: AppContext,
  userId: string,
  filter: repo.ThreadFilter,
): Promise<ThreadSummary[]> {
  const { db } = context;
  const threads = await repo.findThreadsOfUser(db, userId, filter);
  const ids = threads.map((thread) => thread.id);
  const [participants, lastMessages, unread] = await Promise.all([
    repo.findParticipants(db, ids),
    repo.findLastMessages(db, ids),
    repo.countUnreadByThread(db, userId, ids),
  ]);
  return threads.map((thread) => {
    const last = lastMessages.find((message) => message.threadId === thread.id);
    return {
      id: thread.id,
      clinicId: thread.clinicId,
      clinicName: thread.clinicName,
      subject: thread.subject,
      participants: participants
        .filter((participant) => participant.threadId === thread.id)
        .map(({ userId: id, name, kind }) => ({ userId: id, name, kind })),
      lastMessage: last
        ? { body: last.body, senderName: last.senderName, createdAt: last.createdAt.toISOString() }
        : null,
      lastMessageAt: thread.lastMessageAt.toISOString(),
      unreadCount: unread.find((row) => row.threadId === thread.id)?.unread ?? 0,
    };
  });
}

/** The caller's threads: a provider's of one clinic (optionally with one patient), a patient's all. */
export function listThreads(
  context: AppContext,
  auth: AuthContext,
  filter: { clinicId?: string; patientId?: string },
): Promise<ThreadSummary[]> {
  return summaries(context, auth.userId, filter);
}

function toThreadMessage(
  message: { id: string; senderId: string; senderName: string; body: string; createdAt: Date },
  userId: string,
): ThreadMessage {
  return {
    id: message.id,
    senderId: message.senderId,
    senderName: message.senderName,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
    mine: message.senderId === userId,
  };
}

/**
 * One page of a thread the caller takes part in (decision 0069): its newest THREAD_PAGE_SIZE
 * messages, or those before `before`, oldest first. Any other thread answers 404, as if it did not
 * exist; a cursor this server did not make answers 400.
 */
export async function readThread(
  context: AppContext,
  auth: AuthContext,
  threadId: string,
  clinicId?: string,
  before?: string,
): Promise<ThreadDetail> {
  const beforeSeq = before === undefined ? null : decodeMessageCursor(before);
  if (before !== undefined && beforeSeq === null) {
    throw new HttpError(400, INVALID_CURSOR_TEXT, {
      code: 'invalid_cursor',
      errors: [{ detail: INVALID_CURSOR_TEXT, field: 'before' }],
    });
  }
  const [summary] = await summaries(context, auth.userId, {
    threadId,
    ...(clinicId ? { clinicId } : {}),
  });
  if (!summary) {
    throw THREAD_NOT_FOUND();
  }
  // One more than a page tells whether an earlier page exists without counting the thread.
  const newestFirst = await repo.findMessagesPage(context.db, threadId, beforeSeq, THREAD_PAGE_SIZE + 1);
  const page = newestFirst.slice(0, THREAD_PAGE_SIZE).reverse();
  const oldest = page[0];
  return {
    ...summary,
    messages: page.map((message) => toThreadMessage(message, auth.userId)),
    earlierCursor: newestFirst.length > THREAD_PAGE_SIZE && oldest ? encodeMessageCursor(oldest.seq) : null,
  };
}

export async function createThread(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  input: z.infer<typeof createThreadRequestSchema>,
): Promise<ThreadDetail> {
  const { db } = context;
  const providerIds = [...new Set(input.providerIds.filter((id) => id !== auth.userId))];
  if (input.patientId) {
    const [patient] = await repo.findClinicPatients(db, clinicId, [input.patientId]);
    if (!patient) {
      throw PATIENT_NOT_FOUND();
    }
  }
  const known = await repo.findClinicProviders(db, clinicId, providerIds);
  if (known.length !== providerIds.length) {
    throw new HttpError(400, 'Please choose providers of this clinic.', {
      code: 'invalid_receiver',
      errors: [{ detail: 'Please choose providers of this clinic.', field: 'providerIds' }],
    });
  }
  if (!input.patientId && providerIds.length === 0) {
    throw new HttpError(400, 'Please choose at least one receiver.', {
      code: 'invalid_receiver',
      errors: [{ detail: 'Please choose at least one receiver.', field: 'providerIds' }],
    });
  }
  const now = context.now();
  const threadId = await db.transaction(async (tx) => {
    const id = await repo.insertThread(tx, {
      clinicId,
      subject: input.subject,
      createdByUserId: auth.userId,
      now,
    });
    await repo.insertParticipants(tx, id, [
      { userId: auth.userId, kind: 'provider' },
      ...providerIds.map((userId) => ({ userId, kind: 'provider' as const })),
      ...(input.patientId ? [{ userId: input.patientId, kind: 'patient' as const }] : []),
    ]);
    await repo.insertMessage(tx, { threadId: id, senderUserId: auth.userId, body: input.body, now });
    if (input.patientId) {
      await pushNewMessage(tx, input.patientId, id, now);
    }
    return id;
  });
  await notifyParticipants(context, threadId, auth.userId);
  return readThread(context, auth, threadId, clinicId);
}

/**
 * Adds the caller's message to a thread they take part in and answers only that message (issue 20
 * item 4): the sender's page appends it, the other party's pages hear of it over realtime.
 */
export async function reply(
  context: AppContext,
  auth: AuthContext,
  threadId: string,
  body: string,
  clinicId?: string,
): Promise<ThreadMessage> {
  // One indexed read: a thread the caller does not take part in (or of another clinic) is a 404.
  const participation = await repo.findParticipation(context.db, threadId, auth.userId, clinicId);
  if (!participation) {
    throw THREAD_NOT_FOUND();
  }
  // Read before the transaction: inside it, this round trip would be made while the thread's row is
  // locked by the insert (decision 0083). Who takes part in a thread does not change on a reply.
  const participants = await repo.findParticipantIds(context.db, threadId);
  const now = context.now();
  const { message, recipients } = await context.db.transaction(async (tx) => {
    const stored = await repo.insertMessage(tx, { threadId, senderUserId: auth.userId, body, now });
    for (const participant of participants) {
      if (participant.kind === 'patient' && participant.userId !== auth.userId) {
        await pushNewMessage(tx, participant.userId, threadId, now);
      }
    }
    return {
      message: stored,
      recipients: participants.map((p) => p.userId).filter((id) => id !== auth.userId),
    };
  });
  await notifyRecipients(context, threadId, auth.userId, recipients);
  return toThreadMessage(
    { ...message, senderId: auth.userId, senderName: participation.senderName, body },
    auth.userId,
  );
}

export async function markThreadRead(
  context: AppContext,
  auth: AuthContext,
  threadId: string,
  clinicId?: string,
): Promise<{ count: number }> {
  if (!(await repo.findParticipation(context.db, threadId, auth.userId, clinicId))) {
    throw THREAD_NOT_FOUND();
  }
  // In a transaction, so the audit events commit with the change (decision 0064).
  await context.db.transaction((tx) => repo.markRead(tx, threadId, auth.userId));
  await publishMessageEvents(context, { countsChangedFor: [auth.userId] });
  return { count: await repo.countUnread(context.db, auth.userId, clinicId) };
}

export async function unreadCount(context: AppContext, auth: AuthContext, clinicId?: string) {
  return { count: await repo.countUnread(context.db, auth.userId, clinicId) };
}

/**
 * spec 3 §7 message notification (decision 0044): the patient's devices get View (opens the thread) and
 * Skip. Written with the message, so a message is never pushed twice or lost between the two.
 */
async function pushNewMessage(tx: Db, patientUserId: string, threadId: string, now: Date): Promise<void> {
  await enqueueActionPush(
    tx,
    {
      kind: 'message',
      userId: patientUserId,
      targetId: threadId,
      url: `/user/message/${threadId}`,
      title: PUSH_TEXTS.message.title,
      body: PUSH_TEXTS.message.body,
    },
    now,
  );
}

/** Realtime hints to everyone else in the thread: a new message, and their counts changed. */
async function notifyParticipants(context: AppContext, threadId: string, senderId: string): Promise<void> {
  const participants = await repo.findParticipantIds(context.db, threadId);
  const recipients = participants.map((p) => p.userId).filter((id) => id !== senderId);
  await notifyRecipients(context, threadId, senderId, recipients);
}

async function notifyRecipients(
  context: AppContext,
  threadId: string,
  senderId: string,
  recipients: string[],
): Promise<void> {
  await publishMessageEvents(context, {
    threadId,
    messageFor: recipients,
    // The sender's own list moves too (their other tabs).
    countsChangedFor: recipients,
    threadChangedFor: [senderId],
  });
}

// --- Receivers --------------------------------------------------------------------------------

export async function searchReceivers(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  kind: 'patient' | 'provider',
  term: string,
): Promise<Receiver[]> {
  if (kind === 'patient') {
    const rows = await repo.searchClinicPatients(context.db, clinicId, term);
    return rows.map((row) => ({ userId: row.userId, name: row.name, kind, detail: row.birthdate }));
  }
  const rows = await repo.searchClinicProviders(context.db, clinicId, term, auth.userId);
  return rows.map((row) => ({ userId: row.userId, name: row.name, kind, detail: row.title }));
}

// --- SMS --------------------------------------------------------------------------------------

function deliveryStatus(row: {
  skipReason: 'opted-out' | 'no-phone' | null;
  outboxStatus: 'pending' | 'sent' | 'failed' | null;
}): DeliveryStatus {
  if (row.skipReason) {
    return row.skipReason;
  }
  switch (row.outboxStatus) {
    case 'pending':
      return 'queued';
    case 'failed':
      return 'failed';
    case 'sent':
    case null:
      // A row the outbox no longer holds was delivered and cleaned up.
      return 'sent';
  }
}

function smsRecord(row: Awaited<ReturnType<typeof repo.findSmsOfPatient>>[number]): SmsRecord {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    body: row.body,
    status: deliveryStatus(row),
    createdAt: row.createdAt.toISOString(),
  };
}

interface SmsRecipient {
  userId: string;
  firstName: string;
  lastName: string;
  mobilePhone: string | null;
  optedOutAt: Date | null;
}

function planFor(recipient: SmsRecipient, body: string, clinicName: string) {
  const text = renderSmsText(body, {
    firstName: recipient.firstName,
    lastName: recipient.lastName,
    clinicName,
  });
  const skipReason: 'opted-out' | 'no-phone' | null = recipient.optedOutAt
    ? 'opted-out'
    : recipient.mobilePhone
      ? null
      : 'no-phone';
  return { text, skipReason };
}

export async function sendSms(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  patientId: string,
  body: string,
): Promise<SmsRecord> {
  const { db } = context;
  const [patient] = await repo.findClinicPatients(db, clinicId, [patientId]);
  if (!patient) {
    throw PATIENT_NOT_FOUND();
  }
  const clinicName = await repo.findClinicName(db, clinicId);
  const plan = planFor(patient, body, clinicName);
  // decision 0026: an opt-out covers every text of the clinic, not only bulk sends.
  if (plan.skipReason === 'opted-out') {
    throw new HttpError(409, OPTED_OUT_TEXT, { code: 'opted_out' });
  }
  if (plan.skipReason === 'no-phone' || !patient.mobilePhone) {
    throw new HttpError(409, NO_PHONE_TEXT, { code: 'no_phone' });
  }
  const phone = patient.mobilePhone;
  const now = context.now();
  const id = await db.transaction(async (tx) => {
    const outboxId = await enqueueMessage(
      tx,
      { channel: 'sms', recipient: phone, body: plan.text, purpose: 'clinic-sms' },
      now,
    );
    return repo.insertSms(tx, {
      clinicId,
      patientUserId: patientId,
      senderUserId: auth.userId,
      bulkMessageId: null,
      body: plan.text,
      outboxMessageId: outboxId,
      skipReason: null,
      now,
    });
  });
  const rows = await repo.findSmsOfPatient(db, clinicId, patientId);
  const row = rows.find((item) => item.id === id);
  if (!row) {
    throw new Error('text message vanished');
  }
  return smsRecord(row);
}

export async function listSms(
  context: AppContext,
  clinicId: string,
  patientId: string,
): Promise<SmsRecord[]> {
  const [patient] = await repo.findClinicPatients(context.db, clinicId, [patientId]);
  if (!patient) {
    throw PATIENT_NOT_FOUND();
  }
  return (await repo.findSmsOfPatient(context.db, clinicId, patientId)).map(smsRecord);
}

// --- SMS templates ----------------------------------------------------------------------------

function templateOut(row: { id: string; name: string; body: string; updatedAt: Date }): SmsTemplate {
  return { id: row.id, name: row.name, body: row.body, updatedAt: row.updatedAt.toISOString() };
}

export async function listTemplates(context: AppContext, clinicId: string): Promise<SmsTemplate[]> {
  return (await repo.findTemplates(context.db, clinicId)).map(templateOut);
}

export async function createTemplate(
  context: AppContext,
  clinicId: string,
  input: z.infer<typeof smsTemplateRequestSchema>,
): Promise<SmsTemplate> {
  const row = await repo.insertTemplate(context.db, { clinicId, ...input, now: context.now() });
  if (!row) {
    throw new Error('template was not stored');
  }
  return templateOut(row);
}

export async function editTemplate(
  context: AppContext,
  clinicId: string,
  templateId: string,
  input: z.infer<typeof smsTemplateRequestSchema>,
): Promise<SmsTemplate> {
  const row = await repo.updateTemplate(context.db, clinicId, templateId, { ...input, now: context.now() });
  if (!row) {
    throw TEMPLATE_NOT_FOUND();
  }
  return templateOut(row);
}

export async function removeTemplate(context: AppContext, clinicId: string, templateId: string) {
  if (!(await repo.deleteTemplate(context.db, clinicId, templateId))) {
    throw TEMPLATE_NOT_FOUND();
  }
}

// --- Bulk messaging ---------------------------------------------------------------------------

async function resolveRecipients(
  context: AppContext,
  clinicId: string,
  selection: z.infer<typeof bulkMessageRequestSchema>['selection'],
): Promise<SmsRecipient[]> {
  const ids =
    selection.kind === 'patients'
      ? [...new Set(selection.patientIds)]
      : await repo.findPatientIdsWithAppointments(
          context.db,
          clinicId,
          selection.from,
          selection.to,
          selection.departmentId ?? null,
          BULK_RECIPIENTS_MAX + 1,
        );
  if (ids.length > BULK_RECIPIENTS_MAX) {
    throw new HttpError(400, `A bulk message can go to at most ${BULK_RECIPIENTS_MAX} patients.`, {
      code: 'too_many_recipients',
    });
  }
  // Ids of patients of other clinics simply drop out: they are no one here.
  const recipients = await repo.findClinicPatients(context.db, clinicId, ids);
  if (recipients.length === 0) {
    throw new HttpError(400, 'No patients match this selection.', { code: 'no_recipients' });
  }
  return recipients;
}

export async function previewBulk(
  context: AppContext,
  clinicId: string,
  input: z.infer<typeof bulkMessageRequestSchema>,
): Promise<BulkPreview> {
  const recipients = await resolveRecipients(context, clinicId, input.selection);
  const clinicName = await repo.findClinicName(context.db, clinicId);
  const rows: BulkRecipient[] = recipients.map((recipient) => {
    const plan = planFor(recipient, input.body, clinicName);
    return {
      patientId: recipient.userId,
      name: `${recipient.firstName} ${recipient.lastName}`,
      phoneSuffix: phoneSuffix(recipient.mobilePhone),
      // Before sending, a sendable recipient's message is what will be queued.
      status: plan.skipReason ?? 'queued',
      text: plan.text,
    };
  });
  const skippedCount = rows.filter((row) => row.status !== 'queued').length;
  return { recipients: rows, sendCount: rows.length - skippedCount, skippedCount };
}

/** One outbox item per reachable recipient; opted-out and phoneless patients are recorded as skipped. */
export async function sendBulk(
  context: AppContext,
  auth: AuthContext,
  clinicId: string,
  input: z.infer<typeof bulkMessageRequestSchema>,
): Promise<BulkMessage> {
  const recipients = await resolveRecipients(context, clinicId, input.selection);
  const clinicName = await repo.findClinicName(context.db, clinicId);
  const now = context.now();
  const bulkId = await context.db.transaction(async (tx) => {
    // One send, many patients: each gets its event in this transaction (issue 19 item 1).
    auditChangeTouches(recipients.map((recipient) => recipient.userId));
    const id = await repo.insertBulk(tx, { clinicId, senderUserId: auth.userId, body: input.body, now });
    for (const recipient of recipients) {
      const plan = planFor(recipient, input.body, clinicName);
      const outboxId =
        plan.skipReason || !recipient.mobilePhone
          ? null
          : await enqueueMessage(
              tx,
              { channel: 'sms', recipient: recipient.mobilePhone, body: plan.text, purpose: 'bulk-sms' },
              now,
            );
      await repo.insertSms(tx, {
        clinicId,
        patientUserId: recipient.userId,
        senderUserId: auth.userId,
        bulkMessageId: id,
        body: plan.text,
        outboxMessageId: outboxId,
        skipReason: plan.skipReason,
        now,
      });
    }
    return id;
  });
  return readBulk(context, clinicId, bulkId);
}

export async function readBulk(context: AppContext, clinicId: string, bulkId: string): Promise<BulkMessage> {
  const bulk = await repo.findBulk(context.db, clinicId, bulkId);
  if (!bulk) {
    throw BULK_NOT_FOUND();
  }
  const rows = await repo.findSmsOfBulk(context.db, bulkId);
  return {
    id: bulk.id,
    body: bulk.body,
    senderName: bulk.senderName,
    createdAt: bulk.createdAt.toISOString(),
    recipients: rows.map((row) => ({
      patientId: row.patientId,
      name: row.patientName,
      phoneSuffix: phoneSuffix(row.mobilePhone),
      status: deliveryStatus(row),
      text: row.body,
    })),
  };
}

export async function listBulk(context: AppContext, clinicId: string): Promise<BulkMessageList> {
  const rows = await repo.findBulkList(context.db, clinicId);
  return {
    bulkMessages: rows.map((row) => ({
      id: row.id,
      body: row.body,
      senderName: row.senderName,
      createdAt: row.createdAt.toISOString(),
      recipientCount: row.recipientCount,
    })),
  };
}

export async function listDepartments(context: AppContext, clinicId: string) {
  return { departments: await repo.findDepartments(context.db, clinicId) };
}

// --- Patient's text-message preference --------------------------------------------------------

export async function readSmsPreference(context: AppContext, auth: AuthContext) {
  return { smsOptOut: await repo.findOptOut(context.db, auth.userId) };
}

export async function writeSmsPreference(context: AppContext, auth: AuthContext, smsOptOut: boolean) {
  await repo.setOptOut(context.db, auth.userId, smsOptOut, context.now());
  return { smsOptOut };
}
