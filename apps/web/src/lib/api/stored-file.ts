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

/** The file's bytes; throws the server's message (e.g. a file that failed its hash check). */
export async function fetchStoredFile(href: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(href, { headers: await authHeaders(), signal });
  if (!response.ok) {
    throw new Error(await messageOf(response));
  }
  return response.blob();
}

/** Saves a stored file to the device under the given name. */
export async function downloadStoredFile(href: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchStoredFile(href));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
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
