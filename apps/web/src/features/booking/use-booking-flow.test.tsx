import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { currentKey, mergeQuery, NO_PENDING, useBookingFlow } from './use-booking-flow.ts';

function TwoFilters() {
  const flow = useBookingFlow();
  return (
    <button
      type="button"
      onClick={() => {
        // Two changes before the location commits the first (fast typing, a test robot).
        flow.setQuery({ stateId: 'NY' });
        flow.setQuery({ insuranceId: 'aetna' });
      }}
    >
      both
    </button>
  );
}

describe('useBookingFlow', () => {
  it('keeps every filter change, even several before the location updates', async () => {
    const router = createMemoryRouter([{ path: '/user/appointment/create', element: <TwoFilters /> }], {
      initialEntries: ['/user/appointment/create?clinicUuid=c'],
    });
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: 'both' }));
    await waitFor(() => {
      const query = new URLSearchParams(router.state.location.search);
      expect([query.get('clinicUuid'), query.get('stateId'), query.get('insuranceId')]).toEqual([
        'c',
        'NY',
        'aetna',
      ]);
    });
  });

  it('merges values: empty removes a key, arrays repeat it', () => {
    const next = mergeQuery(new URLSearchParams('a=1&b=2'), { a: '', c: ['x', 'y'] });
    expect(next.toString()).toBe('b=2&c=x&c=y');
  });

  it("reads the last change while the router is on its way, the router's location once it went elsewhere", () => {
    const pending = { origin: '/b?c=1', keys: ['/b?c=1&s=NY', '/b?c=1&s=NY&i=a'] };
    // Not committed yet, or an earlier change committed: the flow's latest query.
    expect(currentKey('/b?c=1', pending)).toBe('/b?c=1&s=NY&i=a');
    expect(currentKey('/b?c=1&s=NY', pending)).toBe('/b?c=1&s=NY&i=a');
    // Back, forward or a link somewhere else: the router's location wins.
    expect(currentKey('/other?x=1', pending)).toBe('/other?x=1');
    expect(currentKey('/b?c=1', NO_PENDING)).toBe('/b?c=1');
  });
});
