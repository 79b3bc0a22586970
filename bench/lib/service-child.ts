import { startService } from '../../server/index.js';
import { openDatabase } from '../../server/store/db.js';
import { AccountStore } from '../../server/store/accounts.js';
import { PostStore, type NewPost } from '../../server/store/posts.js';
import { sandboxKey } from '../../server/sandbox-file.js';
import { z } from 'zod';

/*
 * Runs as a child of a benchmark (Node, tsx), so the service's memory and CPU are its own. Starts
 * the local service on a free port in the data dir given, optionally stores many posts for the
 * first brand (or for each of `seedBrands` brands of the first organization, adding brands with an
 * X account each as needed) straight through the service's stores (one transaction per brand),
 * prints one JSON line with what the parent needs, and stops when its stdin closes.
 */

const Options = z.object({
  dataDir: z.string(),
  rateLimit: z.object({ count: z.number(), seconds: z.number() }).nullable(),
  seedPosts: z.number().int().nonnegative(),
  /** First instant of the seeded posts; they fill one month after another from there. */
  seedFrom: z.number(),
  seedMonths: z.number().int().positive(),
  /** How many brands get `seedPosts` each (1: the first brand only). */
  seedBrands: z.number().int().positive().default(1),
  /** At least this many connected accounts in each seeded brand (added as needed; 0: as seeded). */
  seedAccounts: z.number().int().nonnegative().default(0),
});
export type ServiceChildOptions = z.input<typeof Options>;

export interface ServiceChildReady {
  baseUrl: string;
  token: string;
  brandId: string;
  integrations: { id: string; platform: string }[];
  /** The seeded brands (the first brand alone unless seedBrands says more). */
  brandIds: string[];
  seedMs: number | null;
}

const opts = Options.parse(JSON.parse(process.argv[2] ?? '{}'));
const service = await startService({ dataDir: opts.dataDir, port: 0, rateLimit: opts.rateLimit, log: false });
const brand = service.sandbox.organizations[0]?.brands[0];
if (!brand) throw new Error('the sandbox has no brand');
const integrations = brand.integrations
  .filter((i) => !i.disconnected)
  .map((i) => ({ id: i.id, platform: i.platform }));

let seedMs: number | null = null;
const brandIds = [brand.id];
if (opts.seedPosts > 0) {
  const t0 = performance.now();
  const db = openDatabase(opts.dataDir);
  const org = service.sandbox.organizations[0]!;
  const accounts = new AccountStore(db);
  const seeded = [{ id: brand.id, integrations }];
  for (const other of org.brands.slice(1, opts.seedBrands))
    seeded.push({ id: other.id, integrations: other.integrations.filter((i) => !i.disconnected) });
  while (seeded.length < opts.seedBrands) {
    const added = accounts.createBrand(org.id, `Bench brand ${seeded.length + 1}`);
    const x = accounts.createIntegration({
      brandId: added.id,
      platform: 'x',
      name: `Bench ${seeded.length + 1}`,
    });
    seeded.push({ id: added.id, integrations: [{ id: x.id, platform: x.platform }] });
  }
  // More accounts where a benchmark asks for them (the analytics snapshot reads every account).
  const platforms = [
    'x',
    'linkedin',
    'instagram',
    'facebook',
    'threads',
    'bluesky',
    'tiktok',
    'youtube',
  ] as const;
  for (const [bi, b] of seeded.entries()) {
    while (b.integrations.length < opts.seedAccounts) {
      const k = b.integrations.length;
      const added = accounts.createIntegration({
        brandId: b.id,
        platform: platforms[k % platforms.length]!,
        name: `Bench ${bi + 1} account ${k + 1}`,
      });
      b.integrations.push({ id: added.id, platform: added.platform });
    }
  }
  brandIds.splice(0, 1, ...seeded.map((b) => b.id));
  const monthMs = 30 * 86_400_000;
  const perMonth = Math.ceil(opts.seedPosts / opts.seedMonths);
  const store = new PostStore(db);
  seeded.forEach((b, bi) => {
    const posts: NewPost[] = Array.from({ length: opts.seedPosts }, (_, n) => {
      const integration = b.integrations[n % b.integrations.length]!;
      const month = n % opts.seedMonths;
      // Spread evenly over each month (the k-th of the month k parts in), at varied minutes.
      const k = Math.floor(n / opts.seedMonths);
      let at =
        opts.seedFrom + month * monthMs + Math.floor((k * monthMs) / perMonth) + ((n * 7919) % 60) * 60_000;
      // The first five minutes of every half hour stay free: a benchmark's drag lands a post there,
      // first in its row of the week view, so it is drawn and not folded into "+N more".
      const minute = Math.floor(at / 60_000) % 30;
      if (minute < 5) at += (5 - minute) * 60_000;
      const id = bi === 0 ? `seed_${n}` : `seed_${bi}_${n}`;
      return {
        id,
        groupId: bi === 0 ? `seedgroup_${n}` : `seedgroup_${bi}_${n}`,
        brandId: b.id,
        integrationId: integration.id,
        // Posts of the past went out already: the publisher has nothing to catch up on.
        state: at < Date.now() ? 'published' : 'scheduled',
        publishedAt: at < Date.now() ? at : null,
        publishDate: at - (at % 60_000),
        blocks: [
          {
            content: `Seeded post ${n}: a line of text like the ones people schedule`,
            image: [],
            releaseURL: null,
            publishedAt: null,
          },
        ],
        settings: { __type: integration.platform },
        commentDelays: null,
        shortLink: false,
      };
    });
    store.insertMany(posts);
  });
  db.close();
  seedMs = performance.now() - t0;
}

const ready: ServiceChildReady = {
  baseUrl: service.baseUrl,
  token: sandboxKey(service.sandbox, 'full-test').token,
  brandId: brand.id,
  integrations,
  brandIds,
  seedMs,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void service.close().then(() => process.exit(0));
});
