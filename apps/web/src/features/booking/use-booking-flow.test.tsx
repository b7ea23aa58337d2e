import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mergeQuery, useBookingFlow } from './use-booking-flow.ts';

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
});
