import { z } from 'zod';
import { COMMUNICATION_LANGUAGES } from './communication-language.ts';

// Issue 21 item 4 (decisions 0086, 0090): the record download's query.

/**
 * `lang` picks the language of the PDF and of the file's name (the web sends the language it shows);
 * without it, the requesting user's communication language.
 */
export const recordExportQuerySchema = z.object({
  lang: z.enum(COMMUNICATION_LANGUAGES, { error: 'lang must be one of: en, es' }).optional(),
});
