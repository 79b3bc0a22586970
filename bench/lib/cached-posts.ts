import type { PostListItem } from '../../shared/api/resources.js';
import type { AppDatabase } from '../../electron/store/database.js';
import type { DraftsService } from '../../electron/drafts/drafts-service.js';
import { ProfilesRepo } from '../../electron/store/profiles-repo.js';
import type { PostCommands } from '../../electron/posts/post-commands.js';

/*
 * Runs under Node (tsx). What the store, local-first and fault benchmarks seed the app's database
 * with: a profile to hang rows on, and cached posts like the ones people schedule.
 */

export const BENCH_PROFILE = 'bench-profile';

/** Post number `n` of a cache, on the minute at or before `publishMs`, on one of 16 X accounts. */
export function cachedPost(n: number, publishMs: number): PostListItem {
  return {
    id: `post_${n}`,
    group: `group_${n}`,
    state: 'scheduled',
    publishDate: new Date(publishMs - (publishMs % 60_000)).toISOString(),
    integration: {
      id: `acc_${n % 16}`,
      platform: 'x',
      name: `Account ${n % 16}`,
      picture: null,
      disconnected: false,
    },
    content: `Cached post ${n}: a line of text like the ones people schedule`,
    blockCount: 1,
    releaseURL: null,
    publishedAt: null,
    error: null,
  };
}

/** Saves the benchmark's profile, which cache rows and outbox items belong to. */
export function saveBenchProfile(
  db: AppDatabase,
  o: { baseUrl: string; brandId: string; keyStorage: 'session' | 'keychain' },
): void {
  new ProfilesRepo(db).save({
    id: BENCH_PROFILE,
    label: 'Bench',
    baseUrl: o.baseUrl,
    brandId: o.brandId,
    organization: null,
    user: null,
    scopes: null,
    keyStorage: o.keyStorage,
  });
}

/**
 * Queues `count` X posts through the outbox, scheduled a minute apart from `base`, each from its
 * own local draft (as after a day offline): what the outbox benchmarks flush.
 */
export async function queueScheduledCreates(
  o: { drafts: DraftsService; posts: PostCommands; profileId: string },
  batch: { brandId: string; integrationId: string; count: number; base: number; text: (i: number) => string },
): Promise<void> {
  for (let i = 0; i < batch.count; i++) {
    const draftId = o.drafts.saveDraft(
      { profileId: o.profileId, brandId: batch.brandId },
      {
        brandId: batch.brandId,
        blocks: [{ content: batch.text(i), media: [] }],
        targets: [{ integrationId: batch.integrationId, platform: 'x', settings: {}, blocks: null }],
        commentDelays: [],
        shortLink: false,
        date: null,
        replacesGroup: null,
      },
    ).id;
    const date = new Date(batch.base + i * 60_000);
    date.setUTCSeconds(0, 0);
    const brand = { profileId: BENCH_PROFILE, brandId: batch.brandId };
    await o.posts.sendDraft(brand, { draftId, type: 'schedule', date: date.toISOString() });
  }
}
