import { z } from 'zod';

/** The one error shape every route answers with (ARCHITECTURE.md, convention 4). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ detail: z.string(), field: z.string().optional() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** OAuth's own error shape, used only by the token endpoint. */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

export const GENERIC_ERROR_TEXT = 'Oops… Something went wrong.';
export const EXPIRED_ACCESS_TOKEN_TEXT = 'The access token provided has expired.';

/**
 * The refusal of a control character in a text field (decision 0059), shown beside the field; the web
 * shows it through its catalogue (validation.controlCharacters). Here, not in text.ts, so the first
 * page can read it without zod.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'This field contains characters that are not allowed.';
