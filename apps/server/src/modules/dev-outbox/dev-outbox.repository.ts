import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import type { RecipientFilter } from './dev-outbox.service.ts';

function recipientCondition(filter: RecipientFilter): SQL | undefined {
  switch (filter.kind) {
    case 'all':
      return undefined;
    case 'email':
      return sql`lower(${outboxMessages.recipient}) = ${filter.address}`;
    case 'phone':
      // Stored numbers may be E.164 or 10 digits; compare the trailing digits of both sides.
      return sql`${outboxMessages.channel} in ('sms', 'voice') and right(regexp_replace(${outboxMessages.recipient}, '[^0-9]', '', 'g'), ${filter.digits.length}) = ${filter.digits}`;
    case 'exact':
      return sql`lower(${outboxMessages.recipient}) = ${filter.value}`;
  }
}

/**
 * The messages after the message `afterId` in the reading order (created_at, id) descending, the key
 * read from that row by the query (decision 0076); an id that names no message gives no rows.
 */
function olderThan(afterId: string | null): SQL | undefined {
  if (afterId === null) {
    return undefined;
  }
  return sql`(${outboxMessages.createdAt}, ${outboxMessages.id}) < ((select o.created_at from ${outboxMessages} o where o.id = ${afterId}::uuid), ${afterId}::uuid)`;
}

/** `limit` messages, newest first, optionally for one recipient, after the message `afterId`. */
export async function findOutboxMessages(
  db: Db,
  filter: RecipientFilter,
  afterId: string | null,
  limit: number,
) {
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      purpose: outboxMessages.purpose,
      status: outboxMessages.status,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(and(recipientCondition(filter), olderThan(afterId)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}
