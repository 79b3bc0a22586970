import { z } from 'zod';
import { IntegrationView } from '../../shared/integrations/ipc.js';
import { PlatformType } from '../../shared/platforms/types.js';
import type { AppDatabase } from '../store/database.js';
import { parseRows, sqlBool } from '../store/rows.js';

/*
 * Connected accounts per profile and brand. No endpoint lists them, so they
 * are learned from GET /posts items or added by the user by id; a learned fact never erases what
 * the user typed, and the user's entry never hides what the server says later.
 */

const Row = z
  .object({
    id: z.string().min(1),
    platform: z.string().nullable(),
    name: z.string(),
    picture: z.string().nullable(),
    disconnected: sqlBool,
    source: z.enum(['learned', 'added']),
  })
  .transform((r): IntegrationView => ({
    id: r.id,
    // A platform this build does not know is shown without one rather than dropped.
    platform: PlatformType.safeParse(r.platform).success ? (r.platform as PlatformType) : null,
    name: r.name,
    picture: r.picture,
    disconnected: r.disconnected,
    source: r.source,
  }));

/** What a GET /posts item tells about its account. */
export interface LearnedIntegration {
  id: string;
  platform?: string | null;
  name?: string | null;
  picture?: string | null;
  disconnected?: boolean;
}

export class IntegrationsRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(profileId: string, brandId: string): IntegrationView[] {
    const rows = this.db.sql
      .prepare(
        'SELECT * FROM integrations WHERE profile_id = ? AND brand_id = ? ORDER BY name COLLATE NOCASE, id',
      )
      .all(profileId, brandId);
    return parseRows(this.db, 'integrations', Row, rows);
  }

  get(profileId: string, brandId: string, id: string): IntegrationView | null {
    return this.list(profileId, brandId).find((i) => i.id === id) ?? null;
  }

  /** Records what posts say about their accounts; fills gaps, keeps 'added' as the source. */
  learn(profileId: string, brandId: string, found: readonly LearnedIntegration[]): void {
    const stmt = this.db.sql.prepare(
      `INSERT INTO integrations (profile_id, brand_id, id, platform, name, picture, disconnected, source, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'learned', ?)
       ON CONFLICT (profile_id, brand_id, id) DO UPDATE SET
         platform = COALESCE(excluded.platform, integrations.platform),
         name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE integrations.name END,
         picture = COALESCE(excluded.picture, integrations.picture),
         disconnected = excluded.disconnected,
         updated_at = excluded.updated_at`,
    );
    const at = this.now().toISOString();
    this.db.tx(() => {
      for (const i of found) {
        stmt.run(
          profileId,
          brandId,
          i.id,
          i.platform ?? null,
          i.name ?? '',
          i.picture ?? null,
          i.disconnected ? 1 : 0,
          at,
        );
      }
    });
  }

  /** The user adds an account by id (from the dashboard); a later learned name replaces a blank one. */
  add(
    profileId: string,
    brandId: string,
    input: { id: string; platform: PlatformType; name?: string },
  ): IntegrationView {
    this.db.sql
      .prepare(
        `INSERT INTO integrations (profile_id, brand_id, id, platform, name, picture, disconnected, source, updated_at)
         VALUES (?, ?, ?, ?, ?, NULL, 0, 'added', ?)
         ON CONFLICT (profile_id, brand_id, id) DO UPDATE SET platform = excluded.platform,
           name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE integrations.name END, updated_at = excluded.updated_at`,
      )
      .run(profileId, brandId, input.id, input.platform, input.name?.trim() ?? '', this.now().toISOString());
    const saved = this.get(profileId, brandId, input.id);
    if (!saved) throw new Error(`The account ${input.id} could not be read back after saving.`);
    return saved;
  }
}
