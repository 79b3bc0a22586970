import { tzOffset } from '@date-fns/tz';
import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { findClashes, type ClashPost, type ClashWarning, clashesByPost } from '../clash/clashes.js';
import { BrandRef } from '../ipc/models.js';
import type { CalendarPost } from '../posts/ipc.js';
import { nextFreeSlots, wallTimeToInstant, type QueueSlot } from '../queue/slots.js';
import { TIME_PASSED, timeHasPassed } from '../posts/time-passed.js';
import { accountWithPlatform } from '../platforms/names.js';

/*
 * Pure. A bulk change planned before anything is sent: each selected post with its
 * old and new time (or its delete), the ones that cannot change and why, and the clash warnings of
 * where they land. Sorted arrays and maps only: 500 posts plan in a few milliseconds.
 *
 * DST: "shift by N days" and "time of day" are wall-clock changes in the brand's zone (09:00 stays
 * 09:00 across a change); a wall time that does not exist that day moves to the first minute after
 * the gap, one that happens twice is its first occurrence (as the posting queue does). "Shift by N
 * hours" is elapsed time (two hours later is two hours later, whatever the clocks show).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Deletes of a bulk change wait this long in the outbox before they are sent, so the batch's Undo
 * can still take them back (a delete the service has carried out cannot be undone). "Sync now"
 * or the connection coming back sends them at once.
 */
export const BULK_DELETE_GRACE_SECONDS = 10;
/** The most a shift may move a post, either way: a year. */
export const MAX_SHIFT_DAYS = 366;

export const BulkAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('shift'),
    days: z.number().int().min(-MAX_SHIFT_DAYS).max(MAX_SHIFT_DAYS),
    hours: z
      .number()
      .int()
      .min(-24 * 7)
      .max(24 * 7),
  }),
  /** Each account's posts, in their current order, to that account's next free queue slots. */
  z.object({ kind: z.literal('nextFreeSlots') }),
  /** Same day, this wall time. */
  z.object({ kind: z.literal('timeOfDay'), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) }),
  z.object({ kind: z.literal('delete') }),
]);
export type BulkAction = z.infer<typeof BulkAction>;

/** One post of the plan that will change: its new time, or null when it is deleted. */
export interface PlannedChange {
  id: string;
  group: string | null;
  title: string;
  accountName: string;
  /** The account's platform type, for its badge beside the name. */
  platform: string | null;
  integrationId: string;
  /** The post's own connection and brand, where the calendar marks it (the all-brands view). */
  brand?: BrandRef;
  from: string;
  to: string | null;
  warnings: ClashWarning[];
}

/** A selected post that will not change, and why, in words. */
export interface BlockedChange {
  id: string;
  title: string;
  accountName: string;
  from: string;
  reason: string;
}

export interface BulkPlan {
  action: BulkAction;
  changes: PlannedChange[];
  blocked: BlockedChange[];
  /** Deleting a post deletes its whole group: the other posts that go with the selected ones. */
  alsoDeleted: number;
  warningCount: number;
}

export interface BulkPlanContext {
  zone: string;
  now: number;
  /** Why a post cannot be moved (state, permission), or null: the one rule the calendar uses. */
  whyNotMovable: (post: CalendarPost) => string | null;
  /** Why a post cannot be deleted, or null. */
  whyNotDeletable: (post: CalendarPost) => string | null;
  /** An account's queue slots (its own or the brand default's); empty when it has none. */
  slotsFor: (integrationId: string) => readonly QueueSlot[];
  /** The zone an account's slots are wall times in (its brand's); absent: `zone`. */
  slotZoneFor?: (integrationId: string) => string;
  /** Every post known around the selection (the selection included): for clashes and busy slots. */
  existing: readonly CalendarPost[];
  gapMinutes: number;
  /** The gap of a post's own brand (a selection spanning brands); absent, or a post with no brand: `gapMinutes`. */
  gapMinutesFor?: (brand: BrandRef) => number;
  duplicateWindowDays?: number;
  formatTime?: (ms: number) => string;
}

const firstLine = (text: string) =>
  (text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim().slice(0, 140) || '(no text)';
// The platform goes with the name: the same name on two platforms is two accounts.
const accountOf = (p: CalendarPost) => accountWithPlatform(p.integration.name, p.integration.platform);

/** The wall fields of `ms` in `zone`. */
function wallOf(zone: string, ms: number) {
  const d = new Date(ms + tzOffset(zone, new Date(ms)) * MINUTE);
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth(),
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    min: d.getUTCMinutes(),
  };
}

/** `ms` moved by whole days of wall clock in `zone` (seconds dropped, as posts are per minute). */
export function shiftWallDays(zone: string, ms: number, days: number): number {
  const w = wallOf(zone, ms);
  return wallTimeToInstant(zone, w.y, w.m, w.d + days, w.h, w.min);
}

/** The same wall day as `ms` in `zone`, at `time` ("HH:mm"). */
export function atTimeOfDay(zone: string, ms: number, time: string): number {
  const w = wallOf(zone, ms);
  const [h = 0, min = 0] = time.split(':').map(Number);
  return wallTimeToInstant(zone, w.y, w.m, w.d, h, min);
}

export const toClashPost = (p: CalendarPost, at: number = Date.parse(p.publishDate)): ClashPost => ({
  id: p.id,
  integrationId: p.integration.id,
  ...(p.profileId && p.brandId ? { brandKey: `${p.profileId}\u0000${p.brandId}` } : {}),
  accountName: accountOf(p),
  platform: p.integration.platform,
  at,
  text: p.content,
  ...(p.textKey !== undefined ? { textKey: p.textKey } : {}),
});

/**
 * The plan of `action` over `posts` (the selection). Nothing is sent: the caller shows the plan,
 * and applies `changes` only when the user says so.
 */
export function planBulkChange(
  posts: readonly CalendarPost[],
  action: BulkAction,
  ctx: BulkPlanContext,
): BulkPlan {
  const changes: PlannedChange[] = [];
  const blocked: BlockedChange[] = [];
  const seen = new Set<string>();
  const unique = posts.filter((p) => !seen.has(p.id) && seen.add(p.id));
  const block = (p: CalendarPost, reason: string) =>
    blocked.push({
      id: p.id,
      title: firstLine(p.content),
      accountName: accountOf(p),
      from: p.publishDate,
      reason,
    });
  const change = (p: CalendarPost, to: number | null) =>
    changes.push({
      id: p.id,
      group: p.group,
      title: firstLine(p.content),
      accountName: accountOf(p),
      platform: p.integration.platform,
      integrationId: p.integration.id,
      ...(p.profileId && p.brandId ? { brand: { profileId: p.profileId, brandId: p.brandId } } : {}),
      from: p.publishDate,
      to: to === null ? null : new Date(to).toISOString(),
      warnings: [],
    });

  if (action.kind === 'delete') {
    const groups = new Set<string>();
    for (const p of unique) {
      const why = ctx.whyNotDeletable(p);
      if (why) block(p, why);
      else if (!p.group)
        block(p, 'This post has no group id from the service, so it cannot be deleted from here.');
      else {
        groups.add(p.group);
        change(p, null);
      }
    }
    const selected = new Set(changes.map((c) => c.id));
    const alsoDeleted = ctx.existing.filter(
      (e) => e.group && groups.has(e.group) && !selected.has(e.id),
    ).length;
    return { action, changes, blocked, alsoDeleted, warningCount: 0 };
  }

  const movable: CalendarPost[] = [];
  for (const p of unique) {
    const why = ctx.whyNotMovable(p);
    if (why) block(p, why);
    else if (timeHasPassed(p.publishDate, ctx.now))
      block(p, 'Its time has already passed, so it cannot be moved from here.');
    else movable.push(p);
  }

  const targets = new Map<string, number>();
  if (action.kind === 'nextFreeSlots') {
    const byAccount = new Map<string, CalendarPost[]>();
    for (const p of movable) {
      const list = byAccount.get(p.integration.id) ?? [];
      list.push(p);
      byAccount.set(p.integration.id, list);
    }
    const moving = new Set(movable.map((p) => p.id));
    const busyByAccount = new Map<string, number[]>();
    for (const e of ctx.existing) {
      if (moving.has(e.id) || !byAccount.has(e.integration.id)) continue;
      const list = busyByAccount.get(e.integration.id) ?? [];
      list.push(Date.parse(e.publishDate));
      busyByAccount.set(e.integration.id, list);
    }
    for (const [integrationId, list] of byAccount) {
      list.sort((a, b) => Date.parse(a.publishDate) - Date.parse(b.publishDate));
      const slots = ctx.slotsFor(integrationId);
      // A slot this close is likely past by the time the outbox sends it: start a minute ahead.
      const free = slots.length
        ? nextFreeSlots(
            slots,
            ctx.slotZoneFor?.(integrationId) ?? ctx.zone,
            ctx.now + MINUTE,
            busyByAccount.get(integrationId) ?? [],
            list.length,
          )
        : [];
      list.forEach((p, i) => {
        const at = free[i];
        if (at === undefined)
          block(
            p,
            slots.length === 0
              ? `${accountOf(p)} has no posting slots; add some under Queue.`
              : `${accountOf(p)} has no free slot left within a year.`,
          );
        else targets.set(p.id, at);
      });
    }
  } else {
    for (const p of movable) {
      const from = Date.parse(p.publishDate);
      const to =
        action.kind === 'shift'
          ? shiftWallDays(ctx.zone, from, action.days) + action.hours * HOUR
          : atTimeOfDay(ctx.zone, from, action.time);
      targets.set(p.id, to);
    }
  }

  for (const p of movable) {
    const to = targets.get(p.id);
    if (to === undefined) continue;
    if (to === Date.parse(p.publishDate)) block(p, 'It is already at that time.');
    else if (timeHasPassed(to, ctx.now)) block(p, TIME_PASSED);
    else change(p, to);
  }

  const movableById = new Map(movable.map((p) => [p.id, p]));
  const candidates = changes.map((c) => toClashPost(movableById.get(c.id)!, Date.parse(c.to!)));
  const byId = clashesByPost(
    findClashes(
      candidates,
      ctx.existing.map((e) => toClashPost(e)),
      {
        gapMinutes: ctx.gapMinutes,
        gapFor: (c) => {
          const brand = movableById.get(c.id);
          return brand?.profileId && brand.brandId && ctx.gapMinutesFor
            ? ctx.gapMinutesFor({ profileId: brand.profileId, brandId: brand.brandId })
            : ctx.gapMinutes;
        },
        duplicateWindowDays: ctx.duplicateWindowDays,
        formatTime: ctx.formatTime,
      },
    ),
  );
  let warningCount = 0;
  for (const c of changes) {
    c.warnings = byId.get(c.id) ?? [];
    warningCount += c.warnings.length;
  }
  changes.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  return { action, changes, blocked, alsoDeleted: 0, warningCount };
}

/** A brand as a plan names it: its connection, id and name. */
export type NamedBrand = BrandRef & { name: string };

/**
 * Which brands picked posts belong to, in words ("12 posts in 3 brands: Harbor Coffee 5, Pine
 * Trail 4, Lumen Labs 3"), most posts first; null when they are all one brand's (nothing to say).
 */
export function brandsSentence(
  posts: readonly { brand?: BrandRef | undefined }[],
  brands: readonly NamedBrand[],
): string | null {
  const counts = new Map<string, { name: string; n: number }>();
  for (const p of posts) {
    if (!p.brand) continue;
    const key = `${p.brand.profileId}\u0000${p.brand.brandId}`;
    const known = brands.find((b) => b.profileId === p.brand?.profileId && b.brandId === p.brand.brandId);
    const entry = counts.get(key) ?? { name: known?.name ?? 'Another brand', n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  }
  if (counts.size < 2) return null;
  const parts = [...counts.values()]
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
    .map((c) => `${c.name} ${c.n}`);
  return `${posts.length} ${posts.length === 1 ? 'post' : 'posts'} in ${counts.size} brands: ${parts.join(', ')}`;
}

/**
 * The moves and deletes main is asked to apply for a plan: each names its post's own brand where
 * the plan knows it, so main queues each brand's changes under that brand.
 */
export function applyInputOf(changes: readonly PlannedChange[]): BulkApplyInput {
  const moves = changes.flatMap((c) =>
    c.to ? [{ id: c.id, from: c.from, to: c.to, ...(c.brand ? { brand: c.brand } : {}) }] : [],
  );
  const deleteGroups = new Set<string>();
  const deletes = new Map<string, { group: string; brand: BrandRef }>();
  for (const c of changes) {
    if (c.to !== null || !c.group) continue;
    if (c.brand)
      deletes.set(`${c.brand.profileId}\u0000${c.brand.brandId}\u0000${c.group}`, {
        group: c.group,
        brand: c.brand,
      });
    else deleteGroups.add(c.group);
  }
  return {
    moves,
    deleteGroups: [...deleteGroups],
    ...(deletes.size > 0 ? { deletes: [...deletes.values()] } : {}),
  };
}

/**
 * The most changes (moves and deletes together) one bulk change may hold: main queues them in one
 * transaction, about 2 ms each on a slow machine, so this keeps that under about two seconds.
 */
export const MAX_BULK_CHANGES = 1_000;

/**
 * What main is asked to apply: the moves and the groups to delete, exactly as the plan showed them.
 * A change names its post's brand where the selection spans brands (the all-brands view); one that
 * names none is the active brand's. Main queues each brand's changes as that brand's batch, all
 * in one transaction, and one undo takes every batch back. A calendar drag (of one post, or of its
 * group) and a grid swap are such a change too.
 */
export const BulkApplyInput = z.object({
  moves: z
    .array(
      z.object({
        id: z.string().min(1).max(200),
        from: IsoDateTime,
        to: IsoDateTime,
        brand: BrandRef.optional(),
      }),
    )
    .max(5000),
  /** Groups of the active brand to delete. */
  deleteGroups: z.array(z.string().min(1).max(200)).max(5000),
  /** Groups of a named brand to delete (a selection spanning brands). */
  deletes: z
    .array(z.object({ group: z.string().min(1).max(200), brand: BrandRef }))
    .max(5000)
    .optional(),
  /** Where the change was made, for the activity log (shared/activity): a calendar drag, its keyboard move or details, the bulk bar, the grid. */
  origin: z.enum(['drag', 'keyboard', 'calendar', 'bulk', 'grid']).optional(),
});
export type BulkApplyInput = z.infer<typeof BulkApplyInput>;

/**
 * What main answers: the batch (for one-step undo) and each change it refused. All or nothing: with
 * any refusal nothing was queued (`queued` is 0), and the batch is empty.
 */
export const BulkApplyResult = z.object({
  batchId: z.string(),
  queued: z.number().int(),
  refused: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type BulkApplyResult = z.infer<typeof BulkApplyResult>;

/**
 * Why main refused a change (and so changed nothing), in one sentence: the first reason, naming its
 * post where `titleOf` knows it, and how many more parts were refused.
 */
export function refusalOf(
  refused: BulkApplyResult['refused'],
  titleOf?: (id: string) => string | undefined,
): string {
  const first = refused[0];
  if (!first) return '';
  const title = titleOf?.(first.id);
  const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : '';
  return `${title ? `“${title}”: ` : ''}${first.reason}${more}`;
}

export const BulkUndoResult = z.object({
  /** The change taken back; null when there was none to undo (undo the last change, with none made). */
  batchId: z.string().nullable(),
  restored: z.number().int(),
  /** Changes that could not be taken back (sent deletes, posts published since), with why. */
  notRestored: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type BulkUndoResult = z.infer<typeof BulkUndoResult>;
