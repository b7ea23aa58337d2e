import { useMatches } from 'react-router';
import type { RouteTitleKey } from './route-map.ts';

/** Static data each route carries (React Router `handle`). */
export interface RouteHandle {
  titleKey: RouteTitleKey;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' && value !== null && 'titleKey' in value && typeof value.titleKey === 'string'
  );
}

/** The title key of the deepest matched route that has one. */
export function useRouteTitleKey(): RouteTitleKey | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) {
      return handle.titleKey;
    }
  }
  return null;
}
