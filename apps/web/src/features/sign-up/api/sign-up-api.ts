import { SIGN_UP_PATHS } from '@app/contracts/sign-up-texts';
import type {
  GenderOption,
  SignUpSecurityData,
  UserCheckRequest,
  UserCheckResponse,
  UserCreateRequest,
  UserCreateResponse,
} from '@app/contracts/sign-up';
import { anyBody, apiRequest } from '../../../lib/api/api-client.ts';
import { isApiRequestError } from '../../../lib/api/api-error.ts';

// The wizard's five calls (spec 1 §7; paths: docs/decisions/0010-sign-up.md). Answers are parsed with
// their contract schemas, fetched with the wizard's rules (never on the first page, decision 0006).
const contracts = () => import('@app/contracts/sign-up');

export async function checkUser(body: UserCheckRequest): Promise<UserCheckResponse> {
  const { userCheckResponseSchema } = await contracts();
  return apiRequest(SIGN_UP_PATHS.userCheck, userCheckResponseSchema, { method: 'POST', body, auth: false });
}

export async function createUser(body: UserCreateRequest): Promise<UserCreateResponse> {
  const { userCreateResponseSchema } = await contracts();
  return apiRequest(SIGN_UP_PATHS.create, userCreateResponseSchema, { method: 'POST', body, auth: false });
}

/** The public phone check (spec 1 §9: region US, type mobile). */
export async function validateMobilePhone(phone: string, signal?: AbortSignal): Promise<boolean> {
  const { phoneValidationResponseSchema } = await contracts();
  const answer = await apiRequest(SIGN_UP_PATHS.phoneValidation, phoneValidationResponseSchema, {
    method: 'POST',
    body: { phone, region: 'US', type: 'mobile' },
    auth: false,
    ...(signal ? { signal } : {}),
  });
  return answer.valid;
}

export async function fetchGenders(): Promise<GenderOption[]> {
  const { genderListSchema } = await contracts();
  return apiRequest(SIGN_UP_PATHS.genders, genderListSchema, { auth: false });
}

/** Save user security data: after login, with the new session's token (spec 1 §4). */
export async function saveSecurityData(body: SignUpSecurityData): Promise<void> {
  await apiRequest(SIGN_UP_PATHS.securityData, anyBody, { method: 'PATCH', body });
}

export type CreateFailure =
  { kind: 'userExists' } | { kind: 'fields'; fields: Record<string, string> } | { kind: 'other' };

/** spec 1 §8 sign-up errors: userExists, username (on its field), mobilePhone and other field errors. */
export function createFailureOf(error: unknown): CreateFailure {
  if (!isApiRequestError(error) || typeof error.body !== 'object' || error.body === null) {
    return { kind: 'other' };
  }
  const body = error.body as { code?: unknown; errors?: unknown };
  if (body.code === 'user_exists') {
    return { kind: 'userExists' };
  }
  const fields: Record<string, string> = {};
  if (Array.isArray(body.errors)) {
    for (const item of body.errors as unknown[]) {
      if (typeof item === 'object' && item !== null && 'field' in item && 'detail' in item) {
        const { field, detail } = item;
        if (typeof field === 'string' && typeof detail === 'string') {
          // spec 1 §5: the first message of a field is shown.
          fields[field] ??= detail;
        }
      }
    }
  }
  return Object.keys(fields).length > 0 ? { kind: 'fields', fields } : { kind: 'other' };
}
