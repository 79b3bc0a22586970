import { ApiClient } from '../../api/client.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { composePosts } from '../../compose-posts.js';
import { DraftsService } from '../../drafts/drafts-service.js';

/*
 * Runs as a child process of activity-kill.test.ts (Node, through tsx). It makes changes one after
 * another (drafts sent as from the composer, posts moved as by a drag) while its outbox sends them
 * to the service, and prints each change it made. With `stallAt`, the n-th transaction freezes
 * forever after its writes and before its commit, so the parent kills it inside a transaction.
 */

interface ChildConfig {
  dbPath: string;
  baseUrl: string;
  apiKey: string;
  brandId: string;
  profileId: string;
  integrationId: string;
  tag: string;
  /** The posts to move and the first time each goes to (move n: that time plus n minutes). */
  moves: { id: string; base: number; done: number }[];
  creates: number;
  stallAt: number | null;
}

const config = JSON.parse(process.env.KILL_CHILD_CONFIG ?? '{}') as ChildConfig;
const brand = { profileId: config.profileId, brandId: config.brandId };
const opened = openDatabase(config.dbPath);
let transactions = 0;
const db: AppDatabase = {
  ...opened,
  tx<T>(fn: () => T): T {
    return opened.tx(() => {
      const result = fn();
      if (++transactions === config.stallAt) {
        process.stdout.write('IN-TRANSACTION\n');
        // Blocks the whole process inside the open transaction until the parent's SIGKILL.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      }
      return result;
    });
  },
};
const drafts = new DraftsService({ db });
const { sync, posts } = composePosts({
  db,
  apiFor: () =>
    new ApiClient({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      brandId: config.brandId,
      retry: { retries: 0 },
    }),
  active: () => brand,
  emit: () => undefined,
  backoff: { baseMs: 20, maxMs: 200 },
  prefetchNeighbours: false,
});
sync.start();
process.stdout.write('READY\n');

async function run() {
  const rounds = Math.max(config.creates, 1);
  for (let n = 1; n <= rounds; n++) {
    if (n <= config.creates) {
      const draft = drafts.saveDraft(brand, {
        brandId: config.brandId,
        blocks: [{ content: `Kill ${n} ${config.tag}`, media: [] }],
        targets: [{ integrationId: config.integrationId, platform: 'x', settings: {}, blocks: null }],
        commentDelays: [],
        shortLink: false,
        date: null,
        replacesGroup: null,
      });
      await posts.sendDraft(brand, {
        draftId: draft.id,
        type: 'schedule',
        date: new Date(Date.now() + (120 + n) * 60_000).toISOString(),
      });
      process.stdout.write(`CREATED ${n}\n`);
    }
    for (const m of config.moves) {
      posts.applyBulkChange(brand, {
        moves: [
          {
            id: m.id,
            from: new Date().toISOString(),
            to: new Date(m.base + (m.done + n) * 60_000).toISOString(),
          },
        ],
        deleteGroups: [],
        origin: 'drag',
      });
    }
    process.stdout.write(`MOVED ${n}\n`);
    await new Promise((r) => setTimeout(r, 15));
  }
  process.stdout.write('DONE\n');
}
void run();
