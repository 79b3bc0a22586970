import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type StartServiceOptions } from '../index.js';
import { sandboxKey, type SandboxKeyLabel } from '../sandbox-file.js';

export const freshDataDir = () => mkdtempSync(join(tmpdir(), 'pst-service-'));

/**
 * A service on a free port and a fresh data dir, fast ticks; rate limiting off unless asked.
 * Closing it also removes its data dir.
 */
export async function startTestService(opts: Partial<StartServiceOptions> = {}): Promise<RunningService> {
  const dataDir = opts.dataDir ?? freshDataDir();
  const svc = await startService({ port: 0, tickMs: 50, minuteMs: 200, rateLimit: null, ...opts, dataDir });
  return {
    ...svc,
    close: async () => {
      await svc.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test service and a client of it with the full live key, for a test file's beforeAll (close it in afterAll). */
export async function serviceWithFullKey(opts: Partial<StartServiceOptions> = {}) {
  const s = await startTestService(opts);
  return { s, api: as(s, 'full-live') };
}

/** Removes data dirs a test made with freshDataDir and started itself. */
export const removeDataDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** For a test file: a fresh data dir per call, all removed once the file's tests are done. */
export function dataDirsOfFile(): () => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeDataDir));
  return () => {
    const dir = freshDataDir();
    dirs.push(dir);
    return dir;
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** Fetches and reads the answer as JSON when it is JSON. */
export async function call<T = unknown>(url: string, init: RequestInit = {}): Promise<Answer<T>> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text);
  return { status: res.status, body: body as T, headers: res.headers, text };
}

/** The ids of the seeded world, by role. */
export function world(s: RunningService) {
  const [org1, org2] = s.sandbox.organizations;
  if (!org1 || !org2) throw new Error('sandbox lacks its organizations');
  const [brand1, brand2] = org1.brands;
  const brand3 = org2.brands[0];
  if (!brand1 || !brand2 || !brand3) throw new Error('sandbox lacks its brands');
  const byPlatform = (platform: string) => {
    const i = brand1.integrations.find((x) => x.platform === platform && !x.disconnected);
    if (!i) throw new Error(`no ${platform} account in brand 1`);
    return i.id;
  };
  const disconnected = brand1.integrations.find((x) => x.disconnected);
  if (!disconnected) throw new Error('no disconnected account');
  return { org1, org2, brand1, brand2, brand3, byPlatform, disconnected: disconnected.id };
}

/** A small client acting as one seeded key on one brand. */
export function as(s: RunningService, label: SandboxKeyLabel, brandId?: string) {
  const key = sandboxKey(s.sandbox, label);
  const brand = brandId ?? (label === 'other-org' ? world(s).brand3.id : world(s).brand1.id);
  const headers = { authorization: `Bearer ${key.token}`, 'x-brand-id': brand };
  const json = (method: string, body: unknown) => ({
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    token: key.token,
    headers,
    get: <T = unknown>(path: string) => call<T>(s.baseUrl + path, { headers }),
    post: <T = unknown>(path: string, body: unknown) => call<T>(s.baseUrl + path, json('POST', body)),
    put: <T = unknown>(path: string, body: unknown) => call<T>(s.baseUrl + path, json('PUT', body)),
    del: <T = unknown>(path: string) => call<T>(s.baseUrl + path, { method: 'DELETE', headers }),
    raw: <T = unknown>(path: string, init: RequestInit) =>
      call<T>(s.baseUrl + path, {
        ...init,
        headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
      }),
  };
}

/**
 * Waits until `check` returns a value, polling; fails with `what` after `ms`. The default deadline
 * only catches what never happens (under vitest's 30 s test timeout, so the failure names it): a
 * loaded machine may take seconds for what takes milliseconds here, and that is no failure.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
export const range = (days = 40) =>
  `startDate=${encodeURIComponent(inMinutes(-days * 1440))}&endDate=${encodeURIComponent(inMinutes(days * 1440))}`;

/** Asserts the API's error body with this status and code; returns an assertion on the body for more. */
export function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = ErrorBody.parse(res.body);
  expect(body).toMatchObject({ statusCode: status, code });
  expect(body.message.length).toBeGreaterThan(5);
  return expect(body);
}
