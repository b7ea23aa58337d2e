import type { Role } from '@app/contracts/roles';
import { DEFAULT_ROUTES } from '../../lib/auth/default-routes.ts';

export type Area = 'guest' | 'user' | 'provider';

/** spec 1 §2: which roles each area admits (the provider area also takes guests, to send them to log in). */
export const AREA_ROLES: Record<Area, readonly Role[]> = {
  guest: ['guest'],
  user: ['user'],
  provider: ['provider'],
};

export type AreaDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      /** A guest keeps the wanted URL as urlAfterLogin (spec 1 §2). */
      urlAfterLogin?: string;
    };

/**
 * spec 1 §2 guards: a person in the wrong area goes to their role's default route; a guest who
 * wants a patient screen goes to /guest/login, a provider screen to /guest/provider-login?redirectTo,
 * in both cases remembering the wanted URL.
 */
export function decideAreaAccess(area: Area, role: Role, wantedUrl: string): AreaDecision {
  if (AREA_ROLES[area].includes(role)) {
    return { kind: 'allow' };
  }
  if (role === 'guest') {
    if (area === 'provider') {
      return {
        kind: 'redirect',
        to: `/guest/provider-login?redirectTo=${encodeURIComponent(wantedUrl)}`,
        urlAfterLogin: wantedUrl,
      };
    }
    return { kind: 'redirect', to: '/guest/login', urlAfterLogin: wantedUrl };
  }
  return { kind: 'redirect', to: DEFAULT_ROUTES[role] };
}

/**
 * Issue 7 (decision 0030): the provider's video-call room also opens for whoever holds an invitation
 * uuid, with or without a login (the server checks the uuid when the room ticket is asked for).
 * Without a uuid it is a provider screen like the others.
 */
export function decideProviderVideoCallAccess(role: Role, wantedUrl: string): AreaDecision {
  const uuid = new URL(wantedUrl, 'http://localhost').searchParams.get('uuid');
  if (uuid) {
    return { kind: 'allow' };
  }
  return decideAreaAccess('provider', role, wantedUrl);
}

/** spec 1 §2: the empty path goes to the role's default route. */
export function rootRedirect(role: Role): string {
  return DEFAULT_ROUTES[role];
}

/**
 * Where a person goes when their session is refused mid-way (the refresh token was turned down).
 * spec 2 §6, §8: provider screens need a valid provider token, else the provider login with
 * redirectTo; anywhere else the patient login (spec 1 §2), remembering the URL either way.
 */
export function loginAfterSessionLost(wantedUrl: string): { to: string; urlAfterLogin: string } {
  if (wantedUrl.startsWith('/provider/')) {
    return {
      to: `/guest/provider-login?redirectTo=${encodeURIComponent(wantedUrl)}`,
      urlAfterLogin: wantedUrl,
    };
  }
  return { to: '/guest/login', urlAfterLogin: wantedUrl };
}
