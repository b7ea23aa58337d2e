import { PUSH_ACTION_TOKEN_TTL_HOURS, PUSH_KIND_ACTIONS, type PushKind } from '@app/contracts/push-actions';
import type { PushPayload } from '@app/contracts/devices';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { randomToken, sha256 } from '../passwords.ts';

/** one_time_tokens.purpose of a notification's action token. */
export const PUSH_ACTION_TOKEN_PURPOSE = 'push-action';

/** What an action token names: one notification kind about one record of one person. */
export interface PushActionTarget {
  kind: PushKind;
  /** The task, the thread or the recovery's user id, per kind. */
  targetId: string;
  /** The path the notification opens (body click, View, or a Done the server refused). */
  url: string;
}

export interface ActionPushInput extends PushActionTarget {
  userId: string;
  title: string;
  body: string;
}

/**
 * Queues a notification with the buttons of its kind (spec 3 §7) in the caller's transaction: one
 * single-use action token (only its SHA-256 kept, like every one-time token) and one outbox row on the
 * 'push' channel, whose body is the payload the service worker receives.
 */
export async function enqueueActionPush(db: Db, input: ActionPushInput, now: Date): Promise<void> {
  const token = randomToken(32);
  await db.insert(oneTimeTokens).values({
    purpose: PUSH_ACTION_TOKEN_PURPOSE,
    userId: input.userId,
    tokenHash: sha256(token),
    data: { kind: input.kind, targetId: input.targetId, url: input.url },
    createdAt: now,
    expiresAt: new Date(now.getTime() + PUSH_ACTION_TOKEN_TTL_HOURS * 3_600_000),
  });
  const payload: PushPayload = {
    title: input.title.slice(0, 100),
    body: input.body.slice(0, 300),
    url: input.url,
    kind: input.kind,
    actions: PUSH_KIND_ACTIONS[input.kind].map(({ action, title }) => ({ action, title })),
    token,
  };
  await enqueueMessage(
    db,
    {
      channel: 'push',
      recipient: input.userId,
      subject: payload.title,
      body: JSON.stringify(payload),
      purpose: `push-${input.kind}`,
    },
    now,
  );
}
