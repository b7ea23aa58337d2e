import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { Role } from '@app/contracts/roles';
import { dismissBanner } from '../../lib/errors/banner-store.ts';
import { endPatientSwitch, isSwitchedToPatient, startPatientSwitch } from '../../lib/auth/patient-switch.ts';

export { endFamilySwitch } from '../../lib/auth/patient-switch.ts';
import { currentRole, subscribeSession } from '../../lib/auth/session-store.ts';
import { requestPatientTokens, revokeCurrentSession } from './api/switch-to-patient.ts';

/** spec 2 §2: where a provider lands after registering a new patient. */
export const SWITCH_LANDING = '/user/appointment/create';

/**
 * spec 2 §4: switch this tab into the patient's session and go to `target` (the provider's page is
 * remembered for 'Return to provider'). Throws the grant's error (the caller shows it).
 */
export function useSwitchToPatient(): (patientId: string, target?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (patientId, target = SWITCH_LANDING) => {
      const tokens = await requestPatientTokens(patientId);
      const returnTo = `${window.location.pathname}${window.location.search}`;
      if (!startPatientSwitch(tokens, returnTo)) {
        throw new Error('Only a provider can switch to a patient.');
      }
      // Nothing the provider loaded may show on the patient's screens.
      queryClient.clear();
      await navigate(target, { replace: true });
      // A screen of the other identity still on display may have refetched with the new token.
      dismissBanner();
    },
    [queryClient, navigate],
  );
}

/**
 * spec 2 §4 "Resetting restores the provider identity and removes the user": the patient session is
 * revoked on the server, the provider's session comes back, and the provider returns to the page the
 * switch started from. Resolves false when this tab was not switched.
 */
export function useReturnToProvider(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => returnToProvider(queryClient, navigate), [queryClient, navigate]);
}

/** The work of useReturnToProvider, for callers that load this module only when they need it. */
export async function returnToProvider(
  queryClient: QueryClient,
  navigate: NavigateFunction,
): Promise<boolean> {
  if (!isSwitchedToPatient()) {
    return false;
  }
  await revokeCurrentSession();
  const returnTo = endPatientSwitch();
  if (returnTo === null) {
    return false;
  }
  queryClient.clear();
  await navigate(returnTo, { replace: true });
  dismissBanner();
  return true;
}

/**
 * The role of the tab's current session, re-rendering on a switch: screens bind their queries to it
 * (enabled only for their own role), so a screen still on display while the session changes never
 * calls with the other identity's token.
 */
export function useSessionRole(): Role {
  return useSyncExternalStore(subscribeSession, currentRole);
}
