import { describe, expect, it } from 'vitest';
import type { RouteEntry } from './route-map.ts';
import { ROUTE_MAP } from './signed-in-route-map.ts';

// Issue 16 item 6: every route of spec 1 §2 is a real screen. The placeholder screen ('coming-soon',
// "This screen arrives in a later release.") may only stand in while a screen is being built, never
// on main.
function routesOnThePlaceholder(routes: readonly RouteEntry[]): string[] {
  return routes.filter((route) => route.screen === 'coming-soon').map((route) => route.path);
}

describe('the route map', () => {
  it('maps no route to the placeholder screen', () => {
    expect(routesOnThePlaceholder(ROUTE_MAP)).toEqual([]);
  });

  it('would name a route that still used the placeholder', () => {
    const placeholder: RouteEntry = {
      path: '/user/example',
      area: 'user',
      titleKey: 'route.user.documents',
      screen: 'coming-soon',
    };
    expect(routesOnThePlaceholder([...ROUTE_MAP, placeholder])).toEqual(['/user/example']);
  });

  it('lists each path once', () => {
    const paths = ROUTE_MAP.map((route) => route.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });
});
