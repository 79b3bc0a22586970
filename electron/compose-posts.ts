import { ActivityLog } from './activity/activity-log.js';
import { BulkBatchesRepo } from './bulk/bulk-batches-repo.js';
import { DraftsRepo } from './drafts/drafts-repo.js';
import { IntegrationsRepo } from './integrations/integrations-repo.js';
import { MediaRepo } from './media/media-repo.js';
import { LabelsRepo } from './labels/labels-repo.js';
import { CategoriesRepo } from './categories/categories-repo.js';
import { linkTracker } from './links/link-rules.js';
import { PostCommands } from './posts/post-commands.js';
import { ReviewWrites } from './posts/review-writes.js';
import { ReviewLens } from './review/review-lens.js';
import { ReviewRepo } from './review/review-repo.js';
import { PostClaims } from './outbox/post-claims.js';
import { SnippetsRepo } from './snippets/snippets-repo.js';
import { OutboxRepo } from './outbox/outbox-repo.js';
import { PostsCache } from './store/posts-cache.js';
import { SettingsRepo } from './store/settings-repo.js';
import { SyncEngine, type SyncEngineOptions } from './sync/sync-engine.js';

/*
 * Part of the composition root: builds the repositories of posts once, the sync engine (reads,
 * pulls, the outbox worker) and the posts module (every write) on them, and joins the two.
 * app-services.ts calls it for the app; tests and benchmarks call it for the same wiring.
 */

export type PostsStoresAll = ReturnType<typeof postsStores>;

/** The repositories posts live in, one of each for the whole app. */
export function postsStores(db: SyncEngineOptions['db'], now: () => Date) {
  const activity = new ActivityLog(db, now);
  return {
    outbox: new OutboxRepo(db, now),
    cache: new PostsCache(db),
    media: new MediaRepo(db, now),
    drafts: new DraftsRepo(db),
    snippets: new SnippetsRepo(db, now),
    batches: new BulkBatchesRepo(db, now),
    integrations: new IntegrationsRepo(db, now),
    settings: new SettingsRepo(db, now),
    reviews: new ReviewRepo(db, now),
    labels: new LabelsRepo(db, now, activity),
    categories: new CategoriesRepo(db, now, activity),
    activity,
  };
}

export interface ComposedPosts {
  stores: PostsStoresAll;
  review: ReviewLens;
  sync: SyncEngine;
  posts: PostCommands;
}

/** The sync engine and the posts module over one set of repositories (built here unless given). */
export function composePosts(
  o: Omit<SyncEngineOptions, 'stores' | 'review'> & {
    stores?: PostsStoresAll;
    /** A brand's name, for sentences about replies of another brand. */
    brandName?: (scope: { profileId: string; brandId: string }) => string;
  },
): ComposedPosts {
  const now = o.now ?? (() => new Date());
  const stores = o.stores ?? postsStores(o.db, now);
  const review = new ReviewLens({
    reviews: stores.reviews,
    outbox: stores.outbox,
    cache: stores.cache,
    claims: new PostClaims(o.db, now),
    now,
  });
  const sentCopy = linkTracker({
    settings: stores.settings,
    labels: stores.labels,
    ...(o.brandName ? { brandName: o.brandName } : {}),
  });
  const sync = new SyncEngine({ ...o, now, stores, review, sentCopy });
  // Labels and notes that followed a post to its new group: the window reads them again, only then.
  stores.labels.onCarried((brand) => o.emit('labelsChanged', { brandId: brand.brandId }));
  stores.categories.onCarried((brand) => o.emit('labelsChanged', { brandId: brand.brandId }));
  const posts = new PostCommands({
    db: o.db,
    now,
    ...stores,
    reachability: sync.reachability,
    apiOf: (a) => sync.apiOf(a),
    active: o.active,
    isShown: (b) =>
      (o.shownBrands?.() ?? []).some((s) => s.profileId === b.profileId && s.brandId === b.brandId),
    emit: o.emit,
    sentCopy,
    lens: review,
    review: new ReviewWrites({
      db: o.db,
      reviews: stores.reviews,
      lens: review,
      cache: stores.cache,
      outbox: stores.outbox,
      brandName: o.brandName ?? (() => 'the brand it was made for'),
      activity: stores.activity,
    }),
    view: {
      shown: (a, ids) => sync.shown(a, ids),
      status: () => sync.getSyncStatus(),
      wake: () => sync.wake(),
      retryNow: () => sync.retryNow(),
      outcomeOf: (ids, ms) => sync.outcomeOf(ids, ms),
      abortUpload: (id) => sync.abortUpload(id),
      announce: (scope, touched) => sync.announce(scope, touched),
    },
  });
  return { stores, review, sync, posts };
}
