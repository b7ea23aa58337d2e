/**
 * A bounded cache of computed answers that is correct across app instances (decisions 0070, 0075):
 * an entry is served only while
 *  - the version read from the database in the same request equals the one it was computed at
 *    (triggers raise the version in the transaction of every write to what the answer shows), and
 *  - the request's time lies in [computedAt, validUntil): what depends on the time alone (a slot's
 *    start passed, a hold expired, a video room opened) changes without a write.
 * One per app instance; the least recently used entry goes when it is full.
 */
export interface VersionedEntry {
  version: string;
  computedAt: number;
  validUntil: number;
}

export class VersionedCache<Entry extends VersionedEntry> {
  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries: number) {}

  /** The entry stored under key if it is still current for this version and instant. */
  find(key: string, version: string, now: number): Entry | null {
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
    return entry;
  }

  set(key: string, entry: Entry): void {
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
