import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  PUSH_ACTION_INVALID_TEXT,
  PUSH_ACTION_NOT_ALLOWED_TEXT,
  PUSH_KIND_ACTIONS,
  PUSH_KINDS,
  type PushActionRequest,
  type PushActionResponse,
  type PushKind,
} from '@app/contracts/push-actions';
import type { AppContext } from '../../app-context.ts';
import { oneTimeTokens } from '../../db/schema/one-time-tokens.ts';
import { HttpError } from '../../platform/http-error.ts';
import { sha256 } from '../../platform/passwords.ts';
import { PUSH_ACTION_TOKEN_PURPOSE } from '../../platform/push/push-actions.ts';
import { stopPasswordRecovery } from '../accounts/recovery.service.ts';
import { markTaskFromNotification } from '../check-in/check-in.service.ts';

// spec 3 §7 push notification actions (issue 17 item 5, decision 0044). The token is the whole
// authorisation: it names one person, one notification kind and one record, and works once.

function invalid(): HttpError {
  return new HttpError(400, PUSH_ACTION_INVALID_TEXT, { code: 'push_action_invalid' });
}

function isKind(value: unknown): value is PushKind {
  return typeof value === 'string' && (PUSH_KINDS as readonly string[]).includes(value);
}

/**
 * Applies a notification's action. Expired, used and unknown tokens get one answer (400); an action the
 * kind does not offer is refused (400) and leaves the token usable. The effect and the token's use are
 * one transaction: a refused effect (Done on a task its own flow completes) changes nothing.
 */
export async function applyPushAction(
  context: AppContext,
  input: PushActionRequest,
): Promise<PushActionResponse> {
  const now = context.now();
  const result: PushActionResponse = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.purpose, PUSH_ACTION_TOKEN_PURPOSE),
          eq(oneTimeTokens.tokenHash, sha256(input.token)),
          isNull(oneTimeTokens.consumedAt),
          gt(oneTimeTokens.expiresAt, now),
        ),
      )
      .for('update');
    const { kind, targetId, url } = row?.data ?? {};
    if (!row?.userId || !isKind(kind) || typeof targetId !== 'string' || typeof url !== 'string') {
      throw invalid();
    }
    if (!PUSH_KIND_ACTIONS[kind].some((offered) => offered.action === input.action)) {
      throw new HttpError(400, PUSH_ACTION_NOT_ALLOWED_TEXT, {
        code: 'push_action_not_allowed',
        errors: [{ detail: PUSH_ACTION_NOT_ALLOWED_TEXT, field: 'action' }],
      });
    }
    let open: string | null = null;
    switch (input.action) {
      case 'done':
      case 'skip':
        if (kind === 'todo') {
          await markTaskFromNotification(tx, row.userId, targetId, input.action, now);
        }
        // A message's Skip only dismisses it: the message stays unread for the app to show.
        break;
      case 'ok':
        // "It was me": the reset goes on as it was.
        break;
      case 'reject':
        await stopPasswordRecovery(tx, row.userId, now);
        break;
      case 'view':
        open = url;
        break;
    }
    const used = await tx
      .update(oneTimeTokens)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeTokens.id, row.id), isNull(oneTimeTokens.consumedAt)))
      .returning({ id: oneTimeTokens.id });
    if (used.length !== 1) {
      throw invalid();
    }
    return { kind, action: input.action, url: open };
  });
  return result;
}
