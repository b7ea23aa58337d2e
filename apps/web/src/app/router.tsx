import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { BootScreen } from './boot-screen.tsx';
import { GenericErrorPage } from '../features/general/components/generic-error-page.tsx';
import { currentRole } from '../lib/auth/session-store.ts';
import { rememberUrlAfterLogin } from '../lib/auth/url-after-login.ts';
import { decideAreaAccess, rootRedirect, type Area } from './guards/area-access.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { PUBLIC_SCREENS } from './public-screens.ts';
import { publicRoutesOf, ROUTE_REDIRECTS, type RouteEntry } from './route-map.ts';
import type { RouteHandle } from './route-handle.ts';
import { Redirecting, toRoute } from './route-object.ts';
import { withTexts, providerShellTexts, type LazyComponent } from './screen-loading.ts';

const LAYOUTS: Record<Area | 'general', LazyComponent> = {
  guest: () => import('./layouts/guest-layout.tsx').then((m) => ({ Component: m.GuestLayout })),
  user: () => import('./layouts/user-layout.tsx').then((m) => ({ Component: m.UserLayout })),
  provider: withTexts(
    () => import('./layouts/provider-layout.tsx').then((m) => ({ Component: m.ProviderLayout })),
    providerShellTexts,
  ),
  general: () => import('./layouts/plain-layout.tsx').then((m) => ({ Component: m.PlainLayout })),
};

/** spec 1 §2 guards, run before any code of the area is fetched. */
export function areaGuard(area: Area) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = decideAreaAccess(area, currentRole(), `${url.pathname}${url.search}`);
    if (decision.kind === 'allow') {
      return null;
    }
    if (decision.urlAfterLogin) {
      rememberUrlAfterLogin(decision.urlAfterLogin);
    }
    return redirect(decision.to);
  };
}

function publicRoute(entry: RouteEntry, relativeTo: string): RouteObject {
  const lazy = PUBLIC_SCREENS[entry.screen];
  if (!lazy) {
    throw new Error(`No screen for ${entry.path}`);
  }
  return toRoute(entry, relativeTo, lazy);
}

type SignedInArea = Exclude<Area, 'guest'>;
/** The screens of the signed-in areas, when they are known up front (tests) instead of discovered. */
export type SignedInChildren = Record<SignedInArea, RouteObject[]>;

function areaRoute(area: Area, children: RouteObject[]): RouteObject {
  const prefix = `/${area}/`;
  return {
    id: area,
    path: area,
    loader: areaGuard(area),
    lazy: LAYOUTS[area],
    children: [
      { index: true, loader: () => redirect(rootRedirect(area)), Component: Redirecting },
      ...children,
      ...ROUTE_REDIRECTS.filter((item) => item.from.startsWith(prefix)).map((item): RouteObject => ({
        path: item.from.slice(prefix.length),
        loader: ({ request }) => redirect(`${item.to}${item.keepQuery ? new URL(request.url).search : ''}`),
        Component: Redirecting,
      })),
    ],
  };
}

/**
 * The router's routes. The guest area and the general routes are known from the start; the patient
 * and provider areas get their screens from `discoverSignedInRoutes` the first time a path of theirs
 * is visited (decision 0056), unless `signedIn` gives them up front.
 */
export function buildRoutes(signedIn?: SignedInChildren): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: GenericErrorPage,
      HydrateFallback: BootScreen,
      handle: { titleKey: 'route.root' } satisfies RouteHandle,
      children: [
        // spec 1 §2: the empty path goes to the role's default route.
        { index: true, loader: () => redirect(rootRedirect(currentRole())), Component: Redirecting },
        {
          lazy: LAYOUTS.general,
          children: publicRoutesOf('general').map((entry) => publicRoute(entry, '/')),
        },
        areaRoute(
          'guest',
          publicRoutesOf('guest').map((entry) => publicRoute(entry, '/guest/')),
        ),
        areaRoute('user', signedIn?.user ?? []),
        areaRoute('provider', signedIn?.provider ?? []),
        // spec 1 §2: unknown paths go to /guest/landing (whose guard sends signed-in people home).
        { path: '*', loader: () => redirect('/guest/landing'), Component: Redirecting },
      ],
    },
  ];
}

/** Every route, the signed-in areas' included: for tests that match or walk the whole map. */
export async function buildAllRoutes(): Promise<RouteObject[]> {
  const { signedInAreaChildren } = await import('./signed-in-routes.tsx');
  return buildRoutes({ user: signedInAreaChildren('user'), provider: signedInAreaChildren('provider') });
}

/**
 * Adds a signed-in area's screens the first time the router meets one of its paths. Called by the
 * router for a path it cannot match exactly (or matches with parameters). The area counts as
 * discovered only once its routes are really patched in: the router drops a patch whose navigation
 * was overtaken by another (its signal aborted), and the next navigation must then try again.
 */
export function createRouteDiscovery(): PatchRoutesOnNavigationFunction {
  const discovered = new Set<SignedInArea>();
  return async ({ path, patch, signal }) => {
    const area = signedInAreaOf(path);
    if (!area || discovered.has(area)) {
      return;
    }
    const { signedInAreaChildren, loadSignedInTexts } = await import('./signed-in-routes.tsx');
    await loadSignedInTexts();
    if (signal.aborted || discovered.has(area)) {
      return;
    }
    patch(area, signedInAreaChildren(area));
    discovered.add(area);
  };
}

function signedInAreaOf(path: string): SignedInArea | null {
  const first = path.split('/')[1];
  return first === 'user' || first === 'provider' ? first : null;
}

/** The `lazy` loaders of every route matching `pathname`, outermost first. */
export function screenLoadsOf(routes: RouteObject[], pathname: string): (() => Promise<unknown>)[] {
  const loads: (() => Promise<unknown>)[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const lazy = route.lazy;
    if (typeof lazy === 'function') {
      loads.push(lazy);
    }
  }
  return loads;
}

function startLoads(loads: (() => Promise<unknown>)[]): void {
  for (const load of loads) {
    // A failure here is the router's to show when it loads the same screen itself.
    load().catch(() => undefined);
  }
}

/**
 * Starts fetching the signed-in route table when the first screen is in a signed-in area, before
 * anything else is known (it needs neither the texts nor the variant): preloadScreensOf then finds it
 * loaded or on its way (decision 0062).
 */
export function preloadRouteTableOf(pathname: string): void {
  if (signedInAreaOf(pathname)) {
    import('./signed-in-routes.tsx').catch(() => undefined);
  }
}

/**
 * Starts fetching what the first screen needs (its area's layout, route table, texts and screen)
 * while the app is still starting, instead of one after another once the router runs: each step was
 * one more round trip before the first paint (decision 0062). The router later meets the same
 * modules (import() runs each once), already loaded. Resolves when the loads have been started.
 */
export async function preloadScreensOf(pathname: string): Promise<void> {
  const area = signedInAreaOf(pathname);
  if (!area) {
    startLoads(screenLoadsOf(buildRoutes(), pathname));
    return;
  }
  try {
    const { signedInAreaChildren, loadSignedInTexts } = await import('./signed-in-routes.tsx');
    // The area's texts and the screen's code travel side by side.
    const texts = loadSignedInTexts();
    const children = signedInAreaChildren(area);
    startLoads(
      screenLoadsOf(
        buildRoutes({ user: area === 'user' ? children : [], provider: area === 'provider' ? children : [] }),
        pathname,
      ),
    );
    await texts;
  } catch {
    // The router's own discovery meets the same failure and shows it.
  }
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { patchRoutesOnNavigation: createRouteDiscovery() });
}
