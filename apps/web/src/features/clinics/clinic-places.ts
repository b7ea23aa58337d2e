import type { ClinicLocation } from '@app/contracts/clinic-invitations';

// Decision 0035: how a clinic's place is written and found on a map.

/** The place as a person reads it: the street address, else the city and state. */
export function placeText(location: ClinicLocation): string | null {
  if (location.address) {
    return location.address;
  }
  const cityState = [location.city, location.state].filter(Boolean).join(', ');
  return cityState || null;
}

/**
 * A map search for the place, in the cross-platform Maps URL format (opens the maps app on phones).
 * Only the clinic's address goes along; the link is opened without a referrer.
 */
export function mapUrlOf(location: ClinicLocation): string | null {
  const place = placeText(location);
  return place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}` : null;
}
