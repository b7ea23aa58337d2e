import { fileTypeFromBuffer } from 'file-type';
import type Sharp from 'sharp';
import { IMAGE_MAX_DIMENSION, UPLOAD_BAD_TYPE_TEXT } from '@app/contracts/files';
import { HttpError } from '../http-error.ts';
import { loadSharp } from '../lazy/sharp.ts';

// Upload checks (decision 0022): the type comes from the bytes (file-type's magic numbers), never from
// the name or the declared Content-Type. Images are decoded and re-encoded by sharp: rotated by their
// EXIF orientation, then written without any metadata (EXIF, GPS, XMP, ICC comments), inside a bounded
// box. A file that only looks like an image fails the decode and is refused.

export interface CleanFile {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/** sharp's prebuilt libvips reads HEIF only when built with a HEVC decoder; without it HEIC is refused. */
function canDecode(sharp: typeof Sharp, mime: string): boolean {
  if (mime === 'image/heic' || mime === 'image/heif') {
    return sharp.format.heif.input.buffer;
  }
  return true;
}

function badType(): HttpError {
  return new HttpError(415, UPLOAD_BAD_TYPE_TEXT, {
    code: 'bad_type',
    errors: [{ detail: UPLOAD_BAD_TYPE_TEXT, field: 'file' }],
  });
}

/** The sniffed type of a file, or null (SVG and other text formats have no magic number: null). */
export async function sniffType(bytes: Buffer): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type?.mime ?? null;
}

/** A photo as we keep it: JPEG, PNG or WebP, upright, without metadata, at most IMAGE_MAX_DIMENSION. */
export async function cleanImage(bytes: Buffer): Promise<CleanFile> {
  const mime = await sniffType(bytes);
  const sharp = await loadSharp();
  if (!mime || !IMAGE_TYPES.has(mime) || !canDecode(sharp, mime)) {
    throw badType();
  }
  try {
    // limitInputPixels guards against decompression bombs (a tiny file that decodes huge).
    const pipeline = sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate().resize({
      width: IMAGE_MAX_DIMENSION,
      height: IMAGE_MAX_DIMENSION,
      fit: 'inside',
      withoutEnlargement: true,
    });
    // sharp writes no metadata unless asked (withMetadata/keepExif): the output has no EXIF or GPS.
    if (mime === 'image/png') {
      return { bytes: await pipeline.png().toBuffer(), contentType: 'image/png', extension: 'png' };
    }
    if (mime === 'image/webp') {
      return {
        bytes: await pipeline.webp({ quality: 85 }).toBuffer(),
        contentType: 'image/webp',
        extension: 'webp',
      };
    }
    return {
      bytes: await pipeline.jpeg({ quality: 85 }).toBuffer(),
      contentType: 'image/jpeg',
      extension: 'jpg',
    };
  } catch {
    throw badType();
  }
}
