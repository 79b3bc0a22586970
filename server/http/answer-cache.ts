/**
 * Answers already serialized, kept while the data they were computed from is unchanged. A calendar
 * asks for the same month again and again (every window, every refetch on focus, every other client
 * of the brand), and building a month of thousands of posts is most of the service's time: the
 * rows out of SQLite, the views, the response schema, JSON. An entry is served only under the
 * change stamp it was built under (store/db.ts changeStamp), so any write anywhere, by this service
 * or another connection, makes every entry stale; there is no invalidation to forget.
 *
 * Bounded in entries and in bytes; the least recently used entry goes first.
 */
export interface AnswerCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

interface Entry<T> {
  stamp: string;
  answer: T;
  bytes: number;
}

export class AnswerCache<T extends { readonly body: string }> {
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(private readonly limits: AnswerCacheLimits = { maxEntries: 64, maxBytes: 64 * 1024 * 1024 }) {}

  /** The answer cached for `key` under `stamp`, or `build()`'s, cached when it fits. */
  answer(key: string, stamp: string, build: () => T): T {
    const hit = this.entries.get(key);
    if (hit) {
      this.drop(key, hit);
      if (hit.stamp === stamp) {
        this.entries.set(key, hit);
        this.bytes += hit.bytes;
        return hit.answer;
      }
    }
    const answer = build();
    // UTF-16 length is a bound close enough for a budget; Buffer.byteLength would walk the string.
    const bytes = answer.body.length * 2;
    if (bytes <= this.limits.maxBytes) {
      this.entries.set(key, { stamp, answer, bytes });
      this.bytes += bytes;
      for (const [oldKey, old] of this.entries) {
        if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
        this.drop(oldKey, old);
      }
    }
    return answer;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
