import { tzOffset } from '@date-fns/tz';
import { slotInstantsBetween, type QueueSlot } from '../queue/slots.js';
import type { EndRule } from './model.js';

/*
 * Main plans and creates the fills; the preview shows the same plan. Which
 * evergreen post goes into which free queue slot. Pure and deterministic: the same input always
 * gives the same fills, so two runs agree and a fill's key (post, account, slot) names it for good.
 *
 * Rules, per account (each account of a post is its own track with its own repeat count):
 * - a slot is free when no post of the account sits in its minute (the queue's rule) and no
 *   repeat was made there before;
 * - a post may fill a slot when it is on (its list enabled), the slot's day (brand zone) is not
 *   one of its skip days, its end rule allows one more repeat, and its last and next repeats on
 *   this account are at least its cooldown away;
 * - of the posts that may, the one that went longest ago goes (never: first), ties by position;
 * - a slot kept for a content category takes only posts of lists feeding it; open slots take the
 *   others, and those of a category the account keeps no slots for.
 * Slots follow the queue's DST rules (slotInstantsBetween).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface PlanItem {
  id: string;
  /** Accounts this post goes to. */
  accounts: readonly string[];
  cooldownDays: number;
  endRule: EndRule;
  /** Days (YYYY-MM-DD, brand zone) it never goes out. */
  skipDates: readonly string[];
  /** How many text versions rotate. */
  versions: number;
  /** Its list is on; a paused post makes no new fills. */
  active: boolean;
  /** The content category its list feeds: it fills the slots kept for it (open ones when it has none). */
  category?: string | null;
}

/** A repeat already made (a post exists or waits in the outbox for it). */
export interface MadeFill {
  itemId: string;
  integrationId: string;
  at: number;
  repeat: number;
}

export interface PlanInput {
  /** In position order: earlier wins a tie. */
  items: readonly PlanItem[];
  slotsByAccount: ReadonlyMap<string, readonly QueueSlot[]>;
  timezone: string;
  /** Instants (ms) of the account's other posts: a slot in the same minute is taken. */
  taken: ReadonlyMap<string, Iterable<number>>;
  made: readonly MadeFill[];
  /** The window: slots at or after `from`, before `to`. */
  from: number;
  to: number;
}

export interface PlannedFill {
  itemId: string;
  integrationId: string;
  at: number;
  repeat: number;
  of: number | null;
  version: number;
}

/** The calendar day holding `ms` in `timezone`, as "YYYY-MM-DD". */
export function localDateOf(timezone: string, ms: number): string {
  return new Date(ms + tzOffset(timezone, new Date(ms)) * MINUTE).toISOString().slice(0, 10);
}

const minuteOf = (ms: number) => Math.floor(ms / MINUTE);
const trackKey = (itemId: string, integrationId: string) => `${itemId}\u0000${integrationId}`;

interface Track {
  /** Instants of its repeats, made and planned. */
  times: number[];
  count: number;
}

function ended(rule: EndRule, count: number, day: string): boolean {
  if (rule.kind === 'afterRepeats') return count >= rule.repeats;
  if (rule.kind === 'onDate') return day > rule.date;
  return false;
}

/** The slot instants of the window, each with the category its slot is kept for (null: open). */
function slotsWithKind(
  slots: readonly QueueSlot[],
  timezone: string,
  from: number,
  to: number,
): { at: number; kind: string | null }[] {
  const out = new Map<number, string | null>();
  for (const kind of new Set(slots.map((s) => s.category ?? null))) {
    const same = slots.filter((s) => (s.category ?? null) === kind);
    for (const at of slotInstantsBetween(same, timezone, from, to)) if (!out.has(at)) out.set(at, kind);
  }
  return [...out.entries()].sort((a, b) => a[0] - b[0]).map(([at, kind]) => ({ at, kind }));
}

export function planFills(input: PlanInput): PlannedFill[] {
  const { items, timezone } = input;
  const tracks = new Map<string, Track>();
  const track = (itemId: string, integrationId: string): Track => {
    const key = trackKey(itemId, integrationId);
    let t = tracks.get(key);
    if (!t) {
      t = { times: [], count: 0 };
      tracks.set(key, t);
    }
    return t;
  };
  const madeMinutes = new Map<string, Set<number>>();
  for (const m of input.made) {
    const t = track(m.itemId, m.integrationId);
    t.times.push(m.at);
    t.count = Math.max(t.count, m.repeat);
    const set = madeMinutes.get(m.integrationId) ?? new Set<number>();
    set.add(minuteOf(m.at));
    madeMinutes.set(m.integrationId, set);
  }

  const accounts = [...new Set(items.filter((i) => i.active).flatMap((i) => i.accounts))].sort();
  const out: PlannedFill[] = [];
  for (const account of accounts) {
    const slots = input.slotsByAccount.get(account) ?? [];
    const busy = new Set<number>(madeMinutes.get(account));
    for (const ms of input.taken.get(account) ?? []) busy.add(minuteOf(ms));
    const candidates = items.filter((i) => i.active && i.accounts.includes(account));
    const kept = new Set(slots.flatMap((s) => (s.category === undefined ? [] : [s.category])));
    const kindOf = (item: PlanItem) => (item.category && kept.has(item.category) ? item.category : null);
    for (const { at, kind } of slotsWithKind(slots, timezone, input.from, input.to)) {
      if (busy.has(minuteOf(at))) continue;
      const day = localDateOf(timezone, at);
      let best: { item: PlanItem; t: Track; last: number } | null = null;
      for (const item of candidates) {
        if (kindOf(item) !== kind) continue;
        if (item.skipDates.includes(day)) continue;
        const t = track(item.id, account);
        if (ended(item.endRule, t.count, day)) continue;
        const gap = item.cooldownDays * DAY;
        if (t.times.some((x) => Math.abs(x - at) < gap)) continue;
        const last = t.times.length === 0 ? -Infinity : Math.max(...t.times.filter((x) => x < at), -Infinity);
        if (!best || last < best.last) best = { item, t, last };
      }
      if (!best) continue;
      const { item, t } = best;
      t.count += 1;
      t.times.push(at);
      busy.add(minuteOf(at));
      out.push({
        itemId: item.id,
        integrationId: account,
        at,
        repeat: t.count,
        of: item.endRule.kind === 'afterRepeats' ? item.endRule.repeats : null,
        version: (t.count - 1) % Math.max(1, item.versions),
      });
    }
  }
  return out.sort((a, b) => a.at - b.at || a.integrationId.localeCompare(b.integrationId));
}
