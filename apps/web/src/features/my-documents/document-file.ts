import { UPLOAD_MAX_BYTES } from '@app/contracts/files';
import { ATTACHMENT_TITLE_MAX } from '@app/contracts/patient-documents';

// What the add-a-document form checks before sending (the server checks again, by the bytes):
// a PDF or a JPEG, PNG or WebP picture of at most 10 MB, and a title (decision 0033).

export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp';

const TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
const EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;

export type FileProblem = 'fileRequired' | 'fileTooLarge' | 'fileBadType';
export type TitleProblem = 'titleRequired' | 'titleTooLong';

export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'> | null): FileProblem | null {
  if (!file || file.size === 0) {
    return 'fileRequired';
  }
  if (file.size > UPLOAD_MAX_BYTES) {
    return 'fileTooLarge';
  }
  // Some systems send no type for a known extension: the extension decides then.
  const known = file.type ? TYPES.has(file.type) : EXTENSIONS.test(file.name);
  return known ? null : 'fileBadType';
}

export function titleProblem(title: string): TitleProblem | null {
  const trimmed = title.trim();
  if (!trimmed) {
    return 'titleRequired';
  }
  return trimmed.length > ATTACHMENT_TITLE_MAX ? 'titleTooLong' : null;
}

/** 'blood-pressure_log.final.pdf' -> 'blood-pressure_log.final': a title to start from. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.]+$/, '').slice(0, ATTACHMENT_TITLE_MAX);
}

/** 1536 -> '1.5 KB'; sizes a patient can read. */
export function readableSize(bytes: number, language: string): string {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1024 * 1024) {
    return format(bytes / (1024 * 1024), 'MB');
  }
  if (bytes >= 1024) {
    return format(bytes / 1024, 'KB');
  }
  return format(bytes, 'B');
}
