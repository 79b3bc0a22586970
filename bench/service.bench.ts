import autocannon from 'autocannon';
import { Recorder, round } from './lib/results.js';
import { startChildService } from './lib/service.js';

/*
 * Runs under Node (tsx). The local service (a child process) with 100,000 posts stored for one
 * brand over 48 months, rate limit off, loaded by autocannon: GET /posts for one month, 10
 * connections for 10 s; the same with a different window on each request, so that no answer is
 * reused; then one connection (what a single calendar sees). The load generator
 * runs here, the service alone in its child.
 */

const SECTION = 'Local service';
const POSTS = 100_000;
const MONTHS = 48;
const DAY = 86_400_000;
const DURATION_S = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
/** p99 at 10 connections; why this figure is in the note recorded with it. */
const P99_TARGET_MS = 300;

const rec = new Recorder('service');
const seedFrom = Date.UTC(2027, 0, 1);
const service = await startChildService({ seedPosts: POSTS, seedFrom, seedMonths: MONTHS });
try {
  rec.add({
    section: SECTION,
    name: `store ${POSTS.toLocaleString('en-US')} posts (PostStore.insertMany, one transaction)`,
    unit: 'ms',
    runs: [service.seedMs ?? Number.NaN],
  });
  const monthStart = seedFrom + 20 * 30 * DAY;
  const pathOf = (start: number) =>
    `/v1/posts?startDate=${encodeURIComponent(new Date(start).toISOString())}&endDate=${encodeURIComponent(new Date(start + 30 * DAY).toISOString())}`;
  const url = `${service.baseUrl.replace(/\/v1$/, '')}${pathOf(monthStart)}`;
  const headers = {
    authorization: `Bearer ${service.token}`,
    'x-brand-id': service.brandId,
    accept: 'application/json',
  };
  const probe = await fetch(url, { headers });
  const body = (await probe.json()) as { posts?: unknown[] };
  const count = body.posts?.length ?? 0;
  if (probe.status !== 200 || count === 0)
    throw new Error(`GET /posts answered ${probe.status} with ${count} posts`);
  const size = `response ${round(Number(probe.headers.get('content-length') ?? 0) / 1024)} KB`;

  /** 10 connections for DURATION_S; `fresh` moves each request's window by a minute. */
  const load = async (label: string, fresh: boolean, target: number | undefined) => {
    let n = 0;
    const requests = fresh
      ? [{ setupRequest: (r: object) => ({ ...r, path: pathOf(monthStart + ++n * 60_000) }) }]
      : undefined;
    const result = await autocannon({ url, headers, connections: 10, duration: DURATION_S, requests });
    const errors = result.errors + result.timeouts + result.non2xx;
    rec.add({
      section: SECTION,
      name: `GET /posts, ${label} (${count.toLocaleString('en-US')} posts, ${round(result.throughput.average / 1024 / 1024)} MB/s), 10 connections, ${DURATION_S} s: throughput`,
      unit: 'req/s',
      runs: [result.requests.average],
      note: `${result.requests.total} requests, ${errors} errors or non-2xx; ${size}`,
    });
    rec.add({
      section: SECTION,
      name: `GET /posts, ${label}, under that load: p99 latency`,
      unit: 'ms',
      runs: [result.latency.p99],
      atMost: target,
      note: `p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, max ${result.latency.max} ms`,
    });
    rec.add({
      section: SECTION,
      name: `GET /posts, ${label}, under that load: errors and non-2xx answers`,
      unit: 'answers',
      runs: [errors],
      atMost: 0,
    });
  };
  await load('one month', false, P99_TARGET_MS);
  await load('a different window each request (no answer reused)', true, undefined);

  const single = await autocannon({ url, headers, connections: 1, duration: DURATION_S });
  rec.add({
    section: SECTION,
    name: `GET /posts, one month, 1 connection (one calendar), ${DURATION_S} s: p99 latency`,
    unit: 'ms',
    runs: [single.latency.p99],
    note: `${single.requests.total} requests, ${single.errors + single.timeouts + single.non2xx} errors or non-2xx; p50 ${single.latency.p50} ms, max ${single.latency.max} ms`,
  });
  rec.note(
    `Target: p99 at 10 connections ≤ ${P99_TARGET_MS} ms for one month asked again and again, which is what calendars do (every window, every refetch, every client of the brand). The service keeps a serialized answer while the data it came from is unchanged (server/http/answer-cache.ts; any write anywhere makes it stale), so those requests are served from it. The second load moves each request's window by a minute, so every answer is built: the rows out of SQLite, the views, the schema check and JSON, one request at a time (p99 ≈ 20 service times at 10 connections). It is reported, not targeted: it is the service's worst case, and its time is mostly SQLite handing 2,000 rows to JavaScript.`,
  );
} finally {
  await service.close();
}
rec.save();
