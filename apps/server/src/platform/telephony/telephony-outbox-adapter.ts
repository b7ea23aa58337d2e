import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { maskRecipient } from '../outbox/mask-recipient.ts';
import type { TelephonyAdapter, TelephonyLog } from './telephony-adapter.ts';

export const OUTBOUND_CALL_PURPOSE = 'outbound-call';

/**
 * Development default: nothing is dialled. The call is written to the outbox as a 'voice' row that is
 * already 'sent' (so the delivery worker never picks it up) and shows on GET /dev/outbox, the way an
 * SMS without a gateway does, so a newcomer can follow the dialer end to end.
 */
export function createTelephonyOutboxAdapter(deps: {
  db: Db;
  now: () => Date;
  log: TelephonyLog;
}): TelephonyAdapter {
  return {
    name: 'outbox',
    placeCall: async (call) => {
      const now = deps.now();
      // Its own transaction: it stands for the provider's call, made between the request's transactions
      // (decision 0066: a change request writes through transactions only).
      const [row] = await deps.db.transaction((tx) =>
        tx
          .insert(outboxMessages)
          .values({
            channel: 'voice',
            recipient: call.to,
            subject: null,
            body: call.note,
            purpose: OUTBOUND_CALL_PURPOSE,
            status: 'sent',
            attempts: 1,
            createdAt: now,
            nextAttemptAt: now,
            sentAt: now,
          })
          .returning({ id: outboxMessages.id }),
      );
      if (!row) {
        throw new Error('outbound call was not recorded');
      }
      deps.log.info?.(
        { outboxId: row.id, callId: call.callId, to: maskRecipient(call.to) },
        'outbound call kept locally (no telephony provider configured); read it at /dev/outbox',
      );
      // Nothing rings, so the call counts as connected at once; Hang up ends it.
      return { externalId: row.id, status: 'in-progress' };
    },
    hangUp: async () => {
      // Nothing to hang up: the call only ever existed in the outbox.
    },
  };
}
