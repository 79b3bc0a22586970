import type { IpcEventName } from '../../shared/ipc/contract.js';

/*
 * The background job of a planner that makes posts ahead (evergreen repeats, recurring series): it
 * plans once a pull's burst of changes settles, on a timer, and when asked (`kick`). Nothing is
 * planned while the job is stopped: a pull that ends while sync stops must not start a run on a
 * database about to close.
 */

export interface PlannerJobOptions {
  /** Where main's events are heard (the app context's `events`). */
  events: { on(listener: (name: IpcEventName, payload: unknown) => void): () => void };
  /** One planning run; its failures are the planner's to log. */
  run: () => void;
  /** Resolves once the run in progress (if any) is over. */
  idle: () => Promise<unknown>;
  /** How long a burst of changes settles before a run. */
  settleMs: number;
  /** A run at least this often. */
  everyMs: number;
  /** Plan once as soon as the job starts, rather than at the first pull or tick. */
  runOnStart?: boolean;
}

export interface PlannerJob {
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function plannerJob(o: PlannerJobOptions): PlannerJob {
  let running = false;
  let soon: NodeJS.Timeout | null = null;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe = () => {};
  const kick = () => {
    if (!running) return;
    if (soon) clearTimeout(soon);
    soon = setTimeout(() => {
      soon = null;
      if (running) o.run();
    }, o.settleMs);
  };
  return {
    kick,
    start: () => {
      if (running) return;
      running = true;
      // A pull's postsChanged names the range it read (a write of the window's names none).
      unsubscribe = o.events.on((name, payload) => {
        if (name === 'postsChanged' && (payload as { range: unknown }).range !== null) kick();
      });
      timer = setInterval(kick, o.everyMs);
      timer.unref();
      if (o.runOnStart) kick();
    },
    stop: async () => {
      running = false;
      unsubscribe();
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      timer = soon = null;
      await o.idle();
    },
  };
}
