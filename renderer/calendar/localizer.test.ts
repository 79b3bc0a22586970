import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { dateFnsLocalizer } from 'react-big-calendar';
import { describe, expect, it } from 'vitest';
import { createLocalizer } from './localizer.js';

type Fn = (...args: unknown[]) => unknown;
const asMethods = (l: object) => l as unknown as Record<string, Fn>;

const library = asMethods(
  dateFnsLocalizer({
    format,
    parse,
    startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }),
    getDay,
    locales: { 'en-US': enUS },
  }),
);
const fast = asMethods(createLocalizer());

/** A deterministic spread of dates around midnights, minute edges and two DST changes. */
function dates(): Date[] {
  const out: Date[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const bases = [new Date(2026, 2, 8), new Date(2026, 9, 25), new Date(2026, 10, 1), new Date(2026, 11, 31)];
  for (const base of bases) {
    for (let i = 0; i < 60; i++) {
      const offset = Math.round((random() - 0.5) * 3 * 86_400_000);
      const d = new Date(base.getTime() + offset);
      if (i % 3 === 0) d.setSeconds(0, 0);
      if (i % 5 === 0) d.setHours(0, 0, 0, 0);
      out.push(d);
    }
  }
  return out;
}

describe('the fast localizer agrees with react-big-calendar', () => {
  const all = dates();

  it('compares by day, minute and instant like the library', () => {
    for (const method of ['eq', 'neq', 'lt', 'lte', 'gt', 'gte']) {
      for (const unit of ['day', 'minutes', undefined]) {
        for (let i = 0; i + 1 < all.length; i += 1) {
          const [a, b] = [all[i]!, all[(i * 7 + 3) % all.length]!];
          expect(fast[method]!(a, b, unit), `${method} ${unit} ${a.toISOString()} ${b.toISOString()}`).toBe(
            library[method]!(a, b, unit),
          );
          expect(fast[method]!(a, a, unit)).toBe(library[method]!(a, a, unit));
        }
      }
    }
  });

  it('finds the start of a day and the next day boundary like the library', () => {
    for (const d of all) {
      expect(fast.startOf!(d, 'day'), d.toISOString()).toEqual(library.startOf!(d, 'day'));
      expect(fast.ceil!(d, 'day'), d.toISOString()).toEqual(library.ceil!(d, 'day'));
      expect(fast.startOf!(d, 'week', 1)).toEqual(library.startOf!(d, 'week', 1));
      expect(fast.ceil!(d, 'minutes')).toEqual(library.ceil!(d, 'minutes'));
    }
  });

  it('counts the days between two dates like the library, across DST changes, either way round', () => {
    for (let i = 0; i < all.length; i += 1) {
      const [a, b] = [all[i]!, all[(i * 11 + 5) % all.length]!];
      expect(fast.diff!(a, b, 'day'), `${a.toISOString()} ${b.toISOString()}`).toBe(
        library.diff!(a, b, 'day'),
      );
      expect(fast.diff!(b, a, 'day')).toBe(library.diff!(b, a, 'day'));
    }
    for (let i = 0; i < all.length; i += 1) {
      const [a, b] = [all[i]!, all[(i * 13 + 1) % all.length]!];
      expect(fast.diff!(a, b, 'minutes'), `${a.toISOString()} ${b.toISOString()}`).toBe(
        library.diff!(a, b, 'minutes'),
      );
    }
    const [a, b] = [new Date(2026, 0, 5, 10), new Date(2026, 0, 20, 9)];
    expect(fast.diff!(a, b, 'hours')).toBe(library.diff!(a, b, 'hours'));
    expect(fast.diff!(a, b)).toBe(library.diff!(a, b));
  });

  it('says whether a day lies within a range of days like the library, open ends included', () => {
    for (let i = 0; i + 2 < all.length; i += 1) {
      const day = all[i]!;
      const [min, max] = [all[i + 1]!, all[i + 2]!].sort((a, b) => a.getTime() - b.getTime());
      for (const [lo, hi] of [
        [min, max],
        [undefined, max],
        [min, undefined],
        [day, day],
      ] as const) {
        expect(
          fast.inRange!(day, lo, hi, 'day'),
          `${day.toISOString()} ${lo?.toISOString()} ${hi?.toISOString()}`,
        ).toBe(library.inRange!(day, lo, hi, 'day'));
        expect(fast.inRange!(day, lo, hi)).toBe(library.inRange!(day, lo, hi));
      }
      expect(fast.inRange!(day, min, max, 'month')).toBe(library.inRange!(day, min, max, 'month'));
    }
  });

  it('answers like the library when it is handed something that is not a date', () => {
    const d = new Date(2026, 0, 5);
    for (const method of ['lt', 'gte', 'eq']) {
      expect(fast[method]!(d, undefined, 'day')).toBe(library[method]!(d, undefined, 'day'));
      expect(fast[method]!(undefined, d, 'minutes')).toBe(library[method]!(undefined, d, 'minutes'));
    }
    expect(fast.continuesAfter!(d, d, undefined)).toBe(library.continuesAfter!(d, d, undefined));
    expect(fast.isSameDate!(d, undefined)).toBe(library.isSameDate!(d, undefined));
  });

  it('falls back to the library for units it does not speed up', () => {
    const [a, b] = [new Date(2026, 0, 5), new Date(2026, 0, 20)];
    expect(fast.eq!(a, b, 'month')).toBe(true);
    expect(fast.lt!(a, b, 'week')).toBe(true);
  });

  it('decides which events show in a range, and their order, like the library', () => {
    for (let i = 0; i + 3 < all.length; i += 2) {
      const start = all[i]!;
      const event = { start, end: new Date(start.getTime() + (i % 4 === 0 ? 0 : 30 * 60_000)) };
      const [r1, r2] = [all[i + 1]!, all[i + 3]!].sort((a, b) => a.getTime() - b.getTime());
      const range = { start: r1, end: r2 };
      expect(fast.inEventRange!({ event, range })).toBe(library.inEventRange!({ event, range }));
      const other = { start: all[i + 2]!, end: new Date(all[i + 2]!.getTime() + 30 * 60_000) };
      expect(Math.sign(fast.sortEvents!({ evtA: event, evtB: other }) as number)).toBe(
        Math.sign(library.sortEvents!({ evtA: event, evtB: other }) as number),
      );
      expect(fast.isSameDate!(start, other.start)).toBe(library.isSameDate!(start, other.start));
      expect(fast.continuesPrior!(start, r1)).toBe(library.continuesPrior!(start, r1));
      expect(fast.continuesAfter!(event.start, event.end, r2)).toBe(
        library.continuesAfter!(event.start, event.end, r2),
      );
    }
  });
});
