import { VersionedCache, type VersionedEntry } from '../../platform/versioned-cache.ts';

/**
 * Issue 20, decision 0075: day schedules, kept as the JSON text sent to the provider so a hit neither
 * reads the day's appointments and their parts nor serialises again. One cache per app instance (made
 * by the provider-schedule routes), checked against the clinic's schedule version (migration 0024:
 * triggers raise it with every write to what the schedule shows) and the time the answer's
 * time-dependent flags hold until (platform/versioned-cache.ts).
 */
export interface DayScheduleCacheEntry extends VersionedEntry {
  json: string;
  /** The patients the answer shows, for the audit trail of a read served from the cache. */
  patientIds: string[];
}

/**
 * Each entry is one clinic's day with one set of filters, about 1 kB per appointment: a few hundred
 * cover the days a clinic network has open, within a few tens of megabytes.
 */
export const DAY_SCHEDULE_CACHE_ENTRIES = 300;

export function createDayScheduleCache(maxEntries = DAY_SCHEDULE_CACHE_ENTRIES) {
  return new VersionedCache<DayScheduleCacheEntry>(maxEntries);
}

export type DayScheduleCache = ReturnType<typeof createDayScheduleCache>;
