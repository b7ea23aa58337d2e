import { VersionedCache, type VersionedEntry } from '../../platform/versioned-cache.ts';

/**
 * Issue 20 item 3, decision 0070: computed slot answers, kept as the JSON text sent to the client so
 * a hit neither queries the busy time nor serialises again. One cache per app instance (made by the
 * scheduling routes); instances stay correct together because an entry is served only while
 *  - the provider's slot version read from the database in the same request equals the one the
 *    answer was computed at (triggers raise it with every booking, hold, cancel and hours change,
 *    migration 0023), and
 *  - the request's time lies in [computedAt, validUntil): a slot drops out when its start passes and
 *    a held slot comes back when the hold expires, neither of which writes to the database.
 * A stale answer can at worst offer a slot that is gone; the hold and the booking check the database
 * again under the provider's lock (availability.service checkBookable), so it can never double-book.
 */
export interface SlotSearchCacheEntry extends VersionedEntry {
  json: string;
}

/** Enough for every provider's current weeks of a large clinic; about 10 kB each at most. */
export const SLOT_SEARCH_CACHE_ENTRIES = 2_000;

export class SlotSearchCache extends VersionedCache<SlotSearchCacheEntry> {
  constructor(maxEntries = SLOT_SEARCH_CACHE_ENTRIES) {
    super(maxEntries);
  }

  /** The answer stored under key if it is still current for this version and instant. */
  get(key: string, version: string, now: number): string | null {
    return this.find(key, version, now)?.json ?? null;
  }
}
