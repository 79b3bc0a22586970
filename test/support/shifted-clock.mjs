/*
 * One clock for a test run. The sandbox seeds its posts around "now", so a suite that picks posts by
 * date depends on the day it runs. `E2E_NOW` (an ISO instant; unset = the real time) moves that
 * "now" for the whole run: this module shifts `Date` in every Node process and thread that loads it,
 * still ticking, by one offset that all of them share.
 *
 * It is loaded with `--import` through NODE_OPTIONS (so Playwright's and vitest's workers and every
 * worker thread they start, such as the pull worker, carry it), and imported by the configs
 * themselves for the runner's own process. The page gets the same instant from Playwright's
 * `page.clock` (e2e/fixtures.ts). Plain JavaScript: Node loads it before any TypeScript loader.
 *
 * The offset is `E2E_NOW` minus the real time when the run began, written once into the
 * environment (`POSTDECK_CLOCK_ANCHOR`) by the first process, so children and threads, which inherit
 * the environment, agree to the millisecond. Only `Date` moves: `performance.now()` and timers keep
 * real time, so elapsed-time code is untouched.
 */

const INSTALLED = Symbol.for('postdeck.shiftedClock');

/** The offset in ms the run's clock is ahead of the real one (0 when `E2E_NOW` is unset). */
export function clockOffsetMs(env = process.env) {
  const target = env.E2E_NOW;
  if (!target) return 0;
  const at = Date.parse(target);
  if (!Number.isFinite(at)) {
    throw new Error(`E2E_NOW must be an ISO instant such as 2026-11-30T22:30:00Z; it is "${target}".`);
  }
  const realNow = globalThis[INSTALLED]?.realNow ?? Date.now;
  if (!env.POSTDECK_CLOCK_ANCHOR) env.POSTDECK_CLOCK_ANCHOR = String(realNow());
  return at - Number(env.POSTDECK_CLOCK_ANCHOR);
}

/** Puts the shifted `Date` in place (once); its offset can be changed after. */
function install(offsetMs) {
  const installed = globalThis[INSTALLED];
  if (installed) {
    installed.offsetMs = offsetMs;
    return installed;
  }
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const state = { offsetMs, realNow };
  const now = () => realNow() + state.offsetMs;
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    // A subclass (@date-fns/tz's TZDate extends Date) keeps its own prototype.
    const target = new.target === ShiftedDate ? RealDate : new.target;
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  Object.defineProperty(ShiftedDate, 'prototype', { value: RealDate.prototype, writable: false });
  ShiftedDate.now = now;
  globalThis.Date = ShiftedDate;
  globalThis[INSTALLED] = state;
  return state;
}

/**
 * Replaces `Date` with one whose "now" (`Date.now()`, `new Date()`, `Date()`) is shifted to `E2E_NOW`;
 * every other use (`new Date(ms)`, `Date.parse`, `Date.UTC`, `instanceof Date`) is the original's,
 * since the prototype is shared. Does nothing when `E2E_NOW` is unset. Idempotent.
 */
export function installShiftedClock(env = process.env) {
  if (globalThis[INSTALLED]) return globalThis[INSTALLED].offsetMs;
  if (!env.E2E_NOW) return 0;
  return install(clockOffsetMs(env)).offsetMs;
}

/**
 * This process's clock reads `instant` now, and ticks on from it (a Playwright project's own
 * instant, set once per worker before its first test). Answers the offset.
 */
export function setClockAt(instant) {
  const at = Date.parse(instant);
  if (!Number.isFinite(at)) throw new Error(`A test clock instant must be ISO 8601; it is "${instant}".`);
  const realNow = globalThis[INSTALLED]?.realNow ?? Date.now;
  return install(at - realNow()).offsetMs;
}

/** Whether this process's clock is shifted (E2E_NOW or a project's instant). */
export function clockIsShifted() {
  return Boolean(globalThis[INSTALLED]);
}

/**
 * NODE_OPTIONS with this module preloaded, for child processes started after the config loads (the
 * runners' workers) and, through them, their worker threads.
 */
export function nodeOptionsWithClock(env = process.env) {
  const flag = `--import=${new URL(import.meta.url).href}`;
  const current = env.NODE_OPTIONS ?? '';
  return current.includes(flag) ? current : `${current} ${flag}`.trim();
}

/**
 * The environment a child process needs to keep this process's clock to the millisecond (Electron's
 * main under Playwright): this instant and the real time it stands for, and the preload.
 */
export function clockForChild(env = process.env) {
  const state = globalThis[INSTALLED];
  if (!state) return {};
  const real = state.realNow();
  return {
    E2E_NOW: new Date(real + state.offsetMs).toISOString(),
    POSTDECK_CLOCK_ANCHOR: String(real),
    NODE_OPTIONS: nodeOptionsWithClock(env),
  };
}

/** Called by the configs: shifts this process and sets up the children, when `E2E_NOW` is set. */
export function shareShiftedClock(env = process.env) {
  if (!env.E2E_NOW) return 0;
  const offset = installShiftedClock(env);
  env.NODE_OPTIONS = nodeOptionsWithClock(env);
  return offset;
}

installShiftedClock();
