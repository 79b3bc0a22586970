import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrandRef } from '../../../shared/ipc/models.js';
import { AnalyticsRepo } from '../../analytics/analytics-repo.js';
import { BRANDS_AT_ONCE, SnapshotJob, type SnapshotJobOptions } from '../../analytics/snapshot-job.js';
import { ApiClient } from '../../api/client.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { json, startScriptedServer, type ScriptedServer } from '../support/service.js';
import { until } from '../support/sync-harness.js';
import { saveTestProfile } from '../support/database.js';

/*
 * The snapshot job's pacing and faults, through the real API client, a loopback server scripted
 * with what the local service never does on demand (a busy answer, a refusal, an answer that never
 * comes) and a real database file: a few brands at once and one account at a time per brand, a
 * passing fault tried again later without a mark, a refusal marked while the others are kept, and
 * a stop that cancels the request in flight and writes nothing after the file is closed.
 */

let dir = '';
let db: AppDatabase;
let repo: AnalyticsRepo;
let server: ScriptedServer;
let job: SnapshotJob | null = null;
const events: { updating: boolean }[] = [];
let disagreed = 0;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'postdeck-snapshot-job-'));
  db = openDatabase(join(dir, 'postdeck.db'));
  saveTestProfile(new ProfilesRepo(db), 'p1');
  repo = new AnalyticsRepo(db);
  server = await startScriptedServer();
  events.length = 0;
  disagreed = 0;
});
afterEach(async () => {
  await job?.stop();
  job = null;
  await server.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ref = (brandId: string): BrandRef => ({ profileId: 'p1', brandId });

function makeJob(brands: string[], extra: Partial<SnapshotJobOptions> = {}): SnapshotJob {
  const api = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: 'pst_test_scripted',
    timeoutMs: 30_000,
    // The job's own backoff paces faults here, not the client's retries.
    retry: { retries: 0 },
  });
  job = new SnapshotJob({
    repo,
    now: () => new Date(),
    emit: (name, payload) => {
      if (name !== 'analyticsChanged') return;
      const said = payload as { updating: boolean };
      events.push(said);
      // A read made as the event arrives agrees with it.
      disagreed += job?.updating === said.updating ? 0 : 1;
    },
    brands: () => brands.map(ref),
    accountsOf: (b) => [`${b.brandId}-acc-1`, `${b.brandId}-acc-2`],
    scopesOf: () => null,
    apiFor: async (b) => api.withBrand(b.brandId),
    online: () => true,
    settled: async () => undefined,
    backoff: { passing: { baseMs: 100, maxMs: 100 }, refused: { baseMs: 60_000, maxMs: 60_000 } },
    ...extra,
  });
  job.start();
  return job;
}

function answer(res: ServerResponse, integrationId: string): void {
  json(res, 200, {
    integration: { id: integrationId, platform: 'x', name: `Account ${integrationId}`, disconnected: false },
    profile: { followers: 100 },
    daily: [{ date: '2030-05-01', metrics: { impressions: 7 } }],
    recentPosts: [],
  });
}

const accountOf = (url: string) => new URL(url, 'http://x').searchParams.get('integrationId') ?? '';

describe('the snapshot job', () => {
  it('takes a few brands at once and one account at a time per brand; a busy brand is retried unmarked, a refused one marked', async () => {
    let inFlight = 0;
    let most = 0;
    const perBrand = new Map<string, number>();
    let mostPerBrand = 0;
    let busyAnswers = 0;
    server.handle(async (req, res) => {
      const brand = String(req.headers['x-brand-id']);
      const account = accountOf(req.url ?? '');
      inFlight++;
      most = Math.max(most, inFlight);
      perBrand.set(brand, (perBrand.get(brand) ?? 0) + 1);
      mostPerBrand = Math.max(mostPerBrand, perBrand.get(brand) ?? 0);
      await new Promise((r) => setTimeout(r, 40));
      inFlight--;
      perBrand.set(brand, (perBrand.get(brand) ?? 1) - 1);
      if (brand === 'busy' && busyAnswers++ < 1)
        return json(res, 503, { statusCode: 503, code: 'UNAVAILABLE', message: 'busy' });
      if (brand === 'refused')
        return json(res, 403, {
          statusCode: 403,
          code: 'INSUFFICIENT_SCOPE',
          message: 'needs analytics:read',
        });
      answer(res, account);
    });
    const brands = ['b1', 'b2', 'b3', 'b4', 'b5', 'busy', 'refused'];
    makeJob(brands).request('all');
    await until(
      'the busy brand to be kept on a later try',
      () => repo.brandState(ref('busy')).snapshotAt !== null,
      10_000,
    );

    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(BRANDS_AT_ONCE);
    expect(mostPerBrand).toBe(1);
    for (const b of ['b1', 'b2', 'b3', 'b4', 'b5', 'busy']) {
      expect(repo.brandState(ref(b))).toMatchObject({ problem: null });
      expect(repo.accounts(ref(b)).map((a) => a.integrationId)).toEqual([`${b}-acc-1`, `${b}-acc-2`]);
      expect(repo.days(ref(b), `${b}-acc-1`, '2030-05-01', '2030-05-01')).toHaveLength(1);
    }
    expect(repo.brandState(ref('refused'))).toEqual({ snapshotAt: null, problem: 'scope-missing' });
    // The refused brand waits out its backoff: it was asked once, not at every retry of the busy one.
    const refusedAsks = server.requests.filter((r) => r.headers['x-brand-id'] === 'refused');
    expect(refusedAsks).toHaveLength(1);
    // Each run said when it began and when it ended.
    await until('the last run to end', () => !job?.updating);
    expect(events[0]).toEqual({ updating: true });
    expect(events.at(-1)).toEqual({ updating: false });
    expect(events.filter((e) => e.updating).length).toBe(events.filter((e) => !e.updating).length);

    // A run of the brands due (a brand switch, the hourly look) finds none: the service is not asked.
    const asked = server.requests.length;
    const ended = events.length;
    job?.request('due');
    await until('the run of due brands to end', () => events.length === ended + 2 && !job?.updating);
    expect(server.requests.length).toBe(asked);
    expect(disagreed).toBe(0);
  });

  it('stops at once with a request in flight, and writes nothing after the database closes', async () => {
    const held: ServerResponse[] = [];
    server.handle((_req, res) => {
      held.push(res);
    });
    makeJob(['b1']).request('all');
    await until('the request to reach the service', () => held.length === 1);
    const started = Date.now();
    await job?.stop();
    job = null;
    expect(Date.now() - started).toBeLessThan(2_000);
    db.close();
    // The answer arrives after all: nothing is written, nothing throws.
    for (const res of held) if (!res.writableEnded && !res.destroyed) answer(res, 'b1-acc-1');
    await new Promise((r) => setTimeout(r, 100));
    db = openDatabase(join(dir, 'postdeck.db'));
    expect(new AnalyticsRepo(db).accounts(ref('b1'))).toEqual([]);
    expect(events.at(-1)).toEqual({ updating: false });
  });
});
