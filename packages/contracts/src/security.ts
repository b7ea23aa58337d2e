import { z } from 'zod';
import { singleLineText } from './text.ts';

/** The security page ({role}/security, spec 1 §2, §4, §5, §9). */

export const SECURITY_FIELD_MAX = 100;
export const SECURITY_PASSWORD_MIN = 8;
export const PASSWORDS_DO_NOT_MATCH_TEXT = 'Passwords do not match';
export const BOTH_QUESTION_AND_REPLY_TEXT = 'Both security question and reply should be provided';
export const SECURITY_REQUIRED_TEXT = 'This field is required.';
export const SECURITY_PASSWORD_MIN_TEXT = 'Please set a new password of a minimum of 8 characters.';
export const SECURITY_ANSWER_MIN_TEXT = 'The answer should be 6 to 100 characters.';
export const SECURITY_SAVED_TEXT = 'Your security settings have been saved.';

export const securityPasswordSchema = z.object({
  newPassword: singleLineText()
    .min(SECURITY_PASSWORD_MIN, SECURITY_PASSWORD_MIN_TEXT)
    .max(SECURITY_FIELD_MAX),
});
export type SecurityPassword = z.infer<typeof securityPasswordSchema>;

/** spec 1 §5 / §9: question 1 to 100, answer 6 to 100. */
export const securityQuestionSchema = z.object({
  question: singleLineText().trim().min(1, SECURITY_REQUIRED_TEXT).max(SECURITY_FIELD_MAX),
  answer: singleLineText().trim().min(6, SECURITY_ANSWER_MIN_TEXT).max(SECURITY_FIELD_MAX),
});
export type SecurityQuestion = z.infer<typeof securityQuestionSchema>;

export const securityMessageSchema = z.object({ message: z.string() });

/**
 * The page's form (web only). Which parts are required depends on the flags (spec 1 §2): the
 * password when a reset is required, the question when it is empty; question and answer both or
 * neither (spec 1 §5).
 */
export function securityFormSchema(options: { passwordRequired: boolean; questionRequired: boolean }) {
  return z
    .object({
      newPassword: z.string().max(SECURITY_FIELD_MAX),
      confirmPassword: z.string().max(SECURITY_FIELD_MAX),
      question: z.string().max(SECURITY_FIELD_MAX),
      answer: z.string().max(SECURITY_FIELD_MAX),
    })
    .superRefine((value, ctx) => {
      const wantsPassword =
        options.passwordRequired || value.newPassword !== '' || value.confirmPassword !== '';
      if (wantsPassword) {
        if (value.newPassword === '') {
          ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SECURITY_REQUIRED_TEXT });
        } else if (value.newPassword.length < SECURITY_PASSWORD_MIN) {
          ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SECURITY_PASSWORD_MIN_TEXT });
        }
        if (value.confirmPassword === '') {
          ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: SECURITY_REQUIRED_TEXT });
        } else if (value.confirmPassword !== value.newPassword) {
          ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH_TEXT });
        }
      }
      const question = value.question.trim();
      const answer = value.answer.trim();
      if (question === '' && answer === '') {
        if (options.questionRequired) {
          ctx.addIssue({ code: 'custom', path: ['question'], message: SECURITY_REQUIRED_TEXT });
        }
        return;
      }
      if (question === '' || answer === '') {
        ctx.addIssue({
          code: 'custom',
          path: [question === '' ? 'question' : 'answer'],
          message: BOTH_QUESTION_AND_REPLY_TEXT,
        });
        return;
      }
      if (answer.length < 6) {
        ctx.addIssue({ code: 'custom', path: ['answer'], message: SECURITY_ANSWER_MIN_TEXT });
      }
    });
}
export type SecurityForm = z.infer<ReturnType<typeof securityFormSchema>>;
