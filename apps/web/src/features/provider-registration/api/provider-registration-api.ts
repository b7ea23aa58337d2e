import { messageResponseSchema, type TokenResponse } from '@app/contracts/auth';
import type { ProviderClinicOption } from '@app/contracts/provider-registration';
import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';
import { isApiRequestError } from '../../../lib/api/api-error.ts';
import { TOKEN_PATH } from '../../../lib/auth/token-refresh.ts';

export type LookupOutcome =
  { kind: 'one'; providerId: string } | { kind: 'several'; options: ProviderClinicOption[] };

/** GET /public/providers/exist — spec 1 §4: status 300 means several clinics. */
export async function findProvider(query: {
  lastName: string;
  email: string;
  clinicUuid?: string;
}): Promise<LookupOutcome> {
  const { providerLookupResultSchema, providerClinicOptionsSchema } =
    await import('@app/contracts/provider-registration');
  const params = new URLSearchParams({ lastName: query.lastName, email: query.email });
  if (query.clinicUuid) {
    params.set('clinicUuid', query.clinicUuid);
  }
  try {
    const found = await apiRequest(
      `/public/providers/exist?${params.toString()}`,
      providerLookupResultSchema,
      {
        auth: false,
      },
    );
    return { kind: 'one', providerId: found.providerId };
  } catch (error) {
    if (isApiRequestError(error) && error.status === 300) {
      const options = providerClinicOptionsSchema.safeParse(error.body);
      if (options.success) {
        return { kind: 'several', options: options.data };
      }
    }
    throw error;
  }
}

/** POST /public/providers/{id}/pin-code — 406 means "log in afresh" (spec 1 §4). */
export async function sendPinCode(providerId: string): Promise<void> {
  await apiRequest(`/public/providers/${encodeURIComponent(providerId)}/pin-code`, messageResponseSchema, {
    method: 'POST',
    auth: false,
  });
}

export type RegistrationGrant =
  | { grant_type: 'pin_code'; client_id: string; provider_id: string; pin_code: string }
  | { grant_type: 'clinic_password'; client_id: string; clinic_id: number; password: string };

/** POST /oauth/v2/token with the pin_code or clinic_password grant (spec 1 §7). */
export async function requestRegistrationToken(grant: RegistrationGrant): Promise<TokenResponse> {
  const { tokenResponseSchema } = await import('@app/contracts/auth');
  return apiRequest(TOKEN_PATH, tokenResponseSchema, { method: 'POST', body: grant, auth: false });
}

export async function saveProviderUsername(id: string, username: string): Promise<void> {
  await apiRequest(`/api/providers/${encodeURIComponent(id)}/username`, anyBody, {
    method: 'PATCH',
    body: { username },
  });
}

export async function saveProviderPassword(id: string, newPassword: string): Promise<void> {
  await apiRequest(`/api/providers/${encodeURIComponent(id)}/security/password`, anyBody, {
    method: 'POST',
    body: { newPassword },
  });
}

export async function saveProviderSecurityQuestion(
  id: string,
  question: string,
  answer: string,
): Promise<void> {
  await apiRequest(`/api/providers/${encodeURIComponent(id)}/security/question`, anyBody, {
    method: 'PATCH',
    body: { question, answer },
  });
}

/** The text a registration screen shows for a failed call (spec 1 §8). */
export function registrationErrorText(error: unknown, fallback: string): string {
  if (isApiRequestError(error) && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Record<string, unknown>;
    const errors = body.errors;
    if (Array.isArray(errors)) {
      const first: unknown = errors[0];
      if (
        typeof first === 'object' &&
        first !== null &&
        'detail' in first &&
        typeof first.detail === 'string'
      ) {
        return first.detail;
      }
    }
    for (const field of ['error_description', 'message'] as const) {
      const value = body[field];
      if (typeof value === 'string' && value.trim()) {
        return value;
      }
    }
  }
  return fallback;
}

/** Field errors of a 400 answer, keyed by field ('form.lastName' and 'lastName' both count, spec 1 §8). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (isApiRequestError(error) && typeof error.body === 'object' && error.body !== null) {
    const errors = (error.body as Record<string, unknown>).errors;
    if (Array.isArray(errors)) {
      for (const item of errors as unknown[]) {
        if (typeof item === 'object' && item !== null && 'field' in item && 'detail' in item) {
          const { field, detail } = item;
          if (typeof field === 'string' && typeof detail === 'string') {
            result[field.replace(/^form\./, '')] ??= detail;
          }
        }
      }
    }
  }
  return result;
}
