import { describe, expect, it } from 'vitest';
import { SlotSearchCache } from './slot-search-cache.ts';

// Decision 0070: an entry is served only for its version and inside [computedAt, validUntil).
describe('SlotSearchCache', () => {
  const entry = { version: '3', computedAt: 1_000, validUntil: 5_000, json: '[]' };

  it('serves an entry only for its version and between its computation and its end', () => {
    const cache = new SlotSearchCache();
    cache.set('k', entry);
    expect(cache.get('k', '3', 1_000)).toBe('[]');
    expect(cache.get('k', '3', 4_999)).toBe('[]');
    expect(cache.get('k', '4', 2_000)).toBeNull();
    // A miss drops the entry: the next answer is computed again.
    expect(cache.size).toBe(0);
    cache.set('k', entry);
    expect(cache.get('k', '3', 5_000)).toBeNull();
    cache.set('k', entry);
    // A clock moved back (tests, development) may not see an answer computed at a later time.
    expect(cache.get('k', '3', 999)).toBeNull();
  });

  it('keeps at most its number of entries, dropping the least recently used', () => {
    const cache = new SlotSearchCache(2);
    cache.set('a', entry);
    cache.set('b', entry);
    expect(cache.get('a', '3', 2_000)).toBe('[]');
    cache.set('c', entry);
    expect(cache.size).toBe(2);
    expect(cache.get('b', '3', 2_000)).toBeNull();
    expect(cache.get('a', '3', 2_000)).toBe('[]');
    expect(cache.get('c', '3', 2_000)).toBe('[]');
  });
});
