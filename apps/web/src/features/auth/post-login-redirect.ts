import type { LoginResult } from '@app/contracts/auth';
import type { AppVariant } from '@app/contracts/variants';
import { DEFAULT_ROUTES } from '../../lib/auth/default-routes.ts';

/** spec 1 §2 rule 2: a booking link carries all of these. */
export const BOOKING_PARAMS = [
  'clinicUuid',
  'consultationTypeId',
  'departmentId',
  'doctorId',
  'finishAt',
  'startAt',
  'appointmentComment',
] as const;

export interface PostLoginInput {
  user: LoginResult;
  variant: AppVariant;
  /** The query of the login screen (with or without the leading '?'). */
  search: string;
  urlAfterLogin: string | null;
  /** Result of the outstanding-balance check (patients only; see outstanding-balance.ts). */
  hasOutstandingBalance: boolean;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The spec 1 §2 post-login redirect order, rules 1 to 6, first match wins. */
export function postLoginRedirect({
  user,
  variant,
  search,
  urlAfterLogin,
  hasOutstandingBalance,
}: PostLoginInput): string {
  // A login result always carries user or provider; guest would be a server bug, read the member type.
  const role = user.role === 'guest' ? (user.memberType === 'doctor' ? 'provider' : 'user') : user.role;
  const query = new URLSearchParams(search);

  // 1. Password reset or missing security question first — but the check-in app skips it.
  if ((user.isResetPasswordRequired || user.isSecurityQuestionEmpty) && variant !== 'check-in') {
    return withQuery(`/${role}/security`, query);
  }

  // 2. A booking link that came through login continues to the appointment screen.
  if (BOOKING_PARAMS.every((name) => query.has(name))) {
    const params = new URLSearchParams({ cameFrom: 'login', userId: user.id });
    for (const name of BOOKING_PARAMS) {
      params.set(name, query.get(name) ?? '');
    }
    const externalId = query.get('externalId');
    if (externalId !== null) {
      params.set('externalId', externalId);
    }
    const waitlist = query.get('waitlist');
    if (waitlist !== null) {
      params.set('waitlist', waitlist);
    }
    return withQuery(`/${role}/appointment`, params);
  }

  // 3. The check-in app always confirms the patient next.
  if (variant === 'check-in') {
    return `/${role}/confirm-patient`;
  }

  // 4. Only patients are checked for an outstanding balance (spec 1 §6).
  if (role === 'user' && hasOutstandingBalance) {
    return `/${role}/outstanding-balance-list?cameFrom=login`;
  }

  // 5. Back to where a guest was going, if it is in this role's area.
  if (urlAfterLogin?.startsWith(`/${role}/`)) {
    return urlAfterLogin;
  }

  // 6. The role's default route.
  return `${DEFAULT_ROUTES[role]}?cameFrom=login`;
}
