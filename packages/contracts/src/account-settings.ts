import { z } from 'zod';
import { singleLineText } from './text.ts';

/** spec 1 §7 User image upload: POST with the file, answers its href. */
export const imageUploadResultSchema = z.object({ href: z.string() });

export const imageParamsSchema = z.object({ imageId: singleLineText().max(64) });

/** Decision 0014: PNG, JPEG or WebP, at most 2 MB. */
export const USER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPE_TEXT = 'Please choose a PNG, JPEG or WebP image.';
export const IMAGE_SIZE_TEXT = 'The image is too large. The maximum is 2 MB.';
export const IMAGE_MISSING_TEXT = 'Please choose an image to upload.';
