import { scalar, type Db } from './db.js';

/** A short link made for a post's text, written with the post. */
export interface NewShortLink {
  code: string;
  /** The URL in its ASCII form (WHATWG serialisation: punycode host, percent-encoded rest). */
  url: string;
}

/**
 * Short codes this service redirects from `/s/<code>`. They are written with their post
 * (PostStore.insertMany) and leave with it (a trigger on posts, migration 3).
 */
export class ShortLinkStore {
  constructor(private readonly db: Db) {}

  resolve(code: string): string | null {
    const url = scalar(this.db, 'SELECT url FROM short_links WHERE code = ?', code);
    return typeof url === 'string' ? url : null;
  }
}
