import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEFAULT_ROUTES } from '../../lib/auth/default-routes.ts';
import {
  endFamilySwitch,
  isSwitchedToFamilyMember,
  startFamilySwitch,
} from '../../lib/auth/patient-switch.ts';
import { dismissBanner } from '../../lib/errors/banner-store.ts';
import { revokeCurrentSession } from '../patient-switch/api/switch-to-patient.ts';
import { requestFamilyTokens } from './api/request-family-tokens.ts';

/** Ends a member's session in this tab (revoked on the server first, with the member's own token). */
async function leaveMemberSession(): Promise<void> {
  if (isSwitchedToFamilyMember()) {
    await revokeCurrentSession();
    endFamilySwitch();
  }
}

/**
 * spec 3 §2, §4: switching to a member performs a login as that member (the family grant), then goes
 * to the default user route with a fresh appointment list; switching back restores the primary user.
 * From one member's profile to another, the primary session comes back first (only it may switch).
 */
export function useFamilySwitch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const settle = useCallback(
    async (to: string) => {
      // Nothing loaded for the other identity may show: the appointment list is fetched afresh.
      queryClient.clear();
      await navigate(to, { replace: true });
      dismissBanner();
    },
    [queryClient, navigate],
  );

  /** `to`: where to land instead of the default user route (issue 16: the check-in app's confirm step). */
  const switchTo = useCallback(
    async (familyUserId: string, to: string = DEFAULT_ROUTES.user) => {
      await leaveMemberSession();
      const tokens = await requestFamilyTokens(familyUserId);
      if (!startFamilySwitch(tokens, '/user/family')) {
        throw new Error('This profile can not be switched to.');
      }
      await settle(to);
    },
    [settle],
  );

  const switchBack = useCallback(
    async (to: string = DEFAULT_ROUTES.user) => {
      await leaveMemberSession();
      await settle(to);
    },
    [settle],
  );

  return { switchTo, switchBack };
}
