import { NOT_APPROVED_OUTCOME } from '../../shared/review/model.js';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import type { Emit } from '../core/events.js';
import type { OutboxRecord } from '../outbox/outbox-repo.js';
import type { ReviewLens } from './review-lens.js';

/*
 * A post held for approval whose time passes is not sent (the outbox keeps holding it): the user
 * hears of it once, through the same notice as a post that went out or failed, and the Outbox is
 * read again so it says why. Once approved, the outbox asks "post now or pick a new time".
 */

/** How often held posts are looked at: a notice a little late is fine, a busy loop is not. */
const EVERY_MS = 20_000;

export interface MissedApprovalsOptions {
  lens: ReviewLens;
  /** Every operation waiting, of every brand. */
  ops: () => OutboxRecord[];
  emit: Emit;
  /** The outbox's status, so the window reads the Outbox again. */
  status: () => IpcEventPayload<'syncStatus'>;
}

export class MissedApprovals {
  /** Operations already told about (kept for this run: after a restart the notice comes once more). */
  private readonly told = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly o: MissedApprovalsOptions) {}

  start(): void {
    this.timer ??= setInterval(() => this.check(), EVERY_MS);
    this.check();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Tells of each held post whose time passed since the last look; answers how many. */
  check(): number {
    const missed = this.o.lens.missed(this.o.ops()).filter(({ op }) => !this.told.has(op.id));
    for (const { op, reason } of missed) {
      this.told.add(op.id);
      const content =
        op.kind === 'create' || op.kind === 'edit' ? (op.payload.targets[0]?.blocks[0]?.content ?? '') : '';
      this.o.emit('postOutcome', {
        postId: `local:${op.id}:0`,
        state: NOT_APPROVED_OUTCOME,
        content,
        error: reason,
      });
    }
    if (missed.length > 0) this.o.emit('syncStatus', this.o.status());
    return missed.length;
  }
}
