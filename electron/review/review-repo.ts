import { z } from 'zod';
import { ApprovalFlow, DEFAULT_FLOW, ReviewState, ReviewVerdict } from '../../shared/review/model.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows, sqlBool } from '../store/rows.js';

/*
 * Review states of post groups, the packs the app made, and each brand's review settings, kept on
 * this device only (the service knows nothing of approvals). A subject names what a verdict is about:
 * `group:<id>` for a group the service has, `draft:<id>` (or `op:<id>`) for a post still local.
 */

export interface Scope {
  profileId: string;
  brandId: string;
}

export const ChangedSinceReview = z.object({
  verdict: ReviewVerdict,
  comment: z.string().nullable(),
});

export interface ReviewRecord {
  subject: string;
  state: ReviewState;
  comment: string | null;
  /** The fingerprint of the version last put in review or judged. */
  seenHash: string | null;
  /** The latest outbox create of a local subject: it follows the post onto the service. */
  opId: string | null;
  changedSinceReview: z.infer<typeof ChangedSinceReview> | null;
  /** The step of the brand's flow it waits at (0 first); steps before it are approved. */
  step?: number;
  /** Who approved the current step so far (a step where all must approve). */
  stepApprovals?: string[];
  /** The post's time when it was last queued (a brand may send a moved post back to the first step). */
  seenDate?: string | null;
}

const Row = z
  .object({
    subject: z.string(),
    state: ReviewState,
    comment: z.string().nullable(),
    seen_hash: z.string().nullable(),
    op_id: z.string().nullable(),
    changed_json: jsonText(ChangedSinceReview).nullable(),
    step: z.number().int().min(0),
    step_approvals_json: jsonText(z.array(z.string())).nullable(),
    seen_date: z.string().nullable(),
  })
  .transform((r): ReviewRecord => ({
    step: r.step,
    stepApprovals: r.step_approvals_json ?? [],
    seenDate: r.seen_date,
    subject: r.subject,
    state: r.state,
    comment: r.comment,
    seenHash: r.seen_hash,
    opId: r.op_id,
    changedSinceReview: r.changed_json,
  }));

/** A post a pack holds: what the reviewer saw, and the step the pack asked about (none before steps). */
export const PackItem = z.object({ key: z.string(), seen: z.string(), step: z.number().int().optional() });
export type PackItem = z.infer<typeof PackItem>;

const PackRow = z.object({
  id: z.string(),
  profile_id: z.string(),
  brand_id: z.string(),
  items_json: jsonText(z.array(PackItem)),
  replies_json: jsonText(z.array(z.string())),
});

export interface ReviewSettings {
  needsApproval: boolean;
  colour: string | null;
  flow: ApprovalFlow;
  timeResets: boolean;
}

const SettingsRow = z.object({
  needs_approval: sqlBool,
  colour: z.string().nullable(),
  // A brand from before approval steps has none: its one approval is a one-step flow.
  flow_json: jsonText(ApprovalFlow).nullable(),
  time_resets: sqlBool,
});

const COLUMNS =
  'subject, state, comment, seen_hash, op_id, changed_json, step, step_approvals_json, seen_date';

export class ReviewRepo {
  /**
   * Each brand's settings as last read: the outbox asks for every due operation on each pass, and
   * this repository is the table's only writer, so the copy is never stale.
   */
  private readonly settingsKept = new Map<string, ReviewSettings>();

  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  get(scope: Scope, subject: string): ReviewRecord | null {
    const row = this.db.sql
      .prepare(`SELECT ${COLUMNS} FROM post_reviews WHERE profile_id = ? AND brand_id = ? AND subject = ?`)
      .get(scope.profileId, scope.brandId, subject);
    return row ? parseRow(this.db, 'post_reviews', Row, row) : null;
  }

  /** The record of a local subject whose latest create was `opId` (it follows the post onto the service). */
  byOp(scope: Scope, opId: string): ReviewRecord | null {
    const row = this.db.sql
      .prepare(`SELECT ${COLUMNS} FROM post_reviews WHERE op_id = ? AND profile_id = ? AND brand_id = ?`)
      .get(opId, scope.profileId, scope.brandId);
    return row ? parseRow(this.db, 'post_reviews', Row, row) : null;
  }

  /** Every record of a brand, by subject (one read for a whole calendar range). */
  all(scope: Scope): Map<string, ReviewRecord> {
    const rows = this.db.sql
      .prepare(`SELECT ${COLUMNS} FROM post_reviews WHERE profile_id = ? AND brand_id = ?`)
      .all(scope.profileId, scope.brandId);
    return new Map(parseRows(this.db, 'post_reviews', Row, rows).map((r) => [r.subject, r]));
  }

  put(scope: Scope, record: ReviewRecord): void {
    this.db.sql
      .prepare(
        `INSERT INTO post_reviews (profile_id, brand_id, subject, state, comment, seen_hash, op_id, changed_json,
           step, step_approvals_json, seen_date, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id, subject) DO UPDATE SET state = excluded.state,
           comment = excluded.comment, seen_hash = excluded.seen_hash, op_id = excluded.op_id,
           changed_json = excluded.changed_json, step = excluded.step,
           step_approvals_json = excluded.step_approvals_json, seen_date = excluded.seen_date,
           updated_at = excluded.updated_at`,
      )
      .run(
        scope.profileId,
        scope.brandId,
        record.subject,
        record.state,
        record.comment,
        record.seenHash,
        record.opId,
        record.changedSinceReview ? JSON.stringify(record.changedSinceReview) : null,
        record.step ?? 0,
        JSON.stringify(record.stepApprovals ?? []),
        record.seenDate ?? null,
        this.now().toISOString(),
      );
  }

  settings(scope: Scope): ReviewSettings {
    const key = `${scope.profileId}\u0000${scope.brandId}`;
    const kept = this.settingsKept.get(key);
    if (kept) return kept;
    const row = this.db.sql
      .prepare(
        'SELECT needs_approval, colour, flow_json, time_resets FROM review_settings WHERE profile_id = ? AND brand_id = ?',
      )
      .get(scope.profileId, scope.brandId);
    const parsed = row ? parseRow(this.db, 'review_settings', SettingsRow, row) : null;
    const read: ReviewSettings = {
      needsApproval: parsed?.needs_approval ?? false,
      colour: parsed?.colour ?? null,
      flow: parsed?.flow_json ?? DEFAULT_FLOW,
      timeResets: parsed?.time_resets ?? false,
    };
    this.settingsKept.set(key, read);
    return read;
  }

  setSettings(scope: Scope, settings: ReviewSettings): void {
    this.settingsKept.delete(`${scope.profileId}\u0000${scope.brandId}`);
    this.db.sql
      .prepare(
        `INSERT INTO review_settings (profile_id, brand_id, needs_approval, colour, flow_json, time_resets, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id) DO UPDATE SET needs_approval = excluded.needs_approval,
           colour = excluded.colour, flow_json = excluded.flow_json, time_resets = excluded.time_resets,
           updated_at = excluded.updated_at`,
      )
      .run(
        scope.profileId,
        scope.brandId,
        settings.needsApproval ? 1 : 0,
        settings.colour,
        JSON.stringify(settings.flow),
        settings.timeResets ? 1 : 0,
        this.now().toISOString(),
      );
  }

  addPack(scope: Scope, id: string, items: readonly PackItem[]): void {
    this.db.sql
      .prepare(
        'INSERT INTO review_packs (id, profile_id, brand_id, items_json, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, scope.profileId, scope.brandId, JSON.stringify(items), this.now().toISOString());
  }

  pack(id: string): { scope: Scope; items: PackItem[]; replies: string[] } | null {
    const row = this.db.sql
      .prepare('SELECT id, profile_id, brand_id, items_json, replies_json FROM review_packs WHERE id = ?')
      .get(id);
    const parsed = row ? parseRow(this.db, 'review_packs', PackRow, row) : null;
    if (!parsed) return null;
    return {
      scope: { profileId: parsed.profile_id, brandId: parsed.brand_id },
      items: parsed.items_json,
      replies: parsed.replies_json,
    };
  }

  /** Remembers a reply (by its fingerprint) as applied, so the same file twice changes nothing. */
  noteReply(id: string, replyHash: string): void {
    const pack = this.pack(id);
    if (!pack) return;
    this.db.sql
      .prepare('UPDATE review_packs SET replies_json = ? WHERE id = ?')
      .run(JSON.stringify([...pack.replies, replyHash]), id);
  }
}
