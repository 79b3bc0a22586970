import { describe, expect, it } from 'vitest';
import { calendarPost } from '../../test/support/calendar-post.js';
import type { CalendarPost } from '../posts/ipc.js';
import { applyInputOf, brandsSentence, planBulkChange, type BulkPlanContext } from './plan.js';
import { TIME_PASSED } from '../posts/time-passed.js';

const NY = 'America/New_York';
const now = Date.parse('2026-10-20T12:00:00Z');

let n = 0;
function post(publishDate: string, over: Partial<CalendarPost> = {}): CalendarPost {
  n += 1;
  return calendarPost({
    id: `p${n}`,
    group: `g${n}`,
    publishDate,
    integration: { id: 'acc-x', platform: 'x', name: '@brand', picture: null },
    content: `Post number ${n}`,
    ...over,
  });
}

const ctx = (existing: CalendarPost[], over: Partial<BulkPlanContext> = {}): BulkPlanContext => ({
  zone: NY,
  now,
  whyNotMovable: (p) => (p.state === 'published' ? 'Published posts cannot be moved.' : null),
  whyNotDeletable: (p) => (p.localOnly ? 'Not sent yet.' : null),
  slotsFor: () => [],
  existing,
  gapMinutes: 60,
  ...over,
});

describe('planBulkChange: shift', () => {
  it('shifts by days in wall time across the fall-back change (09:00 stays 09:00) and by hours in elapsed time', () => {
    const a = post('2026-10-31T13:00:00.000Z'); // Sat 09:00 EDT
    const plan = planBulkChange([a], { kind: 'shift', days: 1, hours: 0 }, ctx([a]));
    expect(plan.changes[0]!.to).toBe('2026-11-01T14:00:00.000Z'); // Sun 09:00 EST
    const byHours = planBulkChange([a], { kind: 'shift', days: 0, hours: 24 }, ctx([a]));
    expect(byHours.changes[0]!.to).toBe('2026-11-01T13:00:00.000Z'); // 08:00 EST: 24 h later
  });

  it('lists published, past and refused posts as blocked with their reasons, and moves the rest', () => {
    const ok = post('2026-10-25T14:00:00.000Z');
    const published = post('2026-10-26T14:00:00.000Z', { state: 'published' });
    const past = post('2026-10-19T14:00:00.000Z');
    const toPast = post('2026-10-20T13:00:00.000Z');
    const all = [ok, published, past, toPast];
    const plan = planBulkChange(all, { kind: 'shift', days: -1, hours: 0 }, ctx(all));
    expect(plan.changes.map((c) => c.id)).toEqual([ok.id]);
    expect(Object.fromEntries(plan.blocked.map((b) => [b.id, b.reason]))).toEqual({
      [published.id]: 'Published posts cannot be moved.',
      [past.id]: 'Its time has already passed, so it cannot be moved from here.',
      [toPast.id]: TIME_PASSED,
    });
    const noPermission = planBulkChange(
      [ok],
      { kind: 'shift', days: 1, hours: 0 },
      ctx(all, { whyNotMovable: () => 'This API key cannot move posts.' }),
    );
    expect(noPermission.blocked[0]!.reason).toBe('This API key cannot move posts.');
  });

  it('warns about clashes where posts land, including between moved posts', () => {
    const a = post('2026-10-25T14:00:00.000Z');
    const b = post('2026-10-26T14:30:00.000Z', { content: 'Same words' });
    const c = post('2026-10-24T18:00:00.000Z', { content: 'Same words' });
    const plan = planBulkChange([a], { kind: 'shift', days: 1, hours: 0 }, ctx([a, b, c]));
    const kinds = plan.changes[0]!.warnings.map((w) => w.kind);
    expect(kinds).toEqual(['gap']);
    const dup = planBulkChange([c], { kind: 'shift', days: 3, hours: 0 }, ctx([a, b, c]));
    expect(dup.changes[0]!.warnings.map((w) => w.kind)).toEqual(['duplicate']);
    expect(dup.warningCount).toBe(1);
  });
});

describe('planBulkChange: time of day', () => {
  it('puts each post at the chosen wall time on its own day, the spring-forward gap moving to 03:00', () => {
    const a = post('2026-11-03T15:00:00.000Z'); // 10:00 EST
    const plan = planBulkChange([a], { kind: 'timeOfDay', time: '08:15' }, ctx([a]));
    expect(plan.changes[0]!.to).toBe('2026-11-03T13:15:00.000Z');
    const spring = post('2027-03-14T15:00:00.000Z'); // 11:00 EDT, the spring-forward day
    const gap = planBulkChange([spring], { kind: 'timeOfDay', time: '02:30' }, ctx([spring]));
    expect(gap.changes[0]!.to).toBe('2027-03-14T07:00:00.000Z'); // 03:00 EDT
  });

  it('says so when a post is already at that time', () => {
    const a = post('2026-11-03T15:00:00.000Z');
    const plan = planBulkChange([a], { kind: 'timeOfDay', time: '10:00' }, ctx([a]));
    expect(plan.changes).toEqual([]);
    expect(plan.blocked[0]!.reason).toBe('It is already at that time.');
  });
});

describe('planBulkChange: next free queue slots', () => {
  it("gives each account's posts its next free slots in their current order, skipping taken slots", () => {
    const slots = [{ weekday: 3, time: '09:00' }]; // Wednesdays 09:00
    const taken = post('2026-10-21T13:00:00.000Z', {
      integration: { id: 'acc-x', platform: 'x', name: '@brand', picture: null },
    });
    const late = post('2026-12-30T13:00:00.000Z');
    const early = post('2026-12-01T13:00:00.000Z');
    const other = post('2026-12-01T13:00:00.000Z', {
      integration: { id: 'acc-li', platform: 'linkedin', name: 'Brand Li', picture: null },
    });
    const plan = planBulkChange(
      [late, early, other],
      { kind: 'nextFreeSlots' },
      ctx([taken, late, early, other], {
        slotsFor: (id) => (id === 'acc-x' ? slots : []),
      }),
    );
    const to = Object.fromEntries(plan.changes.map((c) => [c.id, c.to]));
    expect(to[early.id]).toBe('2026-10-28T13:00:00.000Z'); // 21st is taken
    expect(to[late.id]).toBe('2026-11-04T14:00:00.000Z'); // 09:00 EST after the change
    expect(plan.blocked).toEqual([
      expect.objectContaining({
        id: other.id,
        // The account is named with its platform.
        reason: 'Brand Li (LinkedIn) has no posting slots; add some under Queue.',
      }),
    ]);
  });
});

describe('planBulkChange: delete', () => {
  it('deletes by group, counts the other posts of those groups, and blocks what cannot go', () => {
    const a = post('2026-11-03T15:00:00.000Z', { group: 'G' });
    const sibling = post('2026-11-03T15:00:00.000Z', { group: 'G' });
    const local = post('2026-11-04T15:00:00.000Z', { localOnly: true });
    const plan = planBulkChange([a, local], { kind: 'delete' }, ctx([a, sibling, local]));
    expect(plan.changes.map((c) => [c.id, c.to])).toEqual([[a.id, null]]);
    expect(plan.alsoDeleted).toBe(1);
    expect(plan.blocked.map((b) => b.reason)).toEqual(['Not sent yet.']);
  });
});

describe('planBulkChange: work', () => {
  /**
   * The posts of a plan of `selected` posts among `selected * 6`, each read through a proxy that
   * counts every field read: the work the plan does (clash checks included) without a clock.
   */
  function readsToPlan(selected: number, action: Parameters<typeof planBulkChange>[1]): number {
    let reads = 0;
    const counted = (p: CalendarPost) =>
      new Proxy(p, {
        get(target, key, receiver) {
          reads += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const accounts = ['a1', 'a2', 'a3', 'a4', 'a5'];
    const existing: CalendarPost[] = [];
    for (let i = 0; i < selected * 6; i += 1) {
      const id = accounts[i % accounts.length]!;
      existing.push(
        counted(
          post(new Date(now + 3_600_000 + i * 17 * 60_000).toISOString(), {
            integration: { id, platform: 'x', name: id, picture: null },
            content: `Text ${i % 400}`,
          }),
        ),
      );
    }
    const selection = existing.slice(0, selected);
    const slots = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
      ['09:00', '12:00', '17:00'].map((time) => ({ weekday, time })),
    );
    let calls = 0;
    const plan = planBulkChange(
      selection,
      action,
      ctx(existing, {
        slotsFor: () => slots,
        formatTime: (ms) => {
          calls += 1;
          return new Date(ms).toISOString();
        },
      }),
    );
    expect(plan.changes.length + plan.blocked.length).toBe(selected);
    return reads + calls;
  }

  it('plans twice the posts (500 of 3,000, then 1,000 of 6,000) with about twice the work, clash checks included', () => {
    // A plan reading every post once per selected post (a find or a filter in a loop) does four
    // times the work at twice the size. How fast it plans 500 of 3,000 is bench/bulk-import.bench.ts's.
    for (const action of [
      { kind: 'shift', days: 1, hours: 2 },
      { kind: 'timeOfDay', time: '11:30' },
      { kind: 'nextFreeSlots' },
      { kind: 'delete' },
    ] as const) {
      const small = readsToPlan(500, action);
      const large = readsToPlan(1_000, action);
      expect(large / small, `${action.kind}: ${small} then ${large} reads`).toBeLessThan(2.5);
    }
  });
});

describe('planBulkChange: accounts in words', () => {
  it('names each account with its platform, so the same name on two platforms is told apart', () => {
    const onX = post('2026-10-25T14:00:00.000Z', {
      integration: { id: 'acc-x', platform: 'x', name: 'Harbor Coffee', picture: null },
    });
    const onLinkedIn = post('2026-10-25T16:00:00.000Z', {
      integration: { id: 'acc-li', platform: 'linkedin-page', name: 'Harbor Coffee', picture: null },
    });
    const plan = planBulkChange(
      [onX, onLinkedIn],
      { kind: 'shift', days: 1, hours: 0 },
      ctx([onX, onLinkedIn]),
    );
    expect(plan.changes.map((c) => c.accountName)).toEqual([
      'Harbor Coffee (X)',
      'Harbor Coffee (LinkedIn page)',
    ]);
    expect(plan.changes.map((c) => c.platform)).toEqual(['x', 'linkedin-page']);
  });
});

describe('planBulkChange: across brands (the all-brands view)', () => {
  const harbor = { profileId: 'org-a', brandId: 'brand-harbor' };
  const lumen = { profileId: 'org-b', brandId: 'brand-lumen' };

  it('warns of clashes within one brand’s account only, even where two connections give accounts the same id', () => {
    const a = post('2026-10-25T14:00:00.000Z', { ...harbor, content: 'Same words' });
    const other = post('2026-10-26T14:10:00.000Z', { ...lumen, content: 'Same words' });
    const own = post('2026-10-26T16:30:00.000Z', { ...harbor });
    const plan = planBulkChange([a], { kind: 'shift', days: 1, hours: 0 }, ctx([a, other, own]));
    // Lumen's post 10 min away with the same text: no warning. Harbor's own, 2.5 h away: no gap clash.
    expect(plan.changes[0]!.warnings).toEqual([]);
    const near = planBulkChange([a], { kind: 'shift', days: 1, hours: 2 }, ctx([a, other, own]));
    expect(near.changes[0]!.warnings.map((w) => [w.kind, w.otherId])).toEqual([['gap', own.id]]);
  });

  it("warns of a gap by each post's own brand's gap, not the active brand's", () => {
    // Harbor (the active brand) keeps 60 min between posts, Lumen 180.
    const gaps = new Map([
      [harbor.brandId, 60],
      [lumen.brandId, 180],
    ]);
    const h = post('2026-10-25T14:00:00.000Z', harbor);
    const hOwn = post('2026-10-26T16:00:00.000Z', harbor);
    const l = post('2026-10-25T14:00:00.000Z', lumen);
    const lOwn = post('2026-10-26T16:00:00.000Z', lumen);
    const plan = planBulkChange(
      [h, l],
      { kind: 'shift', days: 1, hours: 0 },
      ctx([h, hOwn, l, lOwn], { gapMinutesFor: (b) => gaps.get(b.brandId) ?? 60 }),
    );
    const warnings = Object.fromEntries(plan.changes.map((c) => [c.id, c.warnings]));
    // Each lands 2 h before its brand's other post: fine for Harbor, too close for Lumen.
    expect(warnings[h.id]).toEqual([]);
    expect(warnings[l.id]!.map((w) => [w.kind, w.otherId])).toEqual([['gap', lOwn.id]]);
    expect(warnings[l.id]![0]!.message).toMatch(/this brand keeps 180 min between posts/);
  });

  it("gives each account its next free slot in its own brand's zone, not the view's", () => {
    const slots = [{ weekday: 3, time: '09:00' }]; // Wednesdays 09:00
    const ny = post('2026-12-01T13:00:00.000Z', harbor);
    const tokyo = post('2026-12-01T13:00:00.000Z', {
      ...lumen,
      integration: { id: 'acc-l', platform: 'x', name: 'Lumen Labs', picture: null },
    });
    const plan = planBulkChange(
      [ny, tokyo],
      { kind: 'nextFreeSlots' },
      ctx([ny, tokyo], {
        slotsFor: () => slots,
        slotZoneFor: (id) => (id === 'acc-l' ? 'Asia/Tokyo' : NY),
      }),
    );
    const to = Object.fromEntries(plan.changes.map((c) => [c.id, c.to]));
    expect(to[ny.id]).toBe('2026-10-21T13:00:00.000Z'); // Wed 09:00 in New York
    expect(to[tokyo.id]).toBe('2026-10-21T00:00:00.000Z'); // Wed 09:00 in Tokyo
  });

  it('names each change’s brand, sends each under it, and says which brands a plan spans', () => {
    const a = post('2026-10-25T14:00:00.000Z', harbor);
    const b = post('2026-10-25T15:00:00.000Z', harbor);
    const c = post('2026-10-25T16:00:00.000Z', { ...lumen, integration: { ...a.integration, id: 'acc-l' } });
    const plan = planBulkChange([a, b, c], { kind: 'shift', days: 1, hours: 0 }, ctx([a, b, c]));
    const input = applyInputOf(plan.changes);
    expect(input.moves.map((m) => [m.id, m.brand])).toEqual([
      [a.id, harbor],
      [b.id, harbor],
      [c.id, lumen],
    ]);
    expect(input.deleteGroups).toEqual([]);
    const names = [
      { ...harbor, name: 'Harbor Coffee' },
      { ...lumen, name: 'Lumen Labs' },
    ];
    expect(brandsSentence(plan.changes, names)).toBe('3 posts in 2 brands: Harbor Coffee 2, Lumen Labs 1');
    expect(brandsSentence(plan.changes.slice(0, 2), names)).toBeNull();

    const deleting = planBulkChange([a, c], { kind: 'delete' }, ctx([a, c]));
    expect(applyInputOf(deleting.changes)).toEqual({
      moves: [],
      deleteGroups: [],
      deletes: [
        { group: a.group, brand: harbor },
        { group: c.group, brand: lumen },
      ],
    });
  });
});
