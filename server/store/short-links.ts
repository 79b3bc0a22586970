import { scalar, type Db, statement } from './db.js';
import { newId } from './ids.js';

/** Short codes this service redirects from `/s/<code>`. */
export class ShortLinkStore {
  constructor(private readonly db: Db) {}

  create(url: string): string {
    const code = newId('', 8);
    statement(this.db, 'INSERT INTO short_links (code, url, created_at) VALUES (?, ?, ?)').run(
      code,
      url,
      Date.now(),
    );
    return code;
  }

  resolve(code: string): string | null {
    const url = scalar(this.db, 'SELECT url FROM short_links WHERE code = ?', code);
    return typeof url === 'string' ? url : null;
  }
}
