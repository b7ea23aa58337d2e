import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ticketGrantSchema } from '@app/contracts/auth';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { OAuthHttpError } from '../../platform/http-error.ts';
import { sha256 } from '../../platform/passwords.ts';
import { consumeTicket } from './devices.repository.ts';

export const INVALID_TICKET_TEXT = 'The device ticket is not valid. Please log in with your password.';

type TicketGrant = z.infer<typeof ticketGrantSchema>;

/**
 * spec 1 §7 Login by ticket (memberType, id, pushId, ticket), the `ticket` grant of the token
 * endpoint. The ticket is used up by this call whatever the outcome (a ticket is a 256-bit secret, so
 * whoever presents it holds it; burning it on a mismatch costs the owner only a password login).
 * Every failure answers the same invalid_grant.
 */
export async function verifyTicketLogin(context: AppContext, grant: TicketGrant) {
  const invalid = new OAuthHttpError(400, 'invalid_grant', INVALID_TICKET_TEXT);
  const device = await consumeTicket(context.db, sha256(grant.ticket), context.now());
  if (!device || device.userId !== grant.id || device.deviceIdentifier !== grant.push_id) {
    throw invalid;
  }
  const [user] = await context.db.select().from(users).where(eq(users.id, device.userId));
  if (user?.status !== 'active' || user.memberType !== grant.member_type) {
    throw invalid;
  }
  return user;
}
