import { z } from 'zod';
import { normalizeSlots, QueueSlots, type QueueSlot } from '../../shared/queue/slots.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow } from '../store/rows.js';

/**
 * Weekly posting slots per profile, brand and account. The brand's default
 * is stored under the account id `BRAND_DEFAULT`, which no real account id can equal.
 */
export const BRAND_DEFAULT = '*';

const Row = z
  .object({ integration_id: z.string(), slots_json: jsonText(QueueSlots) })
  .transform((r) => r.slots_json);

export class SlotsRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  /** The account's own slots, or null when it has none of its own. */
  get(profileId: string, brandId: string, integrationId: string): QueueSlot[] | null {
    const row = this.db.sql
      .prepare(
        'SELECT integration_id, slots_json FROM queue_slots WHERE profile_id = ? AND brand_id = ? AND integration_id = ?',
      )
      .get(profileId, brandId, integrationId);
    return parseRow(this.db, 'queue_slots', Row, row);
  }

  /** Saves an account's slots; null removes them, so the account follows the brand default again. */
  set(profileId: string, brandId: string, integrationId: string, slots: readonly QueueSlot[] | null): void {
    if (slots === null) {
      this.db.sql
        .prepare('DELETE FROM queue_slots WHERE profile_id = ? AND brand_id = ? AND integration_id = ?')
        .run(profileId, brandId, integrationId);
      return;
    }
    this.db.sql
      .prepare(
        `INSERT INTO queue_slots (profile_id, brand_id, integration_id, slots_json, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id, integration_id) DO UPDATE SET slots_json = excluded.slots_json, updated_at = excluded.updated_at`,
      )
      .run(
        profileId,
        brandId,
        integrationId,
        JSON.stringify(normalizeSlots(slots)),
        this.now().toISOString(),
      );
  }
}
