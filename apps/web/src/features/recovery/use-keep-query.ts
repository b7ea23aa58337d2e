import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** spec 1 §2 credential recovery: query params are kept on every navigation. */
export function useKeepQuery(): { withQuery: (path: string) => string; go: (path: string) => Promise<void> } {
  const { search } = useLocation();
  const navigate = useNavigate();
  const withQuery = useCallback((path: string) => `${path}${search}`, [search]);
  const go = useCallback(
    async (path: string) => {
      await navigate(`${path}${search}`);
    },
    [navigate, search],
  );
  return { withQuery, go };
}
