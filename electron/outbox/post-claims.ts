import { z } from 'zod';
import type { AppDatabase } from '../store/database.js';
import { SettingsRepo } from '../store/settings-repo.js';

/*
 * Which local operation took which post on the service as its own. After a lost answer a create
 * looks for its post by account, text and date (POST /posts is not idempotent); two identical posts
 * queued minutes apart would otherwise be taken for one, and the second never sent. A claim is
 * written in the transaction that confirms the create, so a lookup never takes a claimed post.
 * Kept in the key-value table (one row per post) rather than a new table, and forgotten after
 * CLAIM_DAYS: a lookup only ever looks minutes around an operation still in the outbox.
 */

const PREFIX = 'postClaim:';
const CLAIM_DAYS = 90;
const Claim = z.object({ opId: z.string() });

export class PostClaims {
  private readonly kv: SettingsRepo;

  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {
    this.kv = new SettingsRepo(db, now);
  }

  /** Records that `opId` made (or found) these posts; call inside the confirming transaction. */
  claim(scope: { profileId: string; brandId: string }, opId: string, postIds: readonly string[]): void {
    for (const id of postIds) this.kv.set(keyOf(scope, id), { opId });
  }

  /** Whether a post was already taken by an operation other than `opId`. */
  claimedByOther(scope: { profileId: string; brandId: string }, opId: string, postId: string): boolean {
    const claim = this.kv.get(keyOf(scope, postId), Claim);
    return claim !== null && claim.opId !== opId;
  }

  /** The operation that made (or found) this post, if one did: a local post's review follows it. */
  opOf(scope: { profileId: string; brandId: string }, postId: string): string | null {
    return this.kv.get(keyOf(scope, postId), Claim)?.opId ?? null;
  }

  /** Drops claims old enough that no lookup can meet their posts again. */
  prune(): void {
    const before = new Date(this.now().getTime() - CLAIM_DAYS * 86_400_000).toISOString();
    this.db.sql.prepare(`DELETE FROM kv WHERE key LIKE '${PREFIX}%' AND updated_at < ?`).run(before);
  }
}

const keyOf = (scope: { profileId: string; brandId: string }, postId: string) =>
  `${PREFIX}${JSON.stringify([scope.profileId, scope.brandId, postId])}`;
