import { platformRules } from '../../shared/platforms/rules.js';
import type { AccountStore, IntegrationRecord } from '../store/accounts.js';
import type { PostRecord, PostStore } from '../store/posts.js';
import { releaseUrl } from './release-url.js';

export interface PublisherOptions {
  tickMs: number;
  minuteMs: number;
  onError: (err: unknown) => void;
}

/**
 * Moves due posts through scheduled -> publishing -> published, or to error with a reason. A post
 * goes out once: a failure is recorded, never retried behind the user's back (no duplicates). The
 * blocks of a thread go out in order, block i + 1 `commentDelays[i]` minutes after block i.
 */
export class Publisher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;

  constructor(
    private readonly posts: PostStore,
    private readonly accounts: AccountStore,
    private readonly options: PublisherOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Looks for due posts right away (a `now` post should not wait for the next tick). */
  nudge(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), ms);
  }

  private run(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      this.tick(Date.now());
    } catch (err) {
      this.options.onError(err);
    } finally {
      this.running = false;
      if (!this.stopped) this.schedule(this.options.tickMs);
    }
  }

  /** Publishes every step that is due at `now`; a thread with zero delays goes out whole, in order. */
  tick(now: number): void {
    for (let round = 0; round < 100; round++) {
      const due = this.posts.due(now);
      if (due.length === 0) return;
      for (const post of due) this.step(post, now);
    }
  }

  private step(post: PostRecord, now: number): void {
    const integration = this.accounts.integration(post.integration_id);
    const expected = { state: post.state, blocksPublished: post.blocks_published };
    if (!integration || integration.disconnected) {
      this.posts.recordProgress(post.id, expected, {
        state: 'error',
        blocks: post.blocks,
        blocksPublished: post.blocks_published,
        nextBlockAt: null,
        releaseUrl: post.release_url,
        publishedAt: post.published_at,
        error: failureReason(integration, post),
      });
      return;
    }
    const index = post.blocks_published;
    const blocks = post.blocks.map((b, i) =>
      i === index
        ? {
            ...b,
            releaseURL: releaseUrl(integration.platform, integration.handle, post.id, i),
            publishedAt: now,
          }
        : b,
    );
    const done = index + 1 >= blocks.length;
    const delayMinutes = post.comment_delays?.[index] ?? 0;
    this.posts.recordProgress(post.id, expected, {
      state: done ? 'published' : 'publishing',
      blocks,
      blocksPublished: index + 1,
      nextBlockAt: done ? null : now + delayMinutes * this.options.minuteMs,
      releaseUrl: blocks[0]?.releaseURL ?? null,
      publishedAt: blocks[0]?.publishedAt ?? now,
      error: null,
    });
  }
}

function failureReason(integration: IntegrationRecord | null, post: PostRecord): string {
  const partial =
    post.blocks_published > 0
      ? ` after ${post.blocks_published} of ${post.blocks.length} blocks went out`
      : '';
  if (!integration) return `The account this post was for no longer exists${partial}.`;
  const label = platformRules[integration.platform].label;
  return `The ${label} account "${integration.name}" is disconnected${partial}; reconnect it in the dashboard, then reschedule the post.`;
}
