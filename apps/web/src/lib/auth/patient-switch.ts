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

// spec 2 §4 provider-to-patient switch, in the browser: the provider's session is set aside (per tab,
// in sessionStorage like the session itself), the patient's session takes its place and is processed
// as after a login; "Resetting restores the provider identity and removes the user".

export interface SetAsideProvider {
  session: AuthSession;
  permissions: ProviderPermission[];
  /** The provider page the switch started from: 'Return to provider' goes back there. */
  returnTo: string;
}

function isSetAsideProvider(value: unknown): value is SetAsideProvider {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const stored = value as Record<string, unknown>;
  const known: readonly unknown[] = PROVIDER_PERMISSIONS;
  return (
    isAuthSession(stored.session) &&
    stored.session.user.role === 'provider' &&
    Array.isArray(stored.permissions) &&
    stored.permissions.every((item) => known.includes(item)) &&
    typeof stored.returnTo === 'string' &&
    stored.returnTo.startsWith('/provider/')
  );
}

/** The provider session set aside by a switch, or null when this tab is not switched. */
export function setAsideProvider(): SetAsideProvider | null {
  const stored = readJson('session', SESSION_KEYS.providerSession);
  return isSetAsideProvider(stored) ? stored : null;
}

/** True while a provider acts as a patient in this tab. */
export function isSwitchedToPatient(): boolean {
  return setAsideProvider() !== null && getSession()?.user.role === 'user';
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
  const aside: SetAsideProvider = {
    session: provider,
    permissions: storedProviderPermissions(),
    returnTo: returnTo.startsWith('/provider/') ? returnTo : '/provider/appointment',
  };
  writeJson('session', SESSION_KEYS.providerSession, aside);
  setSession(sessionFromTokens(tokens, now));
  processLoginData(tokens.user, { twoFactorPending: false, currentPath: window.location.pathname });
  return true;
}

/**
 * Restores the provider's identity (session, login data, permissions) and forgets the patient's.
 * Returns where to go, or null when nothing was set aside. Revoking the patient session on the server
 * is the caller's job (it needs the patient's token, so it comes first).
 */
export function endPatientSwitch(): string | null {
  const aside = setAsideProvider();
  removeItem('session', SESSION_KEYS.providerSession);
  if (!aside) {
    return null;
  }
  setSession(aside.session);
  processLoginData(aside.session.user, { twoFactorPending: false, currentPath: aside.returnTo });
  writeJson('local', LOCAL_KEYS.providerPermissions, aside.permissions);
  return aside.returnTo;
}
