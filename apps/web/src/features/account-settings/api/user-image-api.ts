import { GENERIC_ERROR_TEXT } from '@app/contracts/errors';
import { freshAccessToken } from '../../../lib/auth/token-refresh.ts';

// The image calls carry a file and bytes, not JSON, so they use fetch directly with the access token.

async function authHeaders(): Promise<Record<string, string>> {
  const token = await freshAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** spec 1 §7 User image upload: POST with the file, answers its href; throws the server's message. */
export async function uploadUserImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch('/api/user/image', {
    method: 'POST',
    headers: await authHeaders(),
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!response.ok || typeof record.href !== 'string') {
    throw new Error(typeof record.message === 'string' ? record.message : GENERIC_ERROR_TEXT);
  }
  return record.href;
}

/** The picture as an object URL: an <img> cannot send the access token itself. */
export async function fetchUserImage(href: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(href, { headers: await authHeaders(), signal });
  if (!response.ok) {
    throw new Error(`GET ${href} answered ${response.status}`);
  }
  return URL.createObjectURL(await response.blob());
}
