import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import type { Attachment } from '@app/contracts/patient-documents';
import { freshAccessToken } from '../../../lib/auth/token-refresh.ts';

// POST /api/appointments/:id/attachments (multipart: title, file). Sent with XMLHttpRequest, not
// fetch, because only XHR reports upload progress, which a patient on a slow line needs to see.

export function attachmentsPath(appointmentId: string): string {
  return `/api/appointments/${encodeURIComponent(appointmentId)}/attachments`;
}

function messageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return GENERIC_ERROR_TEXT;
}

export interface AddAttachmentInput {
  appointmentId: string;
  title: string;
  file: File;
  /** 0..100 while the bytes go up. */
  onProgress?: (percent: number) => void;
}

export async function addAttachment(input: AddAttachmentInput): Promise<Attachment> {
  const { attachmentSchema } = await import('@app/contracts/patient-documents');
  const token = await freshAccessToken();
  const form = new FormData();
  // The title first: the server reads the parts in order and the file is the big one.
  form.append('title', input.title);
  form.append('file', input.file, input.file.name);
  return new Promise<Attachment>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', attachmentsPath(input.appointmentId));
    request.setRequestHeader('accept', 'application/json');
    if (token) {
      request.setRequestHeader('authorization', `Bearer ${token}`);
    }
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        input.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status === 201) {
        const parsed = attachmentSchema.safeParse(body);
        if (parsed.success) {
          resolve(parsed.data);
          return;
        }
      }
      reject(new Error(messageOf(body)));
    });
    request.addEventListener('error', () => {
      reject(new Error(GENERIC_ERROR_TEXT));
    });
    request.send(form);
  });
}
