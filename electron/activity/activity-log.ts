import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ActivityChange,
  ActivityOrigin,
  ActivityWho,
  loggedText,
  MAX_LIST,
  MAX_LOGGED_TEXT,
  MAX_NAME,
  type ActivityEntry,
} from '../../shared/activity/model.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRows, sqlInt } from '../store/rows.js';
import type { CachedPost } from '../store/posts-cache.js';
import type { CreatePayload, OutboxOp, OutboxRecord } from '../outbox/outbox-repo.js';

/*
 * The activity log's store: one row per change to a post group, kept on this computer. A row is
 * only ever written inside the transaction of the change it describes (`record` refuses to run
 * outside one), so a crash leaves both or neither. Rows name the post group, or, while a post made
 * here is not on the service yet, the outbox operation carrying it; the confirmation that gives the
 * post its group moves those rows to it in the same transaction (`confirmed`).
 */

/** Where an entry belongs: the post group and/or the outbox operation that carries the change. */
export interface ActivityWhere {
  group: string | null;
  outboxId: string | null;
}

/** A change to write down; `who` defaults to the connection's user. */
export interface ActivityNote {
  origin: ActivityOrigin;
  change: ActivityChange;
  who?: ActivityWho;
}

const Row = z.object({
  seq: sqlInt,
  id: z.string(),
  profile_id: z.string(),
  brand_id: z.string(),
  group_id: z.string().nullable(),
  at: z.string(),
  who_json: jsonText(ActivityWho),
  origin_json: jsonText(ActivityOrigin),
  change_json: jsonText(ActivityChange),
});
type Row = z.infer<typeof Row>;

const ProfileRow = z.object({ label: z.string(), user_json: z.string().nullable() });
const UserName = z.object({ name: z.string() });
const NameRow = z.object({ id: z.string(), name: z.string() });
const PackRow = z.object({ created_at: z.string() });
const OpRow = z.object({ id: z.string(), group_id: z.string().nullable() });

const SELECT =
  'SELECT seq, id, profile_id, brand_id, group_id, at, who_json, origin_json, change_json FROM activity';

/** The most entries one read answers. */
export const MAX_ACTIVITY_PAGE = 500;

export class ActivityLog {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  /** Writes one entry, inside the caller's transaction (the change's own). */
  record(brand: ActiveBrand, where: ActivityWhere, note: ActivityNote): void {
    if (!this.db.sql.inTransaction)
      throw new AppFailure('INTERNAL', 'An activity entry is written only with the change it describes.');
    // Cut to the schema's bounds first: a long refusal or a huge label list must never fail the change.
    const change = ActivityChange.parse(bounded(note.change));
    const origin = ActivityOrigin.parse(bounded(note.origin));
    const who = ActivityWho.parse(bounded(note.who ?? this.connectionUser(brand.profileId)));
    const at = this.now();
    this.db.sql
      .prepare(
        `INSERT INTO activity (id, profile_id, brand_id, group_id, outbox_id, at, at_ms, who_json, origin_json, change_json, search_text)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        randomUUID(),
        brand.profileId,
        brand.brandId,
        where.group,
        where.outboxId,
        at.toISOString(),
        at.getTime(),
        JSON.stringify(who),
        JSON.stringify(origin),
        JSON.stringify(change),
        searchText(who, origin, change),
      );
  }

  /**
   * A create (or edit) the service confirmed: the entries of its operation, and for an edit those
   * of the group it replaces, now belong to the service's group. Inside the confirming transaction.
   */
  confirmed(
    op: { id: string; profileId: string; brandId: string; replacesGroup: string | null },
    groups: readonly string[],
  ): void {
    const group = groups[0];
    if (group === undefined) return;
    this.db.sql
      .prepare(
        `UPDATE activity SET group_id = ?1
         WHERE profile_id = ?2 AND brand_id = ?3 AND (outbox_id = ?4 OR (?5 IS NOT NULL AND group_id = ?5))`,
      )
      .run(group, op.profileId, op.brandId, op.id, op.replacesGroup);
  }

  /** A post group's history, oldest first: entries of these groups or of these outbox operations. */
  history(
    brand: ActiveBrand,
    of: { groups: readonly string[]; outboxIds: readonly string[] },
  ): ActivityEntry[] {
    const groups = [...new Set(of.groups)];
    const ops = [...new Set(of.outboxIds)];
    if (groups.length === 0 && ops.length === 0) return [];
    const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
    const rows = this.db.sql
      .prepare(
        `${SELECT} WHERE profile_id = ? AND brand_id = ?
           AND (group_id IN (${marks(groups.length)}) OR outbox_id IN (${marks(ops.length)}))
         ORDER BY seq LIMIT ${MAX_ACTIVITY_PAGE}`,
      )
      .all(brand.profileId, brand.brandId, ...groups, ...ops);
    return this.entries(rows);
  }

  /**
   * A brand's log, newest first, a page at a time (`before`: the seq the last page ended at), with
   * every word of `query` found in its texts, names or reasons.
   */
  brandLog(
    brand: ActiveBrand,
    o: { query?: string; before?: number; limit?: number } = {},
  ): { entries: ActivityEntry[]; next: number | null } {
    const words = (o.query ?? '').toLowerCase().split(/\s+/u).filter(Boolean).slice(0, 10);
    const limit = Math.min(o.limit ?? 100, MAX_ACTIVITY_PAGE);
    const like = words.map(() => ` AND search_text LIKE ? ESCAPE '\\'`).join('');
    const rows = this.db.sql
      .prepare(
        `${SELECT} WHERE profile_id = ? AND brand_id = ? AND seq < ?${like} ORDER BY seq DESC LIMIT ${limit + 1}`,
      )
      .all(
        brand.profileId,
        brand.brandId,
        o.before ?? Number.MAX_SAFE_INTEGER,
        ...words.map((w) => `%${w.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`),
      );
    const parsed = parseRows(this.db, 'activity', Row, rows);
    const page = parsed.slice(0, limit);
    return {
      entries: page.map(entryOf),
      next: parsed.length > limit ? (page.at(-1)?.seq ?? null) : null,
    };
  }

  /**
   * A post group's labels changed (inside the labelling transaction). A label subject (see
   * shared/labels/model.ts) names a group, an operation, or a draft: a draft not sent yet is no post
   * group, so nothing is written for it; a sent one is its operation's.
   */
  labelsChanged(
    brand: ActiveBrand,
    subject: string,
    before: readonly string[],
    after: readonly string[],
  ): void {
    if (before.join('\u0000') === after.join('\u0000')) return;
    const where = this.whereOfSubject(brand, subject);
    if (!where) return;
    this.record(brand, where, {
      origin: { kind: 'labels' },
      change: { kind: 'labels', before: [...before], after: [...after] },
    });
  }

  /** A post group's content category changed (by name; null: none), inside the change's transaction. */
  categoryChanged(brand: ActiveBrand, subject: string, before: string | null, after: string | null): void {
    if (before === after) return;
    const where = this.whereOfSubject(brand, subject);
    if (!where) return;
    this.record(brand, where, {
      origin: { kind: 'category' },
      change: { kind: 'category', before, after },
    });
  }

  /**
   * Where a labels/category subject's entry is filed: a group as itself; a post still being sent
   * (`op:` or `local:` and its outbox id) under its operation, moved to its group on confirmation;
   * a draft under the operation sending it, or nowhere (a draft not sent yet has no history).
   */
  private whereOfSubject(brand: ActiveBrand, subject: string): ActivityWhere | null {
    if (subject.startsWith('op:')) return { group: null, outboxId: subject.slice(3) };
    if (subject.startsWith('local:')) {
      // Given in the transaction that queues the post (a series date, an evergreen repeat): part
      // of its creation, which has its own entry; given later, filed under its operation.
      const id = subject.slice(6);
      const queued = this.db.sql.prepare('SELECT 1 FROM outbox WHERE id = ?').get(id) !== undefined;
      return queued ? { group: null, outboxId: id } : null;
    }
    if (subject.startsWith('draft:')) {
      const op = OpRow.safeParse(
        this.db.sql
          .prepare(
            `SELECT id, group_id FROM outbox WHERE profile_id = ? AND brand_id = ? AND draft_id = ? AND kind IN ('create', 'edit')
             ORDER BY seq DESC LIMIT 1`,
          )
          .get(brand.profileId, brand.brandId, subject.slice(6)),
      );
      if (!op.success) return null;
      return { group: op.data.group_id, outboxId: op.data.id };
    }
    return { group: subject, outboxId: null };
  }

  /** Forgets entries older than `days` (all brands); answers how many went. */
  prune(days: number): number {
    const before = this.now().getTime() - days * 86_400_000;
    const result = this.db.sql.prepare('DELETE FROM activity WHERE at_ms < ?').run(before);
    return Number(result.changes);
  }

  /** The date a review pack was made, for "by a reply to the pack of …". */
  packDate(packId: string): string | null {
    const row = this.db.sql.prepare('SELECT created_at FROM review_packs WHERE id = ?').get(packId);
    const parsed = PackRow.safeParse(row);
    return parsed.success ? parsed.data.created_at : null;
  }

  /** The accounts' names as the brand shows them (an account no longer known: its id). */
  accountNames(brand: ActiveBrand, ids: readonly string[]): string[] {
    if (ids.length === 0) return [];
    const rows = this.db.sql
      .prepare(
        `SELECT id, name FROM integrations WHERE profile_id = ? AND brand_id = ? AND id IN (${ids.map(() => '?').join(', ')})`,
      )
      .all(brand.profileId, brand.brandId, ...ids);
    const names = new Map(
      rows.flatMap((r) => {
        const p = NameRow.safeParse(r);
        return p.success ? [[p.data.id, p.data.name] as const] : [];
      }),
    );
    return ids.map((id) => names.get(id) ?? id);
  }

  /** What a queued create says: its text, time and accounts. */
  createdChange(brand: ActiveBrand, payload: CreatePayload): ActivityChange {
    return {
      kind: 'created',
      text: loggedText(firstText(payload)),
      date: payload.type === 'schedule' ? payload.date : null,
      accounts: this.accountNames(
        brand,
        payload.targets.map((t) => t.integrationId),
      ),
    };
  }

  /** What a queued create or edit says, against the group it replaces as the calendar has it. */
  queuedChange(brand: ActiveBrand, op: OutboxOp, before: readonly CachedPost[]): ActivityChange | null {
    if (op.kind === 'create') return this.createdChange(brand, op.payload);
    if (op.kind !== 'edit') return null;
    const first = before[0];
    return {
      kind: 'edited',
      textBefore: first ? loggedText(first.content) : null,
      textAfter: loggedText(firstText(op.payload)),
      dateBefore: first?.publishDate ?? null,
      dateAfter: op.payload.type === 'schedule' ? op.payload.date : null,
      accountsBefore: this.accountNames(
        brand,
        before.map((p) => p.integrationId),
      ),
      accountsAfter: this.accountNames(
        brand,
        op.payload.targets.map((t) => t.integrationId),
      ),
    };
  }

  /**
   * The connection's user: the name the service gave for the key's user (GET /me), else the name
   * the user typed for the connection.
   */
  private connectionUser(profileId: string): ActivityWho {
    const row = ProfileRow.safeParse(
      this.db.sql.prepare('SELECT label, user_json FROM profiles WHERE id = ?').get(profileId),
    );
    if (!row.success)
      return { kind: 'connectionUser', name: 'Someone on this computer', source: 'connectionName' };
    const name = userName(row.data.user_json);
    return name !== ''
      ? { kind: 'connectionUser', name, source: 'service' }
      : { kind: 'connectionUser', name: row.data.label, source: 'connectionName' };
  }

  private entries(rows: unknown[]): ActivityEntry[] {
    return parseRows(this.db, 'activity', Row, rows).map(entryOf);
  }
}

/**
 * A value cut to what an entry keeps: texts to MAX_LOGGED_TEXT, names in a list to MAX_NAME, lists
 * to MAX_LIST items (the schema's bounds), so writing it down never refuses the change it describes.
 */
function bounded<T>(value: T): T {
  const cut = (v: unknown, limit: number): unknown => {
    if (typeof v === 'string') return v.length > limit ? `${v.slice(0, limit - 1)}…` : v;
    if (Array.isArray(v)) return v.slice(0, MAX_LIST).map((item) => cut(item, MAX_NAME));
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, cut(x, k === 'name' ? MAX_NAME : MAX_LOGGED_TEXT)]),
      );
    return v;
  };
  return cut(value, MAX_LOGGED_TEXT) as T;
}

/** The name the service gave for the key's user, or '' when it gave none (or the row is damaged). */
function userName(json: string | null): string {
  try {
    const user = UserName.safeParse(JSON.parse(json ?? 'null'));
    return user.success ? user.data.name.trim() : '';
  } catch {
    return '';
  }
}

function entryOf(r: Row): ActivityEntry {
  return {
    id: r.id,
    brand: { profileId: r.profile_id, brandId: r.brand_id },
    group: r.group_id,
    at: r.at,
    who: r.who_json,
    origin: r.origin_json,
    change: r.change_json,
  };
}

/**
 * The post group an operation's entries belong to: a move's post (its group, or the post itself
 * when the service gave it none), a delete's group, an edit's old group; null for a create until
 * the service names its group.
 */
export function activityGroupOf(op: OutboxRecord): string | null {
  switch (op.kind) {
    case 'reschedule':
      return op.group ?? op.payload.postId;
    case 'deleteGroup':
      return op.payload.group;
    case 'edit':
      return op.payload.replacesGroup;
    default:
      return op.group;
  }
}

/** Where a review subject's entries belong (see shared/labels/model.ts for subjects). */
export function whereOfSubject(subject: string, opId: string | null): ActivityWhere {
  if (subject.startsWith('group:')) return { group: subject.slice(6), outboxId: opId };
  if (subject.startsWith('post:')) return { group: subject.slice(5), outboxId: opId };
  return { group: null, outboxId: opId };
}

function firstText(payload: CreatePayload): string {
  return payload.targets[0]?.blocks[0]?.content ?? '';
}

/** The words a search looks in: texts, names, reasons and file names, lower-cased. */
function searchText(who: ActivityWho, origin: ActivityOrigin, change: ActivityChange): string {
  const parts: string[] = [];
  if (who.kind !== 'service' && who.name) parts.push(who.name);
  if (origin.kind === 'import') parts.push(origin.file);
  for (const value of Object.values(change)) {
    if (typeof value === 'string') parts.push(value);
    if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return parts.join('\n').toLowerCase();
}
