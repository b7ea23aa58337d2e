import { QUICK_LINK_TTL_HOURS, TASK_NOT_FOUND_TEXT, type QuickLinkType } from '@app/contracts/check-in';
import { INVALID_QUICK_LINK_TEXT, QUICK_LINK_PATH, type SentQuickLink } from '@app/contracts/quick-links';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { tasks, taskSettings } from '../../db/schema/check-in.ts';
import { enqueueActionPush } from '../../platform/push/push-actions.ts';
import { PUSH_TEXTS } from '@app/contracts/push-actions';
import { appointments } from '../../db/schema/scheduling.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError, OAuthHttpError } from '../../platform/http-error.ts';
import { enqueueMessage } from '../../platform/outbox/outbox.ts';
import { randomToken, sha256 } from '../../platform/passwords.ts';
import { findUserById, type UserRow } from '../auth/auth.repository.ts';
import { upsertCheckIn } from '../check-in/check-in.repository.ts';
import { APPOINTMENT_NOT_FOUND_TEXT, requireCheckInAppointment } from '../check-in/check-in.service.ts';
import { publishAppointmentChanged } from '../../platform/realtime/appointment-events.ts';
import { consumeQuickLink, insertQuickLink } from './quick-links.repository.ts';

// spec 2 §2 Quick-link entry, §7 "logins by check-in, messaging, confirm, careplan, on-fly, outside
// links" (decision 0019): single-use codes that expire, issued here and sent through the outbox.

export const QUICK_LINK_PURPOSE = 'quick-link';
export const QUICK_LINK_SUBJECT = 'A link from your clinic';

const SUBJECTS: Record<QuickLinkType, string> = {
  'check-in': 'Check in for your appointment',
  outside: 'Let us know you are outside',
  confirm: 'Confirm your appointment',
  'on-fly': 'Your clinic has tasks for you',
  messaging: 'You have a new message',
  careplan: 'Your care plan',
};

export interface QuickLinkInput {
  type: QuickLinkType;
  clinicId: string;
  userId: string;
  appointmentId?: string | undefined;
  taskId?: string | undefined;
  threadId?: string | undefined;
}

/** The task flow the todo notification opens for a signed-in patient (the link's flow, without its code). */
function todoUrl(input: QuickLinkInput): string {
  if (!input.appointmentId) {
    return `/user/task?flow=on-fly&clinicUuid=${input.clinicId}`;
  }
  return '/user/task';
}

/** The link a patient opens: the web entry with the code and the params of spec 2 §2. */
export function quickLinkUrl(baseUrl: string, input: QuickLinkInput, code: string): string {
  const query = new URLSearchParams({ type: input.type, oauthCode: code, userId: input.userId });
  query.set('clinicUuid', input.clinicId);
  if (input.appointmentId) {
    query.set('appointmentId', input.appointmentId);
  }
  if (input.taskId) {
    query.set('taskId', input.taskId);
  }
  if (input.threadId) {
    query.set('threadId', input.threadId);
  }
  return `${baseUrl.replace(/\/$/, '')}${QUICK_LINK_PATH}?${query.toString()}`;
}

/**
 * Issues a link and sends it to the patient's email and mobile phone. Only the code's SHA-256 is kept;
 * the code itself lives only in the message (and, for the dev fixture, in its answer).
 */
export async function issueQuickLink(
  db: Db,
  input: QuickLinkInput,
  now: Date,
  baseUrl: string,
): Promise<SentQuickLink & { code: string; url: string }> {
  const [patient] = await db
    .select({ email: users.email, mobilePhone: users.mobilePhone })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!patient) {
    throw new HttpError(404, 'Patient not found.', { code: 'patient_not_found' });
  }
  // A link names only the patient's own appointment and task, at the link's clinic.
  if (input.appointmentId) {
    const [own] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.id, input.appointmentId),
          eq(appointments.patientUserId, input.userId),
          eq(appointments.clinicId, input.clinicId),
        ),
      );
    if (!own) {
      throw new HttpError(404, APPOINTMENT_NOT_FOUND_TEXT, { code: 'appointment_not_found' });
    }
  }
  let taskTitle: string | null = null;
  if (input.taskId) {
    const [own] = await db
      .select({ id: tasks.id, title: taskSettings.title })
      .from(tasks)
      .innerJoin(taskSettings, eq(taskSettings.id, tasks.settingId))
      .where(
        and(eq(tasks.id, input.taskId), eq(tasks.userId, input.userId), eq(tasks.clinicId, input.clinicId)),
      );
    if (!own) {
      throw new HttpError(404, TASK_NOT_FOUND_TEXT, { code: 'task_not_found' });
    }
    taskTitle = own.title;
  }
  const code = randomToken(32);
  const expiresAt = new Date(now.getTime() + QUICK_LINK_TTL_HOURS * 3_600_000);
  const url = quickLinkUrl(baseUrl, input, code);
  const body = `${SUBJECTS[input.type]}: ${url}\nThe link works once and expires in ${QUICK_LINK_TTL_HOURS} hours.`;
  const channels: ('email' | 'sms')[] = [];
  await db.transaction(async (tx) => {
    await insertQuickLink(tx, {
      codeHash: sha256(code),
      type: input.type,
      clinicId: input.clinicId,
      userId: input.userId,
      appointmentId: input.appointmentId ?? null,
      taskId: input.taskId ?? null,
      threadId: input.threadId ?? null,
      expiresAt,
      createdAt: now,
    });
    if (patient.email) {
      channels.push('email');
      await enqueueMessage(
        tx,
        {
          channel: 'email',
          recipient: patient.email,
          subject: SUBJECTS[input.type],
          body,
          purpose: QUICK_LINK_PURPOSE,
        },
        now,
      );
    }
    if (input.taskId && taskTitle !== null) {
      // spec 3 §7 todo notification (decision 0044): a link that sends the patient one task also
      // offers Done and Skip on their devices. The body opens the link's task flow.
      await enqueueActionPush(
        tx,
        {
          kind: 'todo',
          userId: input.userId,
          targetId: input.taskId,
          url: todoUrl(input),
          title: PUSH_TEXTS.todo.title,
          body: taskTitle,
        },
        now,
      );
    }
    if (patient.mobilePhone) {
      channels.push('sms');
      await enqueueMessage(
        tx,
        { channel: 'sms', recipient: patient.mobilePhone, body, purpose: QUICK_LINK_PURPOSE },
        now,
      );
    }
  });
  return { type: input.type, expiresAt: expiresAt.toISOString(), channels, code, url };
}

/**
 * A provider of the clinic sends a link for one of its appointments (the schedule of issue 6 calls
 * this). Anyone else, or an appointment of another clinic: 404.
 */
export async function sendAppointmentQuickLink(
  db: Db,
  auth: AuthContext,
  params: { clinicUuid: string; appointmentId: string },
  type: 'check-in' | 'outside' | 'confirm',
  now: Date,
  baseUrl: string,
): Promise<SentQuickLink> {
  if (auth.role !== 'provider') {
    throw new HttpError(404, APPOINTMENT_NOT_FOUND_TEXT, { code: 'appointment_not_found' });
  }
  const appointment = await requireCheckInAppointment(db, auth, params.appointmentId);
  if (appointment.clinicId !== params.clinicUuid) {
    throw new HttpError(404, APPOINTMENT_NOT_FOUND_TEXT, { code: 'appointment_not_found' });
  }
  const sent = await issueQuickLink(
    db,
    {
      type,
      clinicId: appointment.clinicId,
      userId: appointment.patientUserId,
      appointmentId: appointment.id,
    },
    now,
    baseUrl,
  );
  return { type: sent.type, expiresAt: sent.expiresAt, channels: sent.channels };
}

/**
 * The quick_link grant: the code works once, before it expires, for the user the link names. Every
 * failure is the same invalid_grant. An 'outside' link also tells the clinic the patient waits
 * outside (check_ins.outside_at, the drive-up queue of issue 6).
 */
export async function verifyQuickLinkLogin(
  context: AppContext,
  code: string,
  userId: string,
): Promise<UserRow> {
  const invalid = new OAuthHttpError(400, 'invalid_grant', INVALID_QUICK_LINK_TEXT);
  const now = context.now();
  const link = await consumeQuickLink(context.db, { codeHash: sha256(code), userId, now });
  if (!link) {
    throw invalid;
  }
  const user = await findUserById(context.db, link.userId);
  if (user?.status !== 'active' || user.memberType !== 'patient') {
    throw invalid;
  }
  if (link.type === 'outside' && link.appointmentId) {
    await upsertCheckIn(context.db, link.appointmentId, { outsideAt: now });
    // spec 3 §4: the DriveUp queue shows the patient outside at once (decision 0024).
    await publishAppointmentChanged(context, { appointmentIds: [link.appointmentId] });
  }
  return user;
}
