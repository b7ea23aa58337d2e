import { describe, expect, it } from 'vitest';
import type { AppointmentRow } from './appointments.repository.ts';
import { waitlistOfferText } from './waitlist-offers.ts';

// Issue 18 item 4: a text sent to the patient names the zone of the time it gives (never the IANA id).
describe('waitlistOfferText', () => {
  const freed = (startAt: string, timezone: string) =>
    ({
      startAt: new Date(startAt),
      timezone,
      providerFirstName: 'Ana',
      providerLastName: 'Reyes',
      providerTitle: 'MD',
      consultationTypeTitle: 'Follow-up',
    }) as AppointmentRow;

  it("writes the freed time in the department's zone with its short name, EST or EDT", () => {
    const winter = waitlistOfferText(freed('2026-12-01T14:30:00Z', 'America/New_York'), 'https://x.test/l');
    expect(winter).toContain('Tuesday, December 1, 2026 at 9:30 AM EST');
    const summer = waitlistOfferText(freed('2026-07-01T14:30:00Z', 'America/Chicago'), 'https://x.test/l');
    expect(summer).toContain('Wednesday, July 1, 2026 at 9:30 AM CDT');
    expect(winter).not.toContain('America/');
  });
});
