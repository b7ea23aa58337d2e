import { and, eq, inArray } from 'drizzle-orm';
import { IMAGE_SIZE_TEXT, IMAGE_TYPE_TEXT } from '@app/contracts/account-settings';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/accounts.ts';
import { clinicPatients, providers } from '../../db/schema/clinics.ts';
import type { AuthContext } from '../../platform/access.ts';
import { readStoredFile, removeStoredFile, saveFile } from '../../platform/files.ts';
import { cleanImage } from '../../platform/files/image-upload.ts';
import { HttpError } from '../../platform/http-error.ts';

const AREA = 'user-images';
export const IMAGE_HREF_PREFIX = '/api/user/images/';

const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
type Extension = keyof typeof TYPES;

/** spec 1 §7 User image upload: stores the picture, points the user record at it, answers the href. */
export async function uploadUserImage(
  context: AppContext,
  auth: AuthContext,
  bytes: Buffer,
  truncated: boolean,
): Promise<string> {
  if (truncated) {
    throw new HttpError(413, IMAGE_SIZE_TEXT, {
      code: 'too_large',
      errors: [{ detail: IMAGE_SIZE_TEXT, field: 'file' }],
    });
  }
  // One image pipeline for every picture we keep (issue 19 item 7, decision 0058): the avatar is
  // decoded and re-encoded like an insurance card photo, so EXIF (GPS, camera serial) and any bytes
  // after the image's end are gone. What cannot be decoded is refused with the avatar's own text.
  const clean = await cleanImage(bytes).catch((error: unknown) => {
    if (error instanceof HttpError) {
      throw new HttpError(400, IMAGE_TYPE_TEXT, {
        code: 'bad_type',
        errors: [{ detail: IMAGE_TYPE_TEXT, field: 'file' }],
      });
    }
    throw error;
  });
  const id = await saveFile(context.env.DATA_DIR, AREA, clean.bytes, clean.extension);
  const href = `${IMAGE_HREF_PREFIX}${id}`;
  const [before] = await context.db
    .select({ image: users.image })
    .from(users)
    .where(eq(users.id, auth.userId));
  await context.db
    .update(users)
    .set({ image: href, updatedAt: context.now() })
    .where(eq(users.id, auth.userId));
  if (before?.image?.startsWith(IMAGE_HREF_PREFIX)) {
    await removeStoredFile(context.env.DATA_DIR, AREA, before.image.slice(IMAGE_HREF_PREFIX.length));
  }
  return href;
}

/**
 * Who may see a picture (decision 0014): its owner, and staff of a clinic the owner belongs to (as a
 * patient or as a provider). Anyone else gets the same 404 as for a picture that does not exist.
 */
export async function readUserImage(
  context: AppContext,
  auth: AuthContext,
  imageId: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const notFound = () => new HttpError(404, 'This image does not exist.', { code: 'not_found' });
  const [owner] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.image, `${IMAGE_HREF_PREFIX}${imageId}`));
  if (!owner) {
    throw notFound();
  }
  if (owner.id !== auth.userId) {
    if (auth.role !== 'provider' || auth.clinicIds.length === 0) {
      throw notFound();
    }
    const asPatient = await context.db
      .select({ userId: clinicPatients.userId })
      .from(clinicPatients)
      .where(and(eq(clinicPatients.userId, owner.id), inArray(clinicPatients.clinicId, auth.clinicIds)));
    const asProvider = await context.db
      .select({ userId: providers.userId })
      .from(providers)
      .where(and(eq(providers.userId, owner.id), inArray(providers.clinicId, auth.clinicIds)));
    if (asPatient.length === 0 && asProvider.length === 0) {
      throw notFound();
    }
  }
  const bytes = await readStoredFile(context.env.DATA_DIR, AREA, imageId);
  const extension = imageId.split('.').pop() as Extension | undefined;
  if (!bytes || !extension || !(extension in TYPES)) {
    throw notFound();
  }
  return { bytes, contentType: TYPES[extension] };
}
