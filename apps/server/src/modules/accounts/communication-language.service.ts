import { eq } from 'drizzle-orm';
import type { CommunicationLanguage } from '@app/contracts/communication-language';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import type { AuthContext } from '../../platform/access.ts';
import { HttpError } from '../../platform/http-error.ts';

/** The language messages to this person are written in; each person sets their own only. */
export async function setCommunicationLanguage(
  context: AppContext,
  auth: AuthContext,
  userId: string,
  language: CommunicationLanguage,
): Promise<void> {
  if (auth.userId !== userId) {
    throw new HttpError(403, 'You do not have permission to do this.', { code: 'forbidden' });
  }
  await context.db
    .update(users)
    .set({ communicationLanguage: language, updatedAt: context.now() })
    .where(eq(users.id, userId));
}
