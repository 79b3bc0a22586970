import { createLogger } from '../log.js';
import { retryDelayMs, type BackoffOptions } from '../outbox/backoff.js';

/*
 * Whether the service can be reached, learned from every call's result and,
 * while it cannot, from a light probe repeated with backoff, so the app notices the network coming
 * back even when nothing is waiting to be sent.
 */

const log = createLogger('reachability');

export interface ReachabilityOptions {
  backoff: BackoffOptions;
  random: () => number;
  /** One light request: true reachable, false not, null nothing to probe with (no key, no profile). */
  probe: () => Promise<boolean | null>;
  onChange: (online: boolean) => void;
}

export class Reachability {
  online = true;
  lastError: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private attempts = 0;
  private running = false;
  private inFlight: Promise<void> | null = null;

  constructor(private readonly o: ReachabilityOptions) {}

  start(): void {
    this.running = true;
    if (!this.online) this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  /** What a call just showed: it reached the service, or it could not. */
  report(online: boolean, error: string | null): void {
    const was = this.online;
    this.online = online;
    this.lastError = error;
    if (online) {
      this.attempts = 0;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    } else {
      this.schedule();
    }
    if (was !== online) {
      log.info(online ? 'the service is reachable again' : `the service cannot be reached: ${error ?? ''}`);
      this.o.onChange(online);
    }
  }

  private schedule(): void {
    if (this.timer || this.inFlight || !this.running) return;
    this.attempts++;
    const delay = retryDelayMs(this.attempts, this.o.backoff, null, this.o.random);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.online || !this.running) return;
      this.inFlight = this.o
        .probe()
        .then(
          (reachable) => {
            if (reachable === true) this.report(true, null);
            else if (reachable === false) this.retryLater();
          },
          (err: unknown) => {
            log.debug('the probe failed unexpectedly', err);
            this.retryLater();
          },
        )
        .finally(() => {
          this.inFlight = null;
        });
    }, delay);
  }

  private retryLater(): void {
    // Called from inside the probe's own promise: clear it first so a new probe can be planned.
    this.inFlight = null;
    this.schedule();
  }
}
