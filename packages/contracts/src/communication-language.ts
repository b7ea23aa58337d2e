import { z } from 'zod';

// spec 1 §3 user record communicationLanguage {isoCode}; §4 patched for patients, applied for providers.

/** The languages the portal speaks (ISO 639-1); spec 1 §9 default locale en. */
export const COMMUNICATION_LANGUAGES = ['en', 'es'] as const;
export type CommunicationLanguage = (typeof COMMUNICATION_LANGUAGES)[number];

export const communicationLanguageSchema = z.enum(COMMUNICATION_LANGUAGES, {
  error: 'language must be one of: en, es',
});

/** spec 1 §7 Communication language: PATCH by user id, payload language. */
export const communicationLanguageRequestSchema = z
  .object({ language: communicationLanguageSchema })
  .strict();

export const userIdParamsSchema = z.object({ id: z.uuid('id is not valid') });
