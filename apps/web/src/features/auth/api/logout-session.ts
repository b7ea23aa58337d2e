import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { performLogout } from '../../../lib/auth/logout.ts';

/**
 * POST /api/logout, then clear everything and go to /guest/landing (lib/auth/logout.ts). In a patient
 * session a provider switched into, logout ends only the patient side and restores the provider
 * (spec 2 §4 "Resetting restores the provider identity and removes the user").
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // The switch code loads on logout only, keeping it off the first page (decision 0006). If it
    // cannot load (offline), the session still ends: a patient switch is then ended by the full logout.
    const switchModule = await import('../../patient-switch/end-switch-on-logout.ts').catch(() => null);
    // spec 3 §4 family switch: logging out ends the primary user's session, and the member's with it
    // (it is bounded by the primary's), so the primary session is restored first and then ended.
    if (switchModule && (await switchModule.endSwitchOnLogout(queryClient, navigate))) {
      return;
    }
    await performLogout({
      queryClient,
      navigate: (to) => navigate(to, { replace: true }),
    });
  }, [queryClient, navigate]);
}
