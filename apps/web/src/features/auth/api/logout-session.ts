import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { performLogout } from '../../../lib/auth/logout.ts';
import { useReturnToProvider } from '../../patient-switch/use-patient-switch.ts';

/**
 * POST /api/logout, then clear everything and go to /guest/landing (lib/auth/logout.ts). In a patient
 * session a provider switched into, logout ends only the patient side and restores the provider
 * (spec 2 §4 "Resetting restores the provider identity and removes the user").
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const returnToProvider = useReturnToProvider();
  return useCallback(async () => {
    if (await returnToProvider()) {
      return;
    }
    await performLogout({
      queryClient,
      navigate: (to) => navigate(to, { replace: true }),
    });
  }, [queryClient, navigate, returnToProvider]);
}
