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
export interface SlotSearchCacheEntry {
  version: string;
  computedAt: number;
  validUntil: number;
  json: string;
}

/** Enough for every provider's current weeks of a large clinic; about 10 kB each at most. */
export const SLOT_SEARCH_CACHE_ENTRIES = 2_000;

export class SlotSearchCache {
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  private readonly entries = new Map<string, SlotSearchCacheEntry>();

  constructor(private readonly maxEntries = SLOT_SEARCH_CACHE_ENTRIES) {}

  /** The answer stored under key if it is still current for this version and instant. */
  get(key: string, version: string, now: number): string | null {
    const entry = this.entries.get(key);
    if (!entry) {
      return null;
    }
    if (entry.version !== version || now < entry.computedAt || now >= entry.validUntil) {
      this.entries.delete(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.json;
  }

  set(key: string, entry: SlotSearchCacheEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
