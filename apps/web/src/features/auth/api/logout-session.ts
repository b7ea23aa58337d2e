import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { performLogout } from '../../../lib/auth/logout.ts';

/** POST /api/logout, then clear everything and go to /guest/landing (lib/auth/logout.ts). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    () =>
      performLogout({
        queryClient,
        navigate: (to) => navigate(to, { replace: true }),
      }),
    [queryClient, navigate],
  );
}
