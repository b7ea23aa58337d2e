import { describe, expect, it } from 'vitest';
import { chooseWindow, isChangeable, isUpcoming, upcomingAppointments } from './choose-appointment-rules.ts';

const NOW = new Date('2026-12-01T15:00:00Z');

function appointment(id: string, startAt: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    startAt,
    status: 'booked' as 'booked' | 'confirmed' | 'cancelled' | 'completed',
    isCancellable: true,
    canPatientCancel: true,
    ...overrides,
  };
}

describe('choose appointment rules', () => {
  it('offers upcoming visits only: not cancelled, not completed, not begun', () => {
    const list = [
      appointment('later', '2026-12-03T09:00:00-05:00'),
      appointment('soon', '2026-12-02T09:00:00-05:00', { status: 'confirmed' }),
      appointment('begun', '2026-12-01T09:45:00-05:00'),
      appointment('cancelled', '2026-12-04T09:00:00-05:00', { status: 'cancelled' }),
      appointment('completed', '2026-12-04T10:00:00-05:00', { status: 'completed' }),
    ];
    expect(upcomingAppointments(list, NOW).map((item) => item.id)).toEqual(['soon', 'later']);
    expect(isUpcoming(appointment('begun', '2026-12-01T09:45:00-05:00'), NOW)).toBe(false);
    expect(isUpcoming(appointment('ahead', '2026-12-01T10:15:00-05:00'), NOW)).toBe(true);
  });

  it('changes only what the patient may cancel online (spec 2 §6)', () => {
    expect(isChangeable(appointment('a', '2026-12-03T09:00:00-05:00'), NOW)).toBe(true);
    expect(
      isChangeable(appointment('b', '2026-12-01T10:30:00-05:00', { canPatientCancel: false }), NOW),
    ).toBe(false);
    expect(isChangeable(appointment('c', '2026-12-03T09:00:00-05:00', { isCancellable: false }), NOW)).toBe(
      false,
    );
    expect(isChangeable(appointment('d', '2026-12-03T09:00:00-05:00', { status: 'cancelled' }), NOW)).toBe(
      false,
    );
    expect(isChangeable(appointment('e', '2026-12-01T09:00:00-05:00'), NOW)).toBe(false);
  });

  it('asks for a year ahead, from the day before (department zones)', () => {
    expect(chooseWindow(new Date(2026, 11, 1, 10))).toEqual({
      startAt: '2026-11-30',
      finishAt: '2027-12-01',
    });
  });
});
