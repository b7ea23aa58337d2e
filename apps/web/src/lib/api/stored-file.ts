import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import { freshAccessToken } from '../auth/token-refresh.ts';

// Stored files (GET /api/files/:id) need the access token, which an <img> or a plain link cannot send:
// they are fetched here and shown through object URLs.

async function authHeaders(): Promise<Record<string, string>> {
  const token = await freshAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function messageOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return GENERIC_ERROR_TEXT;
}

async function fetchOk(href: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(href, { headers: await authHeaders(), signal });
  if (!response.ok) {
    throw new Error(await messageOf(response));
  }
  return response;
}

/** The file's bytes; throws the server's message (e.g. a file that failed its hash check). */
export async function fetchStoredFile(href: string, signal?: AbortSignal): Promise<Blob> {
  return (await fetchOk(href, signal)).blob();
}

/** The `filename` of a Content-Disposition header (our servers send plain ASCII names), if any. */
export function fileNameOfDisposition(header: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Saves a stored file to the device under `fileName`, or, without one, under the name the server
 * gives in Content-Disposition (the record export dates its files).
 */
export async function downloadStoredFile(href: string, fileName?: string): Promise<void> {
  const response = await fetchOk(href);
  const name = fileName ?? fileNameOfDisposition(response.headers.get('content-disposition')) ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

/** POSTs one file as multipart (field 'file'); answers the parsed JSON or throws the server's message. */
export async function uploadFile(path: string, file: Blob, fileName: string): Promise<unknown> {
  const form = new FormData();
  form.append('file', file, fileName);
  const response = await fetch(path, { method: 'POST', headers: await authHeaders(), body: form });
  if (!response.ok) {
    throw new Error(await messageOf(response));
  }
  return response.json();
}
