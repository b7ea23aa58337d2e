import { useMatches } from 'react-router';
import type { LandingRouteData, RouteTitleKey } from './route-map.ts';

/** Static data each route carries (React Router `handle`). */
export interface RouteHandle {
  titleKey: RouteTitleKey;
  /** spec 1 §2 landing page: text and logo from route data (decision 0016). */
  landing?: LandingRouteData;
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

/** The landing data of the deepest matched route that has some; the landing page keeps its defaults otherwise. */
export function useLandingRouteData(): LandingRouteData {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle) && handle.landing) {
      return handle.landing;
    }
  }
  return {};
}
