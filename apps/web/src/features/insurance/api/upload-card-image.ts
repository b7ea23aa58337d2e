import type { UploadResult } from '@app/contracts/files';
import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import { uploadFile } from '../../../lib/api/stored-file.ts';

/** A card photo: POST /api/insurance/card-images (multipart). The server checks and re-encodes it. */
export async function uploadCardImage(clinicUuid: string, userId: string, file: File): Promise<UploadResult> {
  const { uploadResultSchema } = await import('@app/contracts/files');
  const query = new URLSearchParams({ clinicUuid, userId });
  const parsed = uploadResultSchema.safeParse(
    await uploadFile(`/api/insurance/card-images?${query.toString()}`, file, file.name),
  );
  if (!parsed.success) {
    throw new Error(GENERIC_ERROR_TEXT);
  }
  return parsed.data;
}
