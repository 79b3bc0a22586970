/*
 * A hang detector for the tests (nothing timed is a test). It is not a speed
 * limit: anything that happens at all happens far within it on a machine at load 8+, and what it
 * catches is what never happens (a cut that is never made, an answer that never comes). How fast
 * things happen is `npm run bench`'s business.
 */

/** Far above any answer on a loaded machine, below vitest's 30 s test timeout, so the failure names what hung. */
export const HANG_MS = 20_000;

/** `work`'s outcome, or a failure naming `what` when it has not settled within `ms` (a hang). */
export async function noHang<T>(what: string, work: Promise<T>, ms: number = HANG_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms, a hang`)), ms);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}
