import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { currentRole } from '../lib/auth/session-store.ts';
import { rememberUrlAfterLogin } from '../lib/auth/url-after-login.ts';
import { decideProviderVideoCallAccess } from './guards/area-access.ts';
import type { RouteEntry } from './route-map.ts';
import type { RouteHandle } from './route-handle.ts';
import type { LazyComponent } from './screen-loading.ts';

/** Routes that only redirect render nothing (their loader answers first). */
export function Redirecting() {
  return null;
}

/** Issue 7: the provider's video-call room, open to invited guests with ?uuid= (decision 0030). */
function providerVideoCallGuard({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const decision = decideProviderVideoCallAccess(currentRole(), `${url.pathname}${url.search}`);
  if (decision.kind === 'allow') {
    return null;
  }
  if (decision.urlAfterLogin) {
    rememberUrlAfterLogin(decision.urlAfterLogin);
  }
  return redirect(decision.to);
}

/** spec 1 §4 provider single sign-on: without auth_code, provider or request_url go to guest login. */
function ssoLoginGuard({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const complete = ['auth_code', 'provider', 'request_url'].every((name) => query.get(name));
  return complete ? null : redirect('/guest/login');
}

/** One entry of the route map as a router route, its screen loaded by `lazy`. */
export function toRoute(entry: RouteEntry, relativeTo: string, lazy: LazyComponent): RouteObject {
  const handle: RouteHandle = {
    titleKey: entry.titleKey,
    ...(entry.landing ? { landing: entry.landing } : {}),
  };
  return {
    path: entry.path.slice(relativeTo.length),
    handle,
    lazy,
    ...(entry.screen === 'sso-login' ? { loader: ssoLoginGuard } : {}),
    ...(entry.screen === 'provider-video-call' ? { loader: providerVideoCallGuard } : {}),
  };
}
