/*
 * A fixed number of slots for background pulls, handed out first come, first served. Each brand's
 * rounds already run one after another (the reader chains them per brand), so a brand holds at most
 * one slot: a slow or refused brand takes one and the others go on in the rest.
 */

export class PullSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {
    if (!(size >= 1)) throw new Error('a pull needs at least one slot');
  }

  /** Runs `task` once a slot is free, and frees it when the task settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.busy < this.size) this.busy++;
    // The slot is handed over by the task that frees it, so the count never dips between the two.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
