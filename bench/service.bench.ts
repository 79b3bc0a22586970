import autocannon from 'autocannon';
import { X_MAX_TEXT_LENGTH } from '../shared/platforms/text.js';
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
const HOSTILE_RUNS = Number(process.env.BENCH_HOSTILE_RUNS ?? 5);
const seedFrom = Date.UTC(2027, 0, 1);
const service = await startChildService({ seedPosts: POSTS, seedFrom, seedMonths: MONTHS });
/**
 * The time to refuse the hostile requests the tests once timed (they now check what reaches
 * the expensive step instead): each request from its sending to its 400, one at a time.
 */
async function hostile(): Promise<void> {
  const url = `${service.baseUrl}/posts`;
  const headers = {
    authorization: `Bearer ${service.token}`,
    'x-brand-id': service.brandId,
    'content-type': 'application/json',
  };
  const on = (platform: string) => {
    const integration = service.integrations.find((i) => i.platform === platform);
    if (!integration) throw new Error(`no ${platform} account in the sandbox`);
    return integration.id;
  };
  const post = (platform: string, blocks: string[], shortLink = false) =>
    JSON.stringify({
      type: 'schedule',
      date: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      shortLink,
      posts: [
        {
          integration: { id: on(platform) },
          value: blocks.map((content) => ({ content })),
          settings: { __type: platform },
        },
      ],
    });
  const urls = Array.from({ length: 20_000 }, (_, i) => `https://e.co/${i}`);
  const facebookBlocks: string[] = [];
  for (let i = 0; i < urls.length; i += 2000) facebookBlocks.push(urls.slice(i, i + 2000).join(' '));
  const cases: [string, string][] = [
    [
      'a body of arrays nested 100,000 levels (errors.test)',
      `{"type":"draft","date":"2099-01-01T00:00:00Z","shortLink":false,"posts":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    ],
    ['20,000 URLs to shorten, past the 1,000 cap (short-links.test)', post('facebook', facebookBlocks, true)],
    ['an X text of "a." × 975,000, 1.95 MB, past the caps (posts.test)', post('x', ['a.'.repeat(975_000)])],
    [
      `an X text of "a." at the X cap, ${X_MAX_TEXT_LENGTH.toLocaleString('en-US')} units (posts.test)`,
      post('x', ['a.'.repeat(Math.floor(X_MAX_TEXT_LENGTH / 2))]),
    ],
  ];
  for (const [name, body] of cases) {
    const runs: number[] = [];
    for (let r = 0; r < HOSTILE_RUNS; r++) {
      const t0 = performance.now();
      const res = await fetch(url, { method: 'POST', headers, body });
      await res.arrayBuffer();
      runs.push(performance.now() - t0);
      if (res.status !== 400) throw new Error(`${name}: answered ${res.status}, not 400`);
    }
    rec.add({
      section: 'Hostile requests refused',
      name: `POST /posts, ${name}: refused (400)`,
      unit: 'ms',
      runs,
    });
  }
  rec.note(
    'Hostile requests: each sent alone, timed from its sending to the end of its 400 (the service in its child process, rate limit off). The tests allowed 2–3 s on a loaded machine; they now check what the refusal avoids (the nesting check opens at most 64 levels, no row is written, nothing past the caps reaches twitter-text) and no longer time it.',
  );
}

try {
  rec.add({
    section: SECTION,
    name: `store ${POSTS.toLocaleString('en-US')} posts (PostStore.insertMany, one transaction)`,
    unit: 'ms',
    runs: [service.seedMs ?? Number.NaN],
  });
  await hostile();
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
