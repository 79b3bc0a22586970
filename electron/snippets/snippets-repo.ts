import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Signature, Snippet, type SnippetInput } from '../../shared/snippets/model.js';
import { AppFailure } from '../core/app-failure.js';
import { isActiveBrands, otherBrands } from '../store/brand-scope.js';
import type { AppDatabase } from '../store/database.js';
import { parseRows, deleteOwnedRow } from '../store/rows.js';
import type { ActiveBrand } from '../core/active-brand.js';

/** Snippets per brand and signatures per account, in the local db. */

const SnippetRow = z.object({ id: z.string(), name: z.string(), body: z.string() }).pipe(Snippet);
const SignatureRow = z
  .object({ integration_id: z.string(), body: z.string() })
  .transform((r) => ({ integrationId: r.integration_id, body: r.body }))
  .pipe(Signature);

export class SnippetsRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  list(a: ActiveBrand): Snippet[] {
    const rows = this.db.sql
      .prepare('SELECT id, name, body FROM snippets WHERE profile_id = ? AND brand_id = ? ORDER BY name')
      .all(a.profileId, a.brandId);
    return parseRows(this.db, 'snippets', SnippetRow, rows);
  }

  save(a: ActiveBrand, input: SnippetInput): Snippet {
    if (input.id) this.requireOwn(a, input.id);
    const clash = this.list(a).find(
      (s) => s.name.toLowerCase() === input.name.toLowerCase() && s.id !== input.id,
    );
    if (clash)
      throw new AppFailure('CONFLICT', `A snippet is already called /${clash.name}; pick another name.`);
    const snippet = Snippet.parse({ ...input, id: input.id ?? randomUUID() });
    this.db.sql
      .prepare(
        `INSERT INTO snippets (id, profile_id, brand_id, name, body, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, body = excluded.body, updated_at = excluded.updated_at
         WHERE snippets.profile_id = excluded.profile_id AND snippets.brand_id = excluded.brand_id`,
      )
      .run(snippet.id, a.profileId, a.brandId, snippet.name, snippet.body, this.now().toISOString());
    return snippet;
  }

  /** A snippet id of another profile or brand is refused (the save's upsert silently did nothing). */
  private requireOwn(a: ActiveBrand, id: string): void {
    const owner = this.db.sql.prepare('SELECT profile_id, brand_id FROM snippets WHERE id = ?').get(id) as
      { profile_id: unknown; brand_id: unknown } | undefined;
    if (owner && !isActiveBrands(a, { profileId: String(owner.profile_id), brandId: String(owner.brand_id) }))
      throw otherBrands('snippet');
  }

  remove(a: ActiveBrand, id: string): boolean {
    return deleteOwnedRow(this.db, 'snippets', a, id);
  }

  signatures(a: ActiveBrand): Signature[] {
    const rows = this.db.sql
      .prepare(
        'SELECT integration_id, body FROM signatures WHERE profile_id = ? AND brand_id = ? ORDER BY integration_id',
      )
      .all(a.profileId, a.brandId);
    return parseRows(this.db, 'signatures', SignatureRow, rows);
  }

  /** Signature text by account id: what the composer counts and the sender appends. */
  signatureMap(a: ActiveBrand): Map<string, string> {
    return new Map(this.signatures(a).map((s) => [s.integrationId, s.body]));
  }

  /** Sets an account's signature; null or blank removes it. */
  setSignature(a: ActiveBrand, integrationId: string, body: string | null): Signature[] {
    if (body === null || body.trim() === '') {
      this.db.sql
        .prepare('DELETE FROM signatures WHERE profile_id = ? AND brand_id = ? AND integration_id = ?')
        .run(a.profileId, a.brandId, integrationId);
    } else {
      this.db.sql
        .prepare(
          `INSERT INTO signatures (profile_id, brand_id, integration_id, body, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (profile_id, brand_id, integration_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
        )
        .run(a.profileId, a.brandId, integrationId, body.trim(), this.now().toISOString());
    }
    return this.signatures(a);
  }
}
