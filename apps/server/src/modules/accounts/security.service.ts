import type { AppContext } from '../../app-context.ts';
import { setPassword, setSecurityQuestion } from './account-security.service.ts';

/** spec 1 §4 security save: the new password clears isResetPasswordRequired (setPassword does). */
export async function saveSecurityPassword(
  context: AppContext,
  userId: string,
  newPassword: string,
): Promise<void> {
  await setPassword(context.db, userId, newPassword, context.now());
}

/** A saved question clears isSecurityQuestionEmpty, which is derived from the stored question. */
export async function saveSecurityQuestion(
  context: AppContext,
  userId: string,
  question: string,
  answer: string,
): Promise<void> {
  await setSecurityQuestion(context.db, userId, question, answer, context.now());
}
