import { describe, expect, it } from 'vitest';
import type { Appointment } from '@app/contracts/appointments';
import { patientWindow, splitAppointments } from './patient-appointment-lists.ts';

function visit(id: string, startAt: string, finishAt: string): Appointment {
  return { id, startAt, finishAt } as Appointment;
}

describe("the provider's view of one patient's appointments", () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('lists unfinished visits as upcoming, soonest first, and finished ones as past, latest first', () => {
    const lists = splitAppointments(
      [
        visit('later', '2026-04-01T09:00:00-04:00', '2026-04-01T09:30:00-04:00'),
        visit('old', '2025-12-01T09:00:00-05:00', '2025-12-01T09:30:00-05:00'),
        visit('now', '2026-03-10T11:45:00Z', '2026-03-10T12:15:00Z'),
        visit('recent', '2026-03-09T09:00:00-05:00', '2026-03-09T09:30:00-05:00'),
        visit('just-ended', '2026-03-10T11:30:00Z', '2026-03-10T12:00:00Z'),
      ],
      now,
    );
    expect(lists.upcoming.map((item) => item.id)).toEqual(['now', 'later']);
    expect(lists.past.map((item) => item.id)).toEqual(['just-ended', 'recent', 'old']);
  });

  it('asks for a year back and a year ahead in MySQL dates', () => {
    const local = new Date(2026, 2, 10, 12);
    expect(patientWindow(local)).toEqual({ startAt: '2025-03-10', finishAt: '2027-03-10' });
  });
});
