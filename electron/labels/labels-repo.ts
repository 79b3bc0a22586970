import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  Label,
  LABEL_COLORS,
  LabelName,
  PostNote,
  type LabelInput,
  type LabelsView,
} from '../../shared/labels/model.js';
import { AppFailure } from '../core/app-failure.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { AppDatabase } from '../store/database.js';
import { parseRows, deleteOwnedRow } from '../store/rows.js';
import type { ActivityLog } from '../activity/activity-log.js';

/*
 * Labels, campaigns and notes on post groups, per brand, in the local database (never sent to the
 * service; see shared/labels/model.ts for what a "subject" is). Written directly, not through the
 * outbox: they are this device's metadata, not post writes. The one place posts and metadata meet
 * is a subject changing name (a draft sent, a local post confirmed under the service's group):
 * `carryOver`, called in the same transaction that stores the new group.
 */

const LabelRow = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    campaign_start: z.string().nullable(),
    campaign_end: z.string().nullable(),
  })
  .transform((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    campaign: r.campaign_start && r.campaign_end ? { start: r.campaign_start, end: r.campaign_end } : null,
  }))
  .pipe(Label);

const NoteRow = z
  .object({
    id: z.string(),
    subject: z.string(),
    author: z.string(),
    body: z.string(),
    created_at: z.string(),
  })
  .transform((r) => ({
    id: r.id,
    subject: r.subject,
    author: r.author,
    body: r.body,
    createdAt: r.created_at,
  }))
  .pipe(PostNote);

const AssignmentRow = z.object({ subject: z.string(), label_id: z.string() });
const NameOnly = z.object({ name: z.string() });
const CountRow = z.object({ subject: z.string(), n: z.union([z.number(), z.bigint()]).transform(Number) });
const OpRow = z.object({
  id: z.string(),
  draft_id: z.string().nullable(),
  group_id: z.string().nullable(),
});

/** What an outbox operation that creates posts needs to say which subject its posts carry. */
export interface CreatingOp {
  id: string;
  draftId: string | null;
  /** An edit: the group it replaces. */
  replacesGroup: string | null;
}

/** The subject under which a create's local posts keep their labels and notes until confirmed. */
export function subjectOfOp(op: CreatingOp): string {
  if (op.replacesGroup) return op.replacesGroup;
  if (op.draftId) return `draft:${op.draftId}`;
  return `local:${op.id}`;
}

export class LabelsRepo {
  private carried: ((brand: ActiveBrand) => void) | null = null;

  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
    /** The activity log: a post group's label change is recorded with it (absent in some tests). */
    private readonly activity?: ActivityLog,
  ) {}

  /** Tells the window when labels or notes moved to a new group (the composition root emits it). */
  onCarried(listener: (brand: ActiveBrand) => void): void {
    this.carried = listener;
  }

  // ---- labels ----

  labels(a: ActiveBrand): Label[] {
    const rows = this.db.sql
      .prepare(
        `SELECT id, name, color, campaign_start, campaign_end FROM labels
         WHERE profile_id = ? AND brand_id = ? ORDER BY name COLLATE NOCASE`,
      )
      .all(a.profileId, a.brandId);
    return parseRows(this.db, 'labels', LabelRow, rows);
  }

  /** The labels one subject carries, in the brand's order (a post's campaign when it is sent). */
  labelsOf(a: ActiveBrand, subject: string): Label[] {
    const rows = this.db.sql
      .prepare(
        `SELECT l.id, l.name, l.color, l.campaign_start, l.campaign_end FROM labels l
         JOIN post_labels p ON p.profile_id = l.profile_id AND p.brand_id = l.brand_id AND p.label_id = l.id
         WHERE l.profile_id = ? AND l.brand_id = ? AND p.subject = ? ORDER BY l.name COLLATE NOCASE`,
      )
      .all(a.profileId, a.brandId, subject);
    return parseRows(this.db, 'labels', LabelRow, rows);
  }

  saveLabel(a: ActiveBrand, input: LabelInput): Label {
    const own = this.labels(a);
    if (input.id && !own.some((l) => l.id === input.id))
      throw new AppFailure('NOT_FOUND', 'This label no longer exists; it may have been deleted.');
    const clash = own.find((l) => l.name.toLowerCase() === input.name.toLowerCase() && l.id !== input.id);
    if (clash)
      throw new AppFailure('CONFLICT', `A label is already called “${clash.name}”; pick another name.`);
    const label = Label.parse({ ...input, id: input.id ?? randomUUID() });
    const at = this.now().toISOString();
    this.db.sql
      .prepare(
        `INSERT INTO labels (id, profile_id, brand_id, name, color, campaign_start, campaign_end, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, color = excluded.color,
           campaign_start = excluded.campaign_start, campaign_end = excluded.campaign_end, updated_at = excluded.updated_at`,
      )
      .run(
        label.id,
        a.profileId,
        a.brandId,
        label.name,
        label.color,
        label.campaign?.start ?? null,
        label.campaign?.end ?? null,
        at,
        at,
      );
    return label;
  }

  /** Deletes a label; the posts that carried it simply lose it. */
  deleteLabel(a: ActiveBrand, id: string): boolean {
    return deleteOwnedRow(this.db, 'labels', a, id);
  }

  /** The brand's labels by lower-case name, for `label:` and import cells. */
  labelsByName(a: ActiveBrand): Map<string, Label> {
    return new Map(this.labels(a).map((l) => [l.name.toLowerCase(), l]));
  }

  /**
   * Adds and removes labels on subjects. A local post's subject (`local:<outbox id>`) is written
   * under the subject of the draft it came from, which is what the calendar reads for it.
   */
  setLabels(
    a: ActiveBrand,
    subjects: readonly string[],
    add: readonly string[],
    remove: readonly string[],
  ): void {
    const own = new Set(this.labels(a).map((l) => l.id));
    const unknown = [...add, ...remove].find((id) => !own.has(id));
    if (unknown) throw new AppFailure('NOT_FOUND', 'This label no longer exists; it may have been deleted.');
    const resolved = [...new Set(subjects.map((s) => this.resolve(a, s)))];
    const at = this.now().toISOString();
    this.db.tx(() => {
      const insert = this.db.sql.prepare(
        `INSERT INTO post_labels (profile_id, brand_id, subject, label_id, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      );
      const del = this.db.sql.prepare(
        'DELETE FROM post_labels WHERE profile_id = ? AND brand_id = ? AND subject = ? AND label_id = ?',
      );
      for (const subject of resolved) {
        const before = this.activity ? this.labelNames(a, subject) : [];
        for (const id of add) insert.run(a.profileId, a.brandId, subject, id, at);
        for (const id of remove) del.run(a.profileId, a.brandId, subject, id);
        this.activity?.labelsChanged(a, subject, before, this.labelNames(a, subject));
      }
    });
  }

  /** The names of a subject's labels, sorted: what the activity log says before and after. */
  private labelNames(a: ActiveBrand, subject: string): string[] {
    const rows = this.db.sql
      .prepare(
        `SELECT l.name AS name FROM post_labels pl JOIN labels l ON l.id = pl.label_id
         WHERE pl.profile_id = ? AND pl.brand_id = ? AND pl.subject = ? ORDER BY l.name COLLATE NOCASE`,
      )
      .all(a.profileId, a.brandId, subject);
    return rows.flatMap((r) => {
      const parsed = NameOnly.safeParse(r);
      return parsed.success ? [parsed.data.name] : [];
    });
  }

  /**
   * Adds and removes labels of the active brand (`add`, `remove`: its label ids) on subjects of
   * several brands (a bulk selection of the all-brands view), each under its own brand: a brand's
   * label of the same name (any case) stands for it there, and one is made there when adding
   * (same colour and campaign days); removing a label a brand lacks changes nothing there. One
   * transaction: nothing is half-written. Answers each brand touched.
   */
  setLabelsAcrossBrands(
    active: ActiveBrand,
    groups: readonly { brand: ActiveBrand; subjects: readonly string[] }[],
    add: readonly string[],
    remove: readonly string[],
  ): ActiveBrand[] {
    // The labels offered: the active brand's and those of every brand named (ids are unique
    // across brands); each stands for its name in every group's brand.
    const offered = new Map<string, Label>();
    for (const b of [active, ...groups.map((g) => g.brand)])
      for (const l of this.labels(b)) offered.set(l.id, l);
    const named = (ids: readonly string[]) =>
      ids.map((id) => {
        const label = offered.get(id);
        if (!label)
          throw new AppFailure('NOT_FOUND', 'This label no longer exists; it may have been deleted.');
        return label;
      });
    const adding = named(add);
    const removing = named(remove);
    const touched = new Map<string, ActiveBrand>();
    this.db.tx(() => {
      for (const { brand, subjects } of groups) {
        const byName = this.labelsByName(brand);
        const there = (l: Label, make: boolean): string[] => {
          const found = byName.get(l.name.toLowerCase());
          if (found) return [found.id];
          if (!make) return [];
          const made = this.saveLabel(brand, { name: l.name, color: l.color, campaign: l.campaign });
          byName.set(made.name.toLowerCase(), made);
          return [made.id];
        };
        this.setLabels(
          brand,
          subjects,
          adding.flatMap((l) => there(l, true)),
          removing.flatMap((l) => there(l, false)),
        );
        touched.set(`${brand.profileId}\u0000${brand.brandId}`, brand);
      }
    });
    return [...touched.values()];
  }

  /** Label names and notes (as "author, time: text" lines) of each subject asked for: export's columns. */
  exportedMeta(
    a: ActiveBrand,
    subjects: readonly string[],
  ): Map<string, { labels: string[]; notes: string[] }> {
    const view = this.view(a);
    const names = new Map(view.labels.map((l) => [l.id, l.name]));
    const out = new Map<string, { labels: string[]; notes: string[] }>();
    for (const s of subjects) {
      const labels = (view.assignments[s] ?? []).flatMap((id) => names.get(id) ?? []);
      const notes = view.noteCounts[s]
        ? this.notes(a, s).map((n) => `${n.author}, ${n.createdAt}: ${n.body.replace(/\r?\n/gu, ' ')}`)
        : [];
      out.set(s, { labels, notes });
    }
    return out;
  }

  /** Every label, which subjects carry which, and how many notes each has; local posts under their own subject too. */
  view(a: ActiveBrand): LabelsView {
    const labels = this.labels(a);
    const assignments: Record<string, string[]> = {};
    const rows = parseRows(
      this.db,
      'post_labels',
      AssignmentRow,
      this.db.sql
        .prepare(
          'SELECT subject, label_id FROM post_labels WHERE profile_id = ? AND brand_id = ? ORDER BY created_at, label_id',
        )
        .all(a.profileId, a.brandId),
    );
    for (const r of rows) (assignments[r.subject] ??= []).push(r.label_id);
    const noteCounts: Record<string, number> = {};
    const counts = parseRows(
      this.db,
      'post_notes',
      CountRow,
      this.db.sql
        .prepare(
          'SELECT subject, count(*) AS n FROM post_notes WHERE profile_id = ? AND brand_id = ? GROUP BY subject',
        )
        .all(a.profileId, a.brandId),
    );
    for (const c of counts) noteCounts[c.subject] = c.n;
    // A post made here and not yet confirmed shows what its draft (or the group it replaces) carries.
    for (const op of this.creatingOps(a)) {
      const from = subjectOfOp(op);
      const local = `local:${op.id}`;
      if (from === local) continue;
      if (assignments[from]) assignments[local] = assignments[from];
      if (noteCounts[from]) noteCounts[local] = noteCounts[from];
    }
    return { labels, assignments, noteCounts };
  }

  /**
   * Gives drafts (an import row's) the labels named, making the ones the brand lacks (colours in
   * turn). A name a label cannot have fails the row with a sentence; nothing is half-written.
   */
  labelDrafts(a: ActiveBrand, draftIds: readonly string[], names: readonly string[]): void {
    this.db.tx(() => {
      const byName = this.labelsByName(a);
      const ids = names.map((raw) => {
        const known = byName.get(raw.toLowerCase());
        if (known) return known.id;
        const name = LabelName.safeParse(raw);
        if (!name.success)
          throw new AppFailure(
            'INVALID_ARGUMENT',
            `labels: “${raw}”: ${name.error.issues[0]?.message ?? ''}`,
          );
        const color = LABEL_COLORS[byName.size % LABEL_COLORS.length] ?? 'grey';
        const made = this.saveLabel(a, { name: name.data, color, campaign: null });
        byName.set(made.name.toLowerCase(), made);
        return made.id;
      });
      this.setLabels(
        a,
        draftIds.map((id) => `draft:${id}`),
        ids,
        [],
      );
    });
  }

  // ---- notes ----

  notes(a: ActiveBrand, subject: string): PostNote[] {
    const rows = this.db.sql
      .prepare(
        `SELECT id, subject, author, body, created_at FROM post_notes
         WHERE profile_id = ? AND brand_id = ? AND subject = ? ORDER BY created_at, id`,
      )
      .all(a.profileId, a.brandId, this.resolve(a, subject));
    return parseRows(this.db, 'post_notes', NoteRow, rows);
  }

  addNote(a: ActiveBrand, subject: string, author: string, body: string): PostNote {
    const note: PostNote = {
      id: randomUUID(),
      subject: this.resolve(a, subject),
      author,
      body,
      createdAt: this.now().toISOString(),
    };
    this.db.sql
      .prepare(
        `INSERT INTO post_notes (id, profile_id, brand_id, subject, author, body, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(note.id, a.profileId, a.brandId, note.subject, note.author, note.body, note.createdAt);
    return note;
  }

  deleteNote(a: ActiveBrand, id: string): boolean {
    return deleteOwnedRow(this.db, 'post_notes', a, id);
  }

  /** Notes of the brand whose text holds every term (case-insensitive), newest first: what search finds. */
  notesMatching(a: ActiveBrand, terms: readonly string[], limit: number): PostNote[] {
    if (terms.length === 0) return [];
    const where = terms.map(() => 'instr(lower(body), lower(?)) > 0').join(' AND ');
    const rows = this.db.sql
      .prepare(
        `SELECT id, subject, author, body, created_at FROM post_notes
         WHERE profile_id = ? AND brand_id = ? AND ${where} ORDER BY created_at DESC LIMIT ?`,
      )
      .all(a.profileId, a.brandId, ...terms, limit);
    return parseRows(this.db, 'post_notes', NoteRow, rows);
  }

  // ---- subjects changing name ----

  /**
   * A subject got a new name: a draft sent and confirmed, a local post given the service's group.
   * `move` subjects give up what they carry (the draft is gone); `copy` subjects keep theirs (the
   * group an edit replaces shows again if the edit is discarded). Call it inside the transaction
   * that stores the new group, so a crash cannot leave labels behind on a name nobody reads.
   */
  carryOver(
    profileId: string,
    brandId: string,
    from: { move: readonly string[]; copy: readonly string[]; opId?: string },
    to: readonly string[],
  ): void {
    const sources = [...from.move, ...from.copy];
    // Most posts carry nothing: one indexed look per source, and nothing more (an import's 5,000
    // confirmations pay only this).
    const carries = this.db.sql.prepare(
      `SELECT EXISTS (SELECT 1 FROM post_labels WHERE profile_id = ?1 AND brand_id = ?2 AND subject = ?3)
           OR EXISTS (SELECT 1 FROM post_notes WHERE profile_id = ?1 AND brand_id = ?2 AND subject = ?3) AS any`,
    );
    if (!sources.some((source) => Number((carries.get(profileId, brandId, source) as { any: unknown }).any)))
      return;
    const at = this.now().toISOString();
    const copyLabels = this.db.sql.prepare(
      `INSERT INTO post_labels (profile_id, brand_id, subject, label_id, created_at)
       SELECT profile_id, brand_id, ?, label_id, ? FROM post_labels
       WHERE profile_id = ? AND brand_id = ? AND subject = ?
       ON CONFLICT DO NOTHING`,
    );
    const copyNotes = this.db.sql.prepare(
      `INSERT INTO post_notes (id, profile_id, brand_id, subject, author, body, created_at)
       SELECT ? || ':' || id, profile_id, brand_id, ?, author, body, created_at FROM post_notes
       WHERE profile_id = ? AND brand_id = ? AND subject = ?
       ON CONFLICT DO NOTHING`,
    );
    const dropLabels = this.db.sql.prepare(
      'DELETE FROM post_labels WHERE profile_id = ? AND brand_id = ? AND subject = ?',
    );
    const dropNotes = this.db.sql.prepare(
      'DELETE FROM post_notes WHERE profile_id = ? AND brand_id = ? AND subject = ?',
    );
    const targets = [...new Set(to)].filter((t) => !sources.includes(t));
    for (const source of sources) {
      for (const target of targets) {
        copyLabels.run(target, at, profileId, brandId, source);
        copyNotes.run(target, target, profileId, brandId, source);
      }
    }
    // A draft queued as several creates (one per slot time) keeps its labels for the others.
    const stillQueued = this.db.sql.prepare(
      `SELECT 1 FROM outbox WHERE profile_id = ? AND brand_id = ? AND draft_id = ? AND id != ?
       AND kind IN ('create', 'edit') LIMIT 1`,
    );
    for (const source of from.move) {
      if (targets.length === 0) continue;
      if (
        source.startsWith('draft:') &&
        stillQueued.get(profileId, brandId, source.slice(6), from.opId ?? '')
      )
        continue;
      dropLabels.run(profileId, brandId, source);
      dropNotes.run(profileId, brandId, source);
    }
    if (targets.length > 0) this.carried?.({ profileId, brandId });
  }

  /** The subjects a confirmed create of `op` leaves behind, and the ones it only copies from. */
  static sourcesOf(op: CreatingOp): { move: string[]; copy: string[]; opId: string } {
    const move = [`local:${op.id}`];
    if (op.draftId) move.push(`draft:${op.draftId}`);
    return { move, copy: op.replacesGroup ? [op.replacesGroup] : [], opId: op.id };
  }

  /** `local:<outbox id>` names the subject of the draft (or group) that operation came from. */
  private resolve(a: ActiveBrand, subject: string): string {
    if (!subject.startsWith('local:')) return subject;
    const op = this.creatingOps(a).find((o) => `local:${o.id}` === subject);
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
