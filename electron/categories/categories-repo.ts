import type { ActivityLog } from '../activity/activity-log.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  Category,
  MAX_CATEGORIES,
  targetSum,
  type CategoriesView,
  type CategoryInput,
} from '../../shared/categories/model.js';
import { QueueSlots } from '../../shared/queue/slots.js';
import { AppFailure } from '../core/app-failure.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { LabelsRepo, subjectOfOp, type CreatingOp } from '../labels/labels-repo.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRows, sqlInt } from '../store/rows.js';

/*
 * Content categories per brand, the one category each post group carries (by subject, as labels
 * are kept: see shared/labels/model.ts) and the category each evergreen list feeds. Local only,
 * never sent. A subject changing name (a draft sent, a local post confirmed under the service's
 * group) takes its category along in `carryOver`, in the transaction that stores the new group.
 */

const CategoryRow = z
  .object({ id: z.string(), name: z.string(), color: z.string(), target_percent: sqlInt })
  .transform((r) => ({ id: r.id, name: r.name, color: r.color, targetPercent: r.target_percent }))
  .pipe(Category);

const AssignmentRow = z.object({ subject: z.string(), category_id: z.string() });
const ListRow = z.object({ list_id: z.string(), category_id: z.string() });
const SlotsRow = z.object({
  integration_id: z.string(),
  slots_json: jsonText(QueueSlots),
});
const OpRow = z.object({ id: z.string(), draft_id: z.string().nullable(), group_id: z.string().nullable() });

const GONE = () => new AppFailure('NOT_FOUND', 'This category no longer exists; it may have been deleted.');

export class CategoriesRepo {
  private carried: ((brand: ActiveBrand) => void) | null = null;

  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
    /** The activity log: a post group's category change is recorded with it (absent in some tests). */
    private readonly activity?: ActivityLog,
  ) {}

  /** Tells the window when categories moved to a new group (the composition root wires it). */
  onCarried(listener: (brand: ActiveBrand) => void): void {
    this.carried = listener;
  }

  categories(a: ActiveBrand): Category[] {
    const rows = this.db.sql
      .prepare(
        `SELECT id, name, color, target_percent FROM categories
         WHERE profile_id = ? AND brand_id = ? ORDER BY name COLLATE NOCASE`,
      )
      .all(a.profileId, a.brandId);
    return parseRows(this.db, 'categories', CategoryRow, rows);
  }

  /** Creates a category, or renames, recolours or retargets one; the targets may add up to 100 % at most. */
  save(a: ActiveBrand, input: CategoryInput): Category {
    const own = this.categories(a);
    if (input.id && !own.some((c) => c.id === input.id)) throw GONE();
    if (!input.id && own.length >= MAX_CATEGORIES)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `A brand may have ${MAX_CATEGORIES} categories; delete one you no longer use first.`,
      );
    const clash = own.find((c) => c.name.toLowerCase() === input.name.toLowerCase() && c.id !== input.id);
    if (clash)
      throw new AppFailure('CONFLICT', `A category is already called “${clash.name}”; pick another name.`);
    const sum = targetSum(own, input);
    if (sum > 100)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `The weekly targets would add up to ${sum} %; lower this one or another so they make 100 % at most.`,
      );
    const category = Category.parse({ ...input, id: input.id ?? randomUUID() });
    const at = this.now().toISOString();
    this.db.sql
      .prepare(
        `INSERT INTO categories (id, profile_id, brand_id, name, color, target_percent, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, color = excluded.color,
           target_percent = excluded.target_percent, updated_at = excluded.updated_at`,
      )
      .run(
        category.id,
        a.profileId,
        a.brandId,
        category.name,
        category.color,
        category.targetPercent,
        at,
        at,
      );
    return category;
  }

  /**
   * Deletes a category: the post groups that carried it lose it, the lists that fed it feed none,
   * and the queue slots kept for it are open to any post again. Answers how many groups lost it.
   */
  delete(a: ActiveBrand, id: string): { deleted: boolean; postsLost: number } {
    return this.db.tx(() => {
      const postsLost = Number(
        (
          this.db.sql
            .prepare(
              'SELECT count(*) AS n FROM post_categories WHERE profile_id = ? AND brand_id = ? AND category_id = ?',
            )
            .get(a.profileId, a.brandId, id) as { n: number | bigint }
        ).n,
      );
      const deleted =
        this.db.sql
          .prepare('DELETE FROM categories WHERE profile_id = ? AND brand_id = ? AND id = ?')
          .run(a.profileId, a.brandId, id).changes > 0;
      if (deleted) this.freeSlots(a, id);
      return { deleted, postsLost: deleted ? postsLost : 0 };
    });
  }

  /** The category's slots become slots for any post (kept in the queue's own rows). */
  private freeSlots(a: ActiveBrand, id: string): void {
    const rows = parseRows(
      this.db,
      'queue_slots',
      SlotsRow,
      this.db.sql
        .prepare('SELECT integration_id, slots_json FROM queue_slots WHERE profile_id = ? AND brand_id = ?')
        .all(a.profileId, a.brandId),
    );
    const update = this.db.sql.prepare(
      'UPDATE queue_slots SET slots_json = ? WHERE profile_id = ? AND brand_id = ? AND integration_id = ?',
    );
    for (const row of rows) {
      if (!row.slots_json.some((s) => s.category === id)) continue;
      const slots = row.slots_json.map(({ category, ...s }) => (category === id ? s : { ...s, category }));
      update.run(JSON.stringify(slots), a.profileId, a.brandId, row.integration_id);
    }
  }

  /** Gives post groups one category (null: none). A local post's subject is written under its draft's. */
  set(a: ActiveBrand, subjects: readonly string[], categoryId: string | null): void {
    if (categoryId !== null && !this.categories(a).some((c) => c.id === categoryId)) throw GONE();
    const ops = this.creatingOps(a);
    const resolved = [...new Set(subjects.map((s) => this.resolve(ops, s)))];
    const at = this.now().toISOString();
    this.db.tx(() => {
      const put = this.db.sql.prepare(
        `INSERT INTO post_categories (profile_id, brand_id, subject, category_id, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id, subject) DO UPDATE SET category_id = excluded.category_id`,
      );
      const del = this.db.sql.prepare(
        'DELETE FROM post_categories WHERE profile_id = ? AND brand_id = ? AND subject = ?',
      );
      const names = new Map(this.activity ? this.categories(a).map((c) => [c.id, c.name]) : []);
      const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
      for (const subject of resolved) {
        const before = this.activity ? this.categoryOf(a, subject) : null;
        if (categoryId === null) del.run(a.profileId, a.brandId, subject);
        else put.run(a.profileId, a.brandId, subject, categoryId, at);
        this.activity?.categoryChanged(a, subject, nameOf(before), nameOf(categoryId));
      }
    });
  }

  /** The category id a subject carries, or null. */
  categoryOf(a: ActiveBrand, subject: string): string | null {
    const row = this.db.sql
      .prepare(
        'SELECT category_id FROM post_categories WHERE profile_id = ? AND brand_id = ? AND subject = ?',
      )
      .get(a.profileId, a.brandId, this.resolve(this.creatingOps(a), subject)) as
      { category_id?: unknown } | undefined;
    return typeof row?.category_id === 'string' ? row.category_id : null;
  }

  /** Which category each of the brand's evergreen lists feeds (lists feeding none are absent). */
  listCategories(a: ActiveBrand): Map<string, string> {
    const rows = parseRows(
      this.db,
      'evergreen_list_categories',
      ListRow,
      this.db.sql
        .prepare(
          `SELECT e.list_id, e.category_id FROM evergreen_list_categories e
           JOIN evergreen_lists l ON l.id = e.list_id
           WHERE l.profile_id = ? AND l.brand_id = ?`,
        )
        .all(a.profileId, a.brandId),
    );
    return new Map(rows.map((r) => [r.list_id, r.category_id]));
  }

  /** Makes an evergreen list of the brand feed a category (null: none). */
  setListCategory(a: ActiveBrand, listId: string, categoryId: string | null): void {
    const list = this.db.sql
      .prepare('SELECT 1 FROM evergreen_lists WHERE profile_id = ? AND brand_id = ? AND id = ?')
      .get(a.profileId, a.brandId, listId);
    if (!list)
      throw new AppFailure('NOT_FOUND', 'This evergreen list no longer exists; it may have been deleted.');
    if (categoryId === null) {
      this.db.sql.prepare('DELETE FROM evergreen_list_categories WHERE list_id = ?').run(listId);
      return;
    }
    if (!this.categories(a).some((c) => c.id === categoryId)) throw GONE();
    this.db.sql
      .prepare(
        `INSERT INTO evergreen_list_categories (list_id, category_id) VALUES (?, ?)
         ON CONFLICT (list_id) DO UPDATE SET category_id = excluded.category_id`,
      )
      .run(listId, categoryId);
  }

  /** Every category, the one each subject carries (local posts under their own subject too), each list's. */
  view(a: ActiveBrand): CategoriesView & { lists: Record<string, string> } {
    const categories = this.categories(a);
    const assignments: Record<string, string> = {};
    const rows = parseRows(
      this.db,
      'post_categories',
      AssignmentRow,
      this.db.sql
        .prepare('SELECT subject, category_id FROM post_categories WHERE profile_id = ? AND brand_id = ?')
        .all(a.profileId, a.brandId),
    );
    for (const r of rows) assignments[r.subject] = r.category_id;
    // A post made here and not yet confirmed shows what its draft (or the group it replaces) carries.
    for (const op of this.creatingOps(a)) {
      const from = subjectOfOp(op);
      const local = `local:${op.id}`;
      const id = assignments[from];
      if (from !== local && id) assignments[local] = id;
    }
    return { categories, assignments, lists: Object.fromEntries(this.listCategories(a)) };
  }

  /**
   * A subject got a new name (see LabelsRepo.carryOver, whose sources and rules this follows): the
   * new groups take the category; `move` sources give it up unless the draft still has creates
   * waiting (one per slot time).
   */
  carryOver(
    profileId: string,
    brandId: string,
    from: ReturnType<typeof LabelsRepo.sourcesOf>,
    to: readonly string[],
  ): void {
    const get = this.db.sql.prepare(
      'SELECT category_id FROM post_categories WHERE profile_id = ? AND brand_id = ? AND subject = ?',
    );
    // A copy source first, so what the post's own draft carries wins over the group it replaces.
    const sources = [...from.copy, ...from.move];
    const carried = sources.flatMap((s) => {
      const row = get.get(profileId, brandId, s) as { category_id?: unknown } | undefined;
      return typeof row?.category_id === 'string' ? [row.category_id] : [];
    });
    const category = carried[carried.length - 1];
    if (category === undefined) return;
    const targets = [...new Set(to)].filter((t) => !sources.includes(t));
    if (targets.length === 0) return;
    const at = this.now().toISOString();
    const put = this.db.sql.prepare(
      `INSERT INTO post_categories (profile_id, brand_id, subject, category_id, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (profile_id, brand_id, subject) DO UPDATE SET category_id = excluded.category_id`,
    );
    for (const target of targets) put.run(profileId, brandId, target, category, at);
    const stillQueued = this.db.sql.prepare(
      `SELECT 1 FROM outbox WHERE profile_id = ? AND brand_id = ? AND draft_id = ? AND id != ?
       AND kind IN ('create', 'edit') LIMIT 1`,
    );
    const drop = this.db.sql.prepare(
      'DELETE FROM post_categories WHERE profile_id = ? AND brand_id = ? AND subject = ?',
    );
    for (const source of from.move) {
      if (source.startsWith('draft:') && stillQueued.get(profileId, brandId, source.slice(6), from.opId))
        continue;
      drop.run(profileId, brandId, source);
    }
    this.carried?.({ profileId, brandId });
  }

  private resolve(ops: readonly CreatingOp[], subject: string): string {
    if (!subject.startsWith('local:')) return subject;
    const op = ops.find((o) => `local:${o.id}` === subject);
    return op ? subjectOfOp(op) : subject;
  }

  private creatingOps(a: ActiveBrand): CreatingOp[] {
    const rows = this.db.sql
      .prepare(
        `SELECT id, draft_id, group_id FROM outbox
         WHERE profile_id = ? AND brand_id = ? AND kind IN ('create', 'edit')`,
      )
      .all(a.profileId, a.brandId);
    return parseRows(this.db, 'outbox', OpRow, rows).map((r) => ({
      id: r.id,
      draftId: r.draft_id,
      replacesGroup: r.group_id,
    }));
  }
}
