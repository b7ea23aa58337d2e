import type { TokenResponse } from '@app/contracts/auth';
import { PROVIDER_PERMISSIONS } from '@app/contracts/provider-permission-names';
import type { ProviderPermission } from '@app/contracts/roles';
import { LOCAL_KEYS, SESSION_KEYS } from '../storage/storage-keys.ts';
import { readJson, removeItem, writeJson } from '../storage/browser-storage.ts';
import { processLoginData } from './login-data.ts';
import { storedProviderPermissions } from './provider-permissions.ts';
import {
  getSession,
  isAuthSession,
  sessionFromTokens,
  setSession,
  type AuthSession,
} from './session-store.ts';

// spec 2 §4 provider-to-patient switch and spec 3 §4 family switch, in the browser (one machinery,
// decision 0027): the signed-in person's session is set aside (per tab, in sessionStorage like the
// session itself), the other identity's session takes its place and is processed as after a login;
// ending the switch restores the set-aside identity. A tab holds at most one switch.

/** 'provider': a provider acts as a patient (spec 2 §4); 'family': a primary user acts as a family member. */
export type SwitchKind = 'provider' | 'family';

export interface SetAsideSession {
  kind: SwitchKind;
  session: AuthSession;
  /** The provider's permissions (empty for a family switch). */
  permissions: ProviderPermission[];
  /** The page the switch started from. */
  returnTo: string;
}

export type SetAsideProvider = SetAsideSession;

const AREA_OF_KIND: Record<SwitchKind, { role: 'provider' | 'user'; prefix: string }> = {
  provider: { role: 'provider', prefix: '/provider/' },
  family: { role: 'user', prefix: '/user/' },
};

function isSetAsideSession(value: unknown): value is Omit<SetAsideSession, 'kind'> & { kind?: SwitchKind } {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const stored = value as Record<string, unknown>;
  const known: readonly unknown[] = PROVIDER_PERMISSIONS;
  // Switches stored before the family switch existed carry no kind: they are a provider's.
  const kind = stored.kind ?? 'provider';
  if (kind !== 'provider' && kind !== 'family') {
    return false;
  }
  const area = AREA_OF_KIND[kind];
  return (
    isAuthSession(stored.session) &&
    stored.session.user.role === area.role &&
    Array.isArray(stored.permissions) &&
    stored.permissions.every((item) => known.includes(item)) &&
    typeof stored.returnTo === 'string' &&
    stored.returnTo.startsWith(area.prefix)
  );
}

/** The session set aside by a switch of either kind, or null when this tab is not switched. */
export function setAsideSession(): SetAsideSession | null {
  const stored = readJson('session', SESSION_KEYS.providerSession);
  if (!isSetAsideSession(stored)) {
    return null;
  }
  return { ...stored, kind: stored.kind ?? 'provider' };
}

/** The provider session set aside by a switch, or null when this tab is not switched. */
export function setAsideProvider(): SetAsideProvider | null {
  const aside = setAsideSession();
  return aside?.kind === 'provider' ? aside : null;
}

/** spec 3 §4: the primary user's session set aside while a family member's is active, or null. */
export function setAsideFamilyPrimary(): SetAsideSession | null {
  const aside = setAsideSession();
  return aside?.kind === 'family' ? aside : null;
}

/** True while a provider acts as a patient in this tab. */
export function isSwitchedToPatient(): boolean {
  return setAsideProvider() !== null && getSession()?.user.role === 'user';
}

/** True while a primary user acts as one of their family members in this tab (spec 3 §2). */
export function isSwitchedToFamilyMember(): boolean {
  return setAsideFamilyPrimary() !== null && getSession()?.user.role === 'user';
}

function setAside(aside: SetAsideSession, tokens: TokenResponse, now: number): void {
  writeJson('session', SESSION_KEYS.providerSession, aside);
  setSession(sessionFromTokens(tokens, now));
  processLoginData(tokens.user, { twoFactorPending: false, currentPath: window.location.pathname });
}

/**
 * Puts the provider's session aside and makes the patient's session (the clinic_user grant's answer)
 * the current one, processing it as after a login (spec 1 §4 login data). False, and nothing changed,
 * when the current session is not a provider's or the answer is not a patient's.
 */
export function startPatientSwitch(tokens: TokenResponse, returnTo: string, now = Date.now()): boolean {
  const provider = getSession();
  if (provider?.user.role !== 'provider' || tokens.user.role !== 'user') {
    return false;
  }
  setAside(
    {
      kind: 'provider',
      session: provider,
      permissions: storedProviderPermissions(),
      returnTo: returnTo.startsWith('/provider/') ? returnTo : '/provider/appointment',
    },
    tokens,
    now,
  );
  return true;
}

/**
 * spec 3 §4 "switch to member = login as that member": puts the primary user's session aside and makes
 * the member's session (the family grant's answer) current. False, and nothing changed, unless the
 * current session is a patient's own (not switched) and the answer is a member of that very user.
 */
export function startFamilySwitch(tokens: TokenResponse, returnTo: string, now = Date.now()): boolean {
  const primary = getSession();
  if (
    primary?.user.role !== 'user' ||
    setAsideSession() !== null ||
    tokens.user.role !== 'user' ||
    tokens.user.familyPrimaryUserId !== primary.user.id
  ) {
    return false;
  }
  setAside(
    {
      kind: 'family',
      session: primary,
      permissions: [],
      returnTo: returnTo.startsWith('/user/') ? returnTo : '/user/appointment',
    },
    tokens,
    now,
  );
  return true;
}

function restore(aside: SetAsideSession): string {
  removeItem('session', SESSION_KEYS.providerSession);
  setSession(aside.session);
  processLoginData(aside.session.user, { twoFactorPending: false, currentPath: aside.returnTo });
  if (aside.kind === 'provider') {
    writeJson('local', LOCAL_KEYS.providerPermissions, aside.permissions);
  }
  return aside.returnTo;
}

/**
 * Restores the provider's identity (session, login data, permissions) and forgets the patient's.
 * Returns where to go, or null when nothing was set aside. Revoking the patient session on the server
 * is the caller's job (it needs the patient's token, so it comes first).
 */
export function endPatientSwitch(): string | null {
  const aside = setAsideSession();
  if (aside?.kind === 'family') {
    return null;
  }
  removeItem('session', SESSION_KEYS.providerSession);
  return aside ? restore(aside) : null;
}

/**
 * spec 3 §4 "switch back restores the primary user": the primary session comes back and the member's
 * is forgotten. Returns the page the switch started from, or null when no family switch was active.
 */
export function endFamilySwitch(): string | null {
  const aside = setAsideFamilyPrimary();
  return aside ? restore(aside) : null;
}
