import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrandSyncProblem } from '../../../shared/brands/sync-problem.js';
import { startService, type RunningService } from '../../../server/index.js';
import { sandboxKey, type SandboxKeyLabel } from '../../../server/sandbox-file.js';
import { AccountStore } from '../../../server/store/accounts.js';
import { openDatabase as openServiceDatabase } from '../../../server/store/db.js';
import { startFaultProxy, type FaultProxy, type ProxiedRequest } from '../../../test/support/fault-proxy.js';
import { ApiClient } from '../../api/client.js';
import { composePosts } from '../../compose-posts.js';
import type { ActiveBrand } from '../../core/active-brand.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import type { SyncEngine } from '../../sync/sync-engine.js';
import { PULLS_AT_ONCE } from '../../sync/posts-reader.js';

/*
 * Issue 27 item 2: main pulls every shown brand in the background, PULLS_AT_ONCE brands at a time.
 * Against the real local service with eight brands behind a recording proxy: one brand's service
 * answers slowly, one brand the key may not act on, one brand under a revoked key. The proxy's log
 * says how many pulls were in flight at once and which ended before which.
 */

const SLOW_MS = 1_500;
const MAIN = 'profile-main';
const REVOKED = 'profile-revoked';

interface Setup {
  service: RunningService;
  proxy: FaultProxy;
  db: AppDatabase;
  engine: SyncEngine;
  dir: string;
  problems: Map<string, BrandSyncProblem | null>;
}

let setup: Setup | null = null;
afterEach(async () => {
  if (!setup) return;
  await setup.engine.stop();
  setup.db.close();
  await setup.proxy.close();
  await setup.service.close();
  rmSync(setup.dir, { recursive: true, force: true });
  setup = null;
});

/** Starts the service with `extra` more brands in the first organization, each with an X account. */
async function start(extra: number, shown: (brands: Brands) => ActiveBrand[]): Promise<Setup & Brands> {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-brand-pulls-'));
  const service = await startService({ dataDir: join(dir, 'service'), port: 0, rateLimit: null });
  const [org, otherOrg] = service.sandbox.organizations;
  const serviceDb = openServiceDatabase(join(dir, 'service'));
  const accounts = new AccountStore(serviceDb);
  const added = Array.from({ length: extra }, (_, i) => {
    const brand = accounts.createBrand(org!.id, `Extra brand ${i + 1}`);
    accounts.createIntegration({ brandId: brand.id, platform: 'x', name: `Extra ${i + 1}` });
    return brand.id;
  });
  serviceDb.close();
  const brands: Brands = {
    own: [...org!.brands.map((b) => b.id), ...added],
    notAllowed: otherOrg!.brands[0]!.id,
  };
  const proxy = await startFaultProxy({ target: service.baseUrl, seed: 27, rate: 0 });
  const db = openDatabase(join(dir, 'postdeck.db'));
  const profiles = new ProfilesRepo(db);
  for (const id of [MAIN, REVOKED])
    profiles.save({
      id,
      label: id,
      baseUrl: proxy.baseUrl,
      brandId: brands.own[0]!,
      organization: null,
      user: null,
      scopes: null,
      keyStorage: 'session',
    });
  const keyOf: Record<string, SandboxKeyLabel> = { [MAIN]: 'full-test', [REVOKED]: 'revoked' };
  const problems = new Map<string, BrandSyncProblem | null>();
  const { sync: engine } = composePosts({
    db,
    apiFor: (profileId, brandId) =>
      new ApiClient({
        baseUrl: proxy.baseUrl,
        apiKey: sandboxKey(service.sandbox, keyOf[profileId]!).token,
        brandId,
        timeoutMs: 10_000,
        retry: { retries: 0 },
      }),
    active: () => ({ profileId: MAIN, brandId: brands.own[0]! }),
    shownBrands: () => shown(brands),
    onBrandProblem: (b, problem) => problems.set(`${b.profileId}/${b.brandId}`, problem),
    emit: () => undefined,
    backoff: { baseMs: 30, maxMs: 300 },
    probe: { baseMs: 30, maxMs: 300 },
    prefetchNeighbours: false,
  });
  engine.start();
  setup = { service, proxy, db, engine, dir, problems };
  return { ...setup, ...brands };
}

interface Brands {
  /** The first organization's brands, all of which the full key may act on. */
  own: string[];
  /** The second organization's brand: BRAND_NOT_ALLOWED under the first one's key. */
  notAllowed: string;
}

const isPull = (r: { method: string; url: string }) => r.method === 'GET' && /\/posts\?/.test(r.url);

/** The most pulls that were in flight at one moment. */
function mostAtOnce(pulls: readonly ProxiedRequest[]): number {
  return Math.max(
    ...pulls.map((p) => pulls.filter((q) => q.at <= p.at && p.at < (q.doneAt ?? Infinity)).length),
  );
}

describe('pulls of every shown brand', () => {
  it(`run ${PULLS_AT_ONCE} brands at a time, and a slow or refused brand holds up no other`, async () => {
    const s = await start(5, (b) => [
      { profileId: MAIN, brandId: b.own[0]! },
      { profileId: REVOKED, brandId: b.own[1]! },
      { profileId: MAIN, brandId: b.notAllowed },
      ...b.own.slice(1).map((brandId) => ({ profileId: MAIN, brandId })),
    ]);
    const slow = s.own[0]!;
    s.proxy.slow((r) => (r.brandId === slow && isPull(r) ? SLOW_MS : 0));

    s.engine.brandOpened();
    await s.engine.pulled();

    const pulls = s.proxy.log.filter(isPull);
    // Every brand asked once: the slow one, two refused, six others.
    expect(pulls).toHaveLength(9);
    expect(pulls.every((p) => p.doneAt !== undefined)).toBe(true);
    const most = mostAtOnce(pulls);
    expect(most).toBeLessThanOrEqual(PULLS_AT_ONCE);
    expect(most).toBeGreaterThan(1);
    // The slow brand took one slot; every other brand's pull ended while it was still waiting.
    const slowPull = pulls.find((p) => p.brandId === slow)!;
    for (const p of pulls.filter((q) => q !== slowPull))
      expect(p.doneAt!, `${p.brandId} ended before the slow brand`).toBeLessThan(slowPull.doneAt!);

    // Each refused brand is marked with its refusal; no other brand is.
    expect(s.problems.get(`${MAIN}/${s.notAllowed}`)).toBe('brand-not-allowed');
    expect(s.problems.get(`${REVOKED}/${s.own[1]}`)).toBe('key-refused');
    expect([...s.problems.entries()].filter(([, p]) => p !== null)).toHaveLength(2);
  }, 30_000);

  it("never overlaps a brand's pull with its own", async () => {
    const s = await start(1, (b) => b.own.map((brandId) => ({ profileId: MAIN, brandId })));
    s.proxy.slow((r) => (isPull(r) ? 200 : 0));
    // Three asks in a row for every brand: each brand's three pulls one after another.
    for (let i = 0; i < 3; i++) s.engine.brandOpened();
    await s.engine.pulled();
    const pulls = s.proxy.log.filter(isPull);
    expect(pulls).toHaveLength(3 * s.own.length);
    for (const brandId of s.own) expect(mostAtOnce(pulls.filter((p) => p.brandId === brandId))).toBe(1);
    expect(mostAtOnce(pulls)).toBeGreaterThan(1);
  }, 30_000);
});
