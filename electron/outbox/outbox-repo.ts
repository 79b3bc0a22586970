import { z } from 'zod';
import {
  CommentDelay,
  IsoDateTime,
  PostCreateResultItem,
  PostCreateType,
} from '../../shared/api/resources.js';
import { DraftMedia } from '../../shared/drafts/ipc.js';
import { OutboxKind, OutboxStatus } from '../../shared/outbox/ipc.js';
import { PlatformType } from '../../shared/platforms/types.js';
import { forActiveBrand, type BrandOnScreen } from '../store/brand-scope.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows, sqlBool, sqlInt } from '../store/rows.js';
import { FirstComment } from '../../shared/platforms/first-comment-schema.js';
import { UntrackedLinks } from '../../shared/links/model.js';

/*
 * The durable queue of writes not yet confirmed by the service. A row is
 * written in the same transaction as the change the user sees, and removed only in the transaction
 * that records the server's confirmation, so a crash at any point leaves either the job or its result.
 */

/** One account's copy in a create: the draft's shape, media possibly still local files. */
export const CreateTarget = z.object({
  integrationId: z.string().min(1),
  platform: PlatformType,
  settings: z.record(z.string(), z.unknown()),
  blocks: z.array(z.object({ content: z.string(), media: z.array(DraftMedia) })).min(1),
  commentDelays: z.array(CommentDelay).optional(),
  /** Sent as the thread's second block, its delay first in commentDelays (buildCreateRequest). */
  firstComment: FirstComment.optional(),
});
export type CreateTarget = z.infer<typeof CreateTarget>;

export const CreatePayload = z.object({
  type: PostCreateType,
  date: IsoDateTime,
  shortLink: z.boolean(),
  targets: z.array(CreateTarget).min(1),
  /** Links sent as typed ("Don't track this link"); the others get the brand's tracking rules. */
  untrackedLinks: UntrackedLinks.optional(),
});
export type CreatePayload = z.infer<typeof CreatePayload>;

export const OutboxOp = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('create'), payload: CreatePayload }),
  /** Create the new version, then delete `replacesGroup` (docs/architecture.md: never lose the post). */
  z.object({ kind: z.literal('edit'), payload: CreatePayload.extend({ replacesGroup: z.string().min(1) }) }),
  /** `serverDate` is the time the server had when the change was queued, restored on discard. */
  z.object({
    kind: z.literal('reschedule'),
    payload: z.object({ postId: z.string().min(1), date: IsoDateTime, serverDate: IsoDateTime.nullable() }),
  }),
  z.object({ kind: z.literal('deleteGroup'), payload: z.object({ group: z.string().min(1) }) }),
  z.object({
    kind: z.literal('upload'),
    payload: z.object({
      path: z.string().min(1),
      name: z.string(),
      kind: z.enum(['image', 'video']).nullable(),
      size: z.number().nonnegative(),
    }),
  }),
]);
export type OutboxOp = z.infer<typeof OutboxOp>;
export type OutboxKind = z.infer<typeof OutboxKind>;
export type OutboxStatus = z.infer<typeof OutboxStatus>;

/** Where an edit stands: the new version is created first, the old group deleted second. */
export const EditPhase = z.enum(['create', 'delete']);

export type OutboxRecord = OutboxOp & {
  seq: number;
  id: string;
  profileId: string;
  brandId: string;
  /** Operations sharing a key run strictly in order (one post, one group, one draft). */
  key: string;
  summary: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptMs: number | null;
  /** Client-generated, unique per operation: ties a create to its results across restarts. */
  marker: string;
  /**
   * The change may have reached the service, whatever its kind: a kill while sending, or a failure
   * that cannot tell (no answer, a cut answer, a 5xx, an answer of another shape). Kept until the
   * change is confirmed; a create is looked for before it is sent again. Discard and Undo drop only
   * a change without it: one with it is put right on the service instead (`discardedAt`).
   */
  maybeSent: boolean;
  /**
   * When the user discarded (or undid) this change although it may already be on the service: the
   * outbox no longer carries it out but puts the service right (a create looked up and deleted, a
   * move sent back to the old time, a delete checked), then removes it.
   */
  discardedAt: string | null;
  sentAt: string | null;
  phase: z.infer<typeof EditPhase> | null;
  /** The server's create results, once known. */
  result: PostCreateResultItem[] | null;
  postId: string | null;
  group: string | null;
  draftId: string | null;
  createdAt: string;
  updatedAt: string;
};

const Row = z.object({
  seq: sqlInt,
  id: z.string().min(1),
  profile_id: z.string(),
  brand_id: z.string(),
  kind: OutboxKind,
  op_key: z.string(),
  summary: z.string(),
  payload_json: jsonText(z.unknown()),
  status: OutboxStatus,
  attempts: sqlInt,
  last_error: z.string().nullable(),
  next_attempt_ms: sqlInt.nullable(),
  marker: z.string(),
  maybe_sent: sqlBool,
  discarded_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  phase: EditPhase.nullable(),
  result_json: jsonText(z.array(PostCreateResultItem)).nullable(),
  post_id: z.string().nullable(),
  group_id: z.string().nullable(),
  draft_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const HeadRow = Row.pick({
  id: true,
  profile_id: true,
  brand_id: true,
  kind: true,
  op_key: true,
  status: true,
  next_attempt_ms: true,
  discarded_at: true,
});

/** Where an operation stands in the queue, without its payload. */
export interface OutboxHead {
  id: string;
  profileId: string;
  brandId: string;
  kind: OutboxRecord['kind'];
  key: string;
  status: OutboxStatus;
  nextAttemptMs: number | null;
  /** Being put right on the service after a discard (OutboxRecord.discardedAt). */
  discardedAt: string | null;
}

const headOf = (r: z.infer<typeof HeadRow>): OutboxHead => ({
  id: r.id,
  profileId: r.profile_id,
  brandId: r.brand_id,
  kind: r.kind,
  key: r.op_key,
  status: r.status,
  nextAttemptMs: r.next_attempt_ms,
  discardedAt: r.discarded_at,
});

/** Not of a held key or an unavailable brand (two JSON arrays bound in order), and first of its key. */
const HEAD_OF_KEY = `
  AND profile_id NOT IN (SELECT value FROM json_each(?))
  AND (profile_id || char(0) || brand_id) NOT IN (SELECT value FROM json_each(?))
  AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.op_key = o.op_key AND e.seq < o.seq)`;

const RecordSchema = Row.transform((r, ctx): OutboxRecord => {
  const op = OutboxOp.safeParse({ kind: r.kind, payload: r.payload_json });
  if (!op.success) {
    for (const issue of op.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['payload_json', ...issue.path] });
    return z.NEVER;
  }
  return {
    ...op.data,
    seq: r.seq,
    id: r.id,
    profileId: r.profile_id,
    brandId: r.brand_id,
    key: r.op_key,
    summary: r.summary,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptMs: r.next_attempt_ms,
    marker: r.marker,
    maybeSent: r.maybe_sent,
    discardedAt: r.discarded_at,
    sentAt: r.sent_at,
    phase: r.phase,
    result: r.result_json ?? null,
    postId: r.post_id,
    group: r.group_id,
    draftId: r.draft_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
});

export interface NewOutboxItem {
  id: string;
  profileId: string;
  brandId: string;
  op: OutboxOp;
  key: string;
  summary: string;
  marker: string;
  postId?: string | null;
  group?: string | null;
  draftId?: string | null;
  status?: OutboxStatus;
}

/** Fields the engine changes as an operation moves along. */
export type OutboxPatch = Partial<
  Pick<
    OutboxRecord,
    | 'status'
    | 'attempts'
    | 'lastError'
    | 'nextAttemptMs'
    | 'maybeSent'
    | 'discardedAt'
    | 'sentAt'
    | 'phase'
    | 'result'
    | 'summary'
    | 'key'
    | 'draftId'
  >
> & { op?: OutboxOp };

const COLUMNS: Record<Exclude<keyof OutboxPatch, 'op'>, string> = {
  status: 'status',
  attempts: 'attempts',
  lastError: 'last_error',
  nextAttemptMs: 'next_attempt_ms',
  maybeSent: 'maybe_sent',
  discardedAt: 'discarded_at',
  sentAt: 'sent_at',
  phase: 'phase',
  result: 'result_json',
  summary: 'summary',
  key: 'op_key',
  draftId: 'draft_id',
};

function columnValue(key: keyof typeof COLUMNS, value: unknown): unknown {
  if (key === 'maybeSent') return value ? 1 : 0;
  if (key === 'result') return value === null ? null : JSON.stringify(value);
  return value;
}

export class OutboxRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  add(item: NewOutboxItem): OutboxRecord {
    const op = OutboxOp.parse(item.op);
    const at = this.now().toISOString();
    this.db.sql
      .prepare(
        `INSERT INTO outbox (id, profile_id, brand_id, kind, op_key, summary, payload_json, status, marker, phase, post_id, group_id, draft_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        item.id,
        item.profileId,
        item.brandId,
        op.kind,
        item.key,
        item.summary,
        JSON.stringify(op.payload),
        item.status ?? 'pending',
        item.marker,
        op.kind === 'edit' ? 'create' : null,
        item.postId ?? null,
        item.group ?? null,
        item.draftId ?? null,
        at,
        at,
      );
    const saved = this.get(item.id);
    if (!saved) throw new Error(`The outbox item ${item.id} could not be read back after saving.`);
    return saved;
  }

  /** The change when it is the active brand's; null when there is none; another brand's is refused. */
  getForBrand(active: BrandOnScreen, id: string): OutboxRecord | null {
    return forActiveBrand(active, 'change', this.get(id), (op) => op);
  }

  get(id: string): OutboxRecord | null {
    return parseRow(
      this.db,
      'outbox',
      RecordSchema,
      this.db.sql.prepare('SELECT * FROM outbox WHERE id = ?').get(id),
    );
  }

  /** Every operation, oldest first; with a profile (and brand), only theirs. */
  list(scope?: { profileId: string; brandId?: string }): OutboxRecord[] {
    let rows: unknown[];
    if (!scope) rows = this.db.sql.prepare('SELECT * FROM outbox ORDER BY seq').all();
    else if (scope.brandId === undefined)
      rows = this.db.sql
        .prepare('SELECT * FROM outbox WHERE profile_id = ? ORDER BY seq')
        .all(scope.profileId);
    else
      rows = this.db.sql
        .prepare('SELECT * FROM outbox WHERE profile_id = ? AND brand_id = ? ORDER BY seq')
        .all(scope.profileId, scope.brandId);
    return parseRows(this.db, 'outbox', RecordSchema, rows);
  }

  /**
   * The operations of a profile and brand that change how these posts show, oldest first: those
   * with these ids (a queued create's local posts), the moves of these posts, and the deletes and
   * edits of these groups. A write's answer asks for a few posts; reading the whole queue for them
   * made each confirmation cost the queue's length, and a long queue its square.
   */
  listAffecting(
    scope: { profileId: string; brandId: string },
    of: { opIds: readonly string[]; postIds: readonly string[]; groups: readonly string[] },
  ): OutboxRecord[] {
    const rows = this.db.sql
      .prepare(
        `SELECT * FROM outbox WHERE profile_id = ? AND brand_id = ? AND (
           id IN (SELECT value FROM json_each(?))
           OR (kind = 'reschedule' AND json_extract(payload_json, '$.postId') IN (SELECT value FROM json_each(?)))
           OR (kind = 'deleteGroup' AND json_extract(payload_json, '$.group') IN (SELECT value FROM json_each(?)))
           OR (kind = 'edit' AND json_extract(payload_json, '$.replacesGroup') IN (SELECT value FROM json_each(?)))
         ) ORDER BY seq`,
      )
      .all(
        scope.profileId,
        scope.brandId,
        JSON.stringify(of.opIds),
        JSON.stringify(of.postIds),
        JSON.stringify(of.groups),
        JSON.stringify(of.groups),
      );
    return parseRows(this.db, 'outbox', RecordSchema, rows);
  }

  /**
   * The queue's order and state without payloads, oldest first: what planning the next send needs.
   * Reading and checking every payload on each step made a long queue cost its length squared.
   */
  heads(): OutboxHead[] {
    const rows = this.db.sql
      .prepare(
        'SELECT id, profile_id, brand_id, kind, op_key, status, next_attempt_ms, discarded_at FROM outbox ORDER BY seq',
      )
      .all();
    return parseRows(this.db, 'outbox', HeadRow, rows).map(headOf);
  }

  /**
   * The operations that may go now, in the order they go: each the first of its key in the queue,
   * pending and due, never one of a held API key (`heldProfiles`) or of a brand without a key
   * (`unavailable`, profile and brand joined by U+0000); those due longest go first, then the queue's
   * order. At most `limit`: planning a send reads what it sends, not the whole queue (indexes
   * outbox_due and outbox_by_key).
   */
  dueHeads(
    nowMs: number,
    skip: { heldProfiles: readonly string[]; unavailable: readonly string[] },
    limit: number,
  ): OutboxHead[] {
    const rows = this.db.sql
      .prepare(
        `SELECT id, profile_id, brand_id, kind, op_key, status, next_attempt_ms, discarded_at FROM outbox o
         WHERE status = 'pending' AND (next_attempt_ms IS NULL OR next_attempt_ms <= ?) ${HEAD_OF_KEY}
         ORDER BY next_attempt_ms, seq LIMIT ?`,
      )
      .all(nowMs, JSON.stringify(skip.heldProfiles), JSON.stringify(skip.unavailable), limit);
    return parseRows(this.db, 'outbox', HeadRow, rows).map(headOf);
  }

  /** When the next operation that is first of its key and waiting will be due (ms), or null. */
  nextDueMs(
    nowMs: number,
    skip: { heldProfiles: readonly string[]; unavailable: readonly string[] },
  ): number | null {
    const row = this.db.sql
      .prepare(
        `SELECT next_attempt_ms AS at FROM outbox o
         WHERE status = 'pending' AND next_attempt_ms > ? ${HEAD_OF_KEY}
         ORDER BY next_attempt_ms LIMIT 1`,
      )
      .get(nowMs, JSON.stringify(skip.heldProfiles), JSON.stringify(skip.unavailable)) as
      { at: unknown } | undefined;
    return row ? Number(row.at) : null;
  }

  /** How many operations of a profile and brand are in each state. */
  countByStatus(scope: { profileId: string; brandId: string }): Record<OutboxHead['status'], number> {
    const counts: Record<OutboxHead['status'], number> = {
      pending: 0,
      sending: 0,
      failed: 0,
      needsDecision: 0,
    };
    const rows = this.db.sql
      .prepare(
        'SELECT status, COUNT(*) AS n FROM outbox WHERE profile_id = ? AND brand_id = ? GROUP BY status',
      )
      .all(scope.profileId, scope.brandId) as { status: string; n: number }[];
    for (const row of rows)
      if (row.status in counts) counts[row.status as OutboxHead['status']] = Number(row.n);
    return counts;
  }

  /** The operations a local draft has in the queue. */
  listForDraft(profileId: string, draftId: string): OutboxRecord[] {
    const rows = this.db.sql
      .prepare('SELECT * FROM outbox WHERE profile_id = ? AND draft_id = ? ORDER BY seq')
      .all(profileId, draftId);
    return parseRows(this.db, 'outbox', RecordSchema, rows);
  }

  /** The upload of a local file still in the queue (waiting, sending or stopped), oldest first. */
  queuedUpload(scope: { profileId: string; brandId: string }, path: string): OutboxRecord | null {
    const row = this.db.sql
      .prepare(
        `SELECT * FROM outbox WHERE profile_id = ? AND brand_id = ? AND kind = 'upload'
         AND json_extract(payload_json, '$.path') = ? ORDER BY seq LIMIT 1`,
      )
      .get(scope.profileId, scope.brandId, path);
    return parseRow(this.db, 'outbox', RecordSchema, row);
  }

  update(id: string, patch: OutboxPatch): OutboxRecord | null {
    const sets: string[] = ['updated_at = ?'];
    const values: unknown[] = [this.now().toISOString()];
    for (const [key, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, string][]) {
      if (patch[key] === undefined) continue;
      sets.push(`${column} = ?`);
      values.push(columnValue(key, patch[key]));
    }
    if (patch.op) {
      const op = OutboxOp.parse(patch.op);
      sets.push('kind = ?', 'payload_json = ?');
      values.push(op.kind, JSON.stringify(op.payload));
    }
    this.db.sql.prepare(`UPDATE outbox SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    return this.get(id);
  }

  remove(id: string): boolean {
    return this.db.sql.prepare('DELETE FROM outbox WHERE id = ?').run(id).changes > 0;
  }

  /** Makes every waiting operation due now (the service is reachable again, or the app just started). */
  clearWaits(): void {
    this.db.sql
      .prepare(
        `UPDATE outbox SET next_attempt_ms = NULL WHERE status = 'pending' AND next_attempt_ms IS NOT NULL`,
      )
      .run();
  }

  /**
   * After a restart, an operation left 'sending' may or may not have reached the service: it goes
   * back to the queue marked maybe-sent (every kind), so a create is looked for before it is sent
   * again, and a Discard or an Undo puts it right rather than dropping it.
   */
  recoverInterrupted(): number {
    return this.db.sql
      .prepare(
        `UPDATE outbox SET status = 'pending', maybe_sent = 1, updated_at = ? WHERE status = 'sending'`,
      )
      .run(this.now().toISOString()).changes;
  }
}

/** The outbox as everything outside the posts module sees it: read only (lint forbids the rest). */
export type OutboxReads = Pick<
  OutboxRepo,
  | 'get'
  | 'list'
  | 'listAffecting'
  | 'heads'
  | 'dueHeads'
  | 'nextDueMs'
  | 'countByStatus'
  | 'listForDraft'
  | 'queuedUpload'
>;
