import { describe, expect, it } from 'vitest';
import { PROVIDER_ROUTE_GATES } from '@app/contracts/provider-route-gates';
import { ROUTE_MAP } from '../signed-in-route-map.ts';

// spec 3 §6: the router's one guard reads PROVIDER_ROUTE_GATES; a provider screen without a row
// would open to every provider, and a row without a screen would be a gate nobody passes through.

describe('the provider route gate table', () => {
  const providerPaths = ROUTE_MAP.filter((entry) => entry.area === 'provider').map((entry) => entry.path);
  const rows = Object.keys(PROVIDER_ROUTE_GATES);

  it('has a row for every provider route of the route map', () => {
    expect(providerPaths.filter((path) => !rows.includes(path))).toEqual([]);
  });

  it('has no row without its route', () => {
    expect(rows.filter((path) => !providerPaths.includes(path))).toEqual([]);
  });

  it('wraps rows only in a row of the table', () => {
    for (const gate of Object.values(PROVIDER_ROUTE_GATES)) {
      if ('inside' in gate) {
        expect(rows).toContain(gate.inside);
      }
    }
  });
});
