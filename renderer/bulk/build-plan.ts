import { planBulkChange, type BulkAction, type BulkPlan } from '../../shared/bulk/plan.js';
import type { CalendarPost } from '../../shared/ipc/models.js';
import type { QueueSlot } from '../../shared/queue/slots.js';
import { formatDateTime } from '../calendar/format.js';
import { whyNotDeletable, whyNotMovable } from '../calendar/posts.js';
import { call } from '../ipc/ipc.js';

/*
 * Gathers what a bulk plan needs from main (the posts around the selection,
 * the accounts' queue slots, the brand's clash gap) and plans with the shared pure planner. Nothing
 * is sent: the plan is shown, and applied only when the user says so.
 */

const HOUR = 3_600_000;
const brandKey = (b: { profileId?: string | null; brandId?: string | null }) =>
  `${b.profileId ?? ''}\u0000${b.brandId ?? ''}`;
const DAY = 24 * HOUR;

export interface TimedPlan extends BulkPlan {
  /** How long planning took in the window, once main's answers were in (ms). */
  planMs: number;
}

/** Plans `action` over the picked posts; `known` are the posts the window holds (the picked ones among them). */
export async function buildBulkPlan(
  ids: readonly string[],
  action: BulkAction,
  known: readonly CalendarPost[],
  zone: string,
): Promise<TimedPlan> {
  const byId = new Map(known.map((p) => [p.id, p]));
  const posts = ids.map((id) => byId.get(id)).filter((p): p is CalendarPost => p !== undefined);
  const now = Date.now();
  let first = now;
  let last = now;
  for (const p of posts) {
    const t = Date.parse(p.publishDate);
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const ahead =
    action.kind === 'shift'
      ? Math.max(0, action.days * DAY + action.hours * HOUR)
      : action.kind === 'nextFreeSlots'
        ? 92 * DAY
        : DAY;
  const accounts = [...new Set(posts.map((p) => p.integration.id))];
  // Each account's slots are its own brand's (a selection of the all-brands view spans brands).
  const brandOf = new Map(
    posts.flatMap((p) =>
      p.profileId && p.brandId
        ? [[p.integration.id, { profileId: p.profileId, brandId: p.brandId }] as const]
        : [],
    ),
  );
  // Each brand's own clash gap: the active brand's, and one per other brand the selection spans.
  const brands = new Map(
    posts.flatMap((p) =>
      p.profileId && p.brandId
        ? [[brandKey(p), { profileId: p.profileId, brandId: p.brandId }] as const]
        : [],
    ),
  );
  const [around, clash, brandGaps, slots] = await Promise.all([
    // Clashes look 7 days either way of where posts land: read a little more than that.
    call('listPosts', {
      start: new Date(first - 8 * DAY).toISOString(),
      end: new Date(last + ahead + 8 * DAY).toISOString(),
    }),
    call('getClashSettings', {}),
    Promise.all(
      [...brands].map(
        async ([key, brand]) => [key, (await call('getClashSettings', { brand })).gapMinutes] as const,
      ),
    ),
    action.kind === 'nextFreeSlots'
      ? Promise.all(
          accounts.map((id) => {
            const brand = brandOf.get(id);
            return call('getQueueSlots', { integrationId: id, ...(brand ? { brand } : {}) });
          }),
        )
      : Promise.resolve([]),
  ]);
  const slotsOf = new Map<string, QueueSlot[]>(slots.map((v) => [v.integrationId ?? '', v.slots]));
  const slotZones = new Map(slots.map((v) => [v.integrationId ?? '', v.timezone]));
  const gaps = new Map(brandGaps);
  const existing = new Map(around.posts.map((p) => [p.id, p]));
  for (const p of posts) if (!existing.has(p.id)) existing.set(p.id, p);
  const started = performance.now();
  const plan = planBulkChange(posts, action, {
    zone,
    now,
    whyNotMovable,
    whyNotDeletable,
    slotsFor: (id) => slotsOf.get(id) ?? [],
    slotZoneFor: (id) => slotZones.get(id) ?? zone,
    existing: [...existing.values()],
    gapMinutes: clash.gapMinutes,
    gapMinutesFor: (brand) => gaps.get(brandKey(brand)) ?? clash.gapMinutes,
    formatTime: (ms) => formatDateTime(new Date(ms), zone),
  });
  const missing = ids.length - posts.length;
  if (missing > 0)
    plan.blocked.push(
      ...ids
        .filter((id) => !byId.has(id))
        .map((id) => ({
          id,
          title: '(not loaded)',
          accountName: '',
          from: '',
          reason: 'This post is not in the calendar any more; refresh and select again.',
        })),
    );
  return { ...plan, planMs: performance.now() - started };
}
