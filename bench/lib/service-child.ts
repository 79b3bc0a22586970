import { startService } from '../../server/index.js';
import { openDatabase } from '../../server/store/db.js';
import { PostStore, type NewPost } from '../../server/store/posts.js';
import { sandboxKey } from '../../server/sandbox-file.js';
import { z } from 'zod';

/*
 * Runs as a child of a benchmark (Node, tsx), so the service's memory and CPU are its own. Starts
 * the local service on a free port in the data dir given, optionally stores many posts for the
 * first brand straight through the service's PostStore (one transaction), prints one JSON line
 * with what the parent needs, and stops when its stdin closes.
 */

const Options = z.object({
  dataDir: z.string(),
  rateLimit: z.object({ count: z.number(), seconds: z.number() }).nullable(),
  seedPosts: z.number().int().nonnegative(),
  /** First instant of the seeded posts; they fill one month after another from there. */
  seedFrom: z.number(),
  seedMonths: z.number().int().positive(),
});
export type ServiceChildOptions = z.infer<typeof Options>;

export interface ServiceChildReady {
  baseUrl: string;
  token: string;
  brandId: string;
  integrations: { id: string; platform: string }[];
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
if (opts.seedPosts > 0) {
  const t0 = performance.now();
  const db = openDatabase(opts.dataDir);
  const monthMs = 30 * 86_400_000;
  const posts: NewPost[] = Array.from({ length: opts.seedPosts }, (_, n) => {
    const integration = integrations[n % integrations.length]!;
    const month = n % opts.seedMonths;
    // Spread evenly over each month, at varied minutes.
    const at = opts.seedFrom + month * monthMs + (Math.floor((n / opts.seedMonths) * 7919) % monthMs);
    return {
      id: `seed_${n}`,
      groupId: `seedgroup_${n}`,
      brandId: brand.id,
      integrationId: integration.id,
      state: 'scheduled',
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
  new PostStore(db).insertMany(posts);
  db.close();
  seedMs = performance.now() - t0;
}

const ready: ServiceChildReady = {
  baseUrl: service.baseUrl,
  token: sandboxKey(service.sandbox, 'full-test').token,
  brandId: brand.id,
  integrations,
  seedMs,
};
process.stdout.write(`${JSON.stringify(ready)}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void service.close().then(() => process.exit(0));
});
