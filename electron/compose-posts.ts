import { BulkBatchesRepo } from './bulk/bulk-batches-repo.js';
import { DraftsRepo } from './drafts/drafts-repo.js';
import { IntegrationsRepo } from './integrations/integrations-repo.js';
import { MediaRepo } from './media/media-repo.js';
import { PostMetaRepo } from './labels/post-meta-repo.js';
import { PostCommands } from './posts/post-commands.js';
import { SnippetsRepo } from './snippets/snippets-repo.js';
import { OutboxRepo } from './store/outbox-repo.js';
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
  return {
    outbox: new OutboxRepo(db, now),
    cache: new PostsCache(db),
    media: new MediaRepo(db, now),
    drafts: new DraftsRepo(db),
    snippets: new SnippetsRepo(db, now),
    batches: new BulkBatchesRepo(db, now),
    integrations: new IntegrationsRepo(db, now),
    settings: new SettingsRepo(db, now),
    meta: new PostMetaRepo(db, now),
  };
}

export interface ComposedPosts {
  stores: PostsStoresAll;
  sync: SyncEngine;
  posts: PostCommands;
}

/** The sync engine and the posts module over one set of repositories (built here unless given). */
export function composePosts(
  o: Omit<SyncEngineOptions, 'stores'> & { stores?: PostsStoresAll },
): ComposedPosts {
  const now = o.now ?? (() => new Date());
  const stores = o.stores ?? postsStores(o.db, now);
  const sync = new SyncEngine({ ...o, now, stores });
  const posts = new PostCommands({
    db: o.db,
    now,
    ...stores,
    reachability: sync.reachability,
    apiOf: (a) => sync.apiOf(a),
    active: o.active,
    emit: o.emit,
    view: {
      shown: (a, ids) => sync.shown(a, ids),
      status: () => sync.getSyncStatus(),
      kick: () => sync.wake(),
      retryNow: () => sync.kick(),
      abortUpload: (id) => sync.abortUpload(id),
      announce: (scope, touched) => sync.announce(scope, touched),
    },
  });
  return { stores, sync, posts };
}
