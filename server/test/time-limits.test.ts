import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import { HANG_MS, noHang } from '../../test/support/hang.js';
import { CLOSE_GRACE_MS, startService, type RunningService } from '../index.js';
import { SandboxFile } from '../sandbox-file.js';
import { spawnCli } from './cli-process.js';
import { pngBytes } from './fixtures.js';
import { as, eventually, freshDataDir, removeDataDir, startTestService } from './helpers.js';

const partFiles = (dataDir: string) => readdirSync(join(dataDir, 'media')).filter((f) => f.endsWith('.part'));

/** A connection to the service and everything it has sent back so far. */
interface Connection {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function open(origin: string): Promise<Connection> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(Number(url.port), url.hostname);
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
  });
}

/** Starts an upload of a real image, sends its first 20 KB (enough for a partial file), then stalls. */
async function stalledUpload(origin: string, authorization: string, brand: string): Promise<Connection> {
  const c = await open(origin);
  const boundary = 'stalledboundary';
  const png = await pngBytes(128, 128);
  c.socket.write(
    `POST /v1/media/upload HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nX-Brand-Id: ${brand}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${png.length + 1000}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  c.socket.write(png.subarray(0, 20_000));
  return c;
}

const statusOf = (text: string) => Number(text.split(' ')[1]);
/**
 * Node's timers may fire up to a millisecond before their time; a cut this much before its limit
 * would still be a cut at the limit.
 */
const TIMER_SLACK_MS = 5;
/** A limit far beyond the hang detector: with it, nothing but the limit under test can cut within the test. */
const NEVER_MS = 10 * 60_000;
const bodyOf = (text: string) => ErrorBody.parse(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));

/*
 * Each limit is a configured timeout: the test asserts the cut happened, by that limit (its own
 * sentence, or the other limits set far away), and not before the limit. Whether it comes soon
 * after is no test's business; a cut that never comes fails by the hang detector (HANG_MS).
 */
describe('time limits', () => {
  const IDLE_MS = 500;
  const REQUEST_MS = 2_500;
  let s: RunningService;
  beforeAll(async () => {
    s = await startTestService({ idleTimeoutMs: IDLE_MS, requestTimeoutMs: REQUEST_MS });
  });
  afterAll(() => s.close());

  it('a stalled upload is cut after the idle time with 408 REQUEST_TIMEOUT, and its partial file removed', async () => {
    const { authorization, 'x-brand-id': brand } = as(s, 'full-live').headers;
    const c = await stalledUpload(s.origin, authorization, brand);
    const stalledAt = Date.now();
    await noHang('the stalled upload to be cut', c.closed);
    expect(Date.now() - stalledAt).toBeGreaterThanOrEqual(IDLE_MS - TIMER_SLACK_MS);
    expect(statusOf(c.received())).toBe(408);
    // The idle limit's own sentence: not the request time limit (2.5 s), which would also answer 408.
    expect(bodyOf(c.received())).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: expect.stringContaining(`nothing arrived for ${IDLE_MS / 1000} s`),
    });
    await eventually('the partial file to go', async () => partFiles(s.dataDir).length === 0, HANG_MS);
  }, 60_000);

  it('a request that trickles in (never idle) is cut at the request time limit with 408', async () => {
    const c = await open(s.origin);
    const { authorization, 'x-brand-id': brand } = as(s, 'full-live').headers;
    c.socket.write(
      `POST /v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nX-Brand-Id: ${brand}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
    // The service, in this process, cannot have read the request before this line.
    const started = Date.now();
    const drip = setInterval(() => c.socket.writable && c.socket.write(' '), 100);
    try {
      await noHang('the trickling request to be cut', c.closed);
    } finally {
      clearInterval(drip);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_MS - TIMER_SLACK_MS);
    expect(statusOf(c.received())).toBe(408);
    expect(bodyOf(c.received())).toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive; send it again.',
    });
  }, 60_000);
});

describe('the connection cap', () => {
  it('refuses connections past the cap until one closes', async () => {
    // The head and idle limits far away: within the test only the cap can close a silent connection.
    const s = await startTestService({
      maxConnections: 3,
      headersTimeoutMs: NEVER_MS,
      idleTimeoutMs: NEVER_MS,
    });
    const held: Connection[] = [];
    try {
      for (let i = 0; i < 3; i++) held.push(await open(s.origin));
      const extra = await open(s.origin);
      await noHang('the connection past the cap to be closed', extra.closed);
      // Closed unanswered, while the three within the cap stay open.
      expect(extra.received()).toBe('');
      expect(held.map((c) => c.socket.destroyed)).toEqual([false, false, false]);
      held.forEach((c) => c.socket.destroy());
      await Promise.all(held.map((c) => c.closed));
      await eventually(
        'a connection to be served again',
        async () => (await as(s, 'full-live').get('/me')).status === 200,
        HANG_MS,
      );
    } finally {
      held.forEach((c) => c.socket.destroy());
      await s.close();
    }
  }, 60_000);
});

describe('closing with stalled uploads', () => {
  it('close() cuts stalled uploads after its grace and leaves no partial files', async () => {
    const dataDir = freshDataDir();
    // The uploads' own limits far away: only close() can end them within the test.
    const s = await startService({
      dataDir,
      port: 0,
      rateLimit: null,
      idleTimeoutMs: NEVER_MS,
      requestTimeoutMs: NEVER_MS,
    });
    try {
      const { authorization, 'x-brand-id': brand } = as(s, 'full-live').headers;
      const stalled = await Promise.all(
        Array.from({ length: 5 }, () => stalledUpload(s.origin, authorization, brand)),
      );
      await eventually('the partial files', async () => partFiles(dataDir).length === 5, HANG_MS);
      const started = Date.now();
      await noHang('close() with stalled uploads', s.close());
      expect(Date.now() - started).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - TIMER_SLACK_MS);
      await noHang('the stalled connections to be cut', Promise.all(stalled.map((c) => c.closed)));
      expect(partFiles(dataDir)).toEqual([]);
    } finally {
      await s.close();
      removeDataDir(dataDir);
    }
  }, 60_000);

  it('the CLI ends on SIGTERM with a stalled upload open, its limits far away', async () => {
    const dataDir = freshDataDir();
    // The upload's own limits far away: only the shutdown can end it within the test.
    const child = spawnCli([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--rate-limit',
      'off',
      '--idle-timeout-ms',
      String(NEVER_MS),
      '--request-timeout-ms',
      String(NEVER_MS),
    ]);
    try {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      const baseUrl = await eventually(
        '"listening on"',
        async () => /listening on (\S+)/.exec(out)?.[1],
        30_000,
      );
      const sandbox = SandboxFile.parse(JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8')));
      const key = sandbox.keys[0]?.token ?? '';
      const brand = sandbox.organizations[0]?.brands[0]?.id ?? '';
      const c = await stalledUpload(new URL(baseUrl).origin, `Bearer ${key}`, brand);
      await eventually('the partial file', async () => partFiles(dataDir).length === 1, HANG_MS);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await noHang('the CLI to exit on SIGTERM', exited)).toBe(0);
      expect(partFiles(dataDir)).toEqual([]);
      c.socket.destroy();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      removeDataDir(dataDir);
    }
  }, 60_000);
});
