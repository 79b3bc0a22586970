import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import { startService, type RunningService } from '../index.js';
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
const bodyOf = (text: string) => ErrorBody.parse(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));

describe('time limits', () => {
  let s: RunningService;
  beforeAll(async () => {
    s = await startTestService({ idleTimeoutMs: 500, requestTimeoutMs: 2_500 });
  });
  afterAll(() => s.close());

  it('a stalled upload is cut after the idle time with 408 REQUEST_TIMEOUT, and its partial file removed', async () => {
    const { authorization, 'x-brand-id': brand } = as(s, 'full-live').headers;
    const started = Date.now();
    const c = await stalledUpload(s.origin, authorization, brand);
    await c.closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(statusOf(c.received())).toBe(408);
    expect(bodyOf(c.received())).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await eventually('the partial file to go', async () => partFiles(s.dataDir).length === 0);
  });

  it('a request that trickles in (never idle) is cut at the request time limit with 408', async () => {
    const c = await open(s.origin);
    const { authorization, 'x-brand-id': brand } = as(s, 'full-live').headers;
    c.socket.write(
      `POST /v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nX-Brand-Id: ${brand}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
    const started = Date.now();
    const drip = setInterval(() => c.socket.writable && c.socket.write(' '), 100);
    try {
      await c.closed;
    } finally {
      clearInterval(drip);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(statusOf(c.received())).toBe(408);
    expect(bodyOf(c.received())).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});

describe('the connection cap', () => {
  it('refuses connections past the cap until one closes', async () => {
    const s = await startTestService({ maxConnections: 3 });
    const held: Connection[] = [];
    try {
      for (let i = 0; i < 3; i++) held.push(await open(s.origin));
      const extra = await open(s.origin);
      const cut = await Promise.race([
        extra.closed.then(() => true),
        new Promise((r) => setTimeout(r, 3_000, false)),
      ]);
      expect(cut).toBe(true);
      held.forEach((c) => c.socket.destroy());
      await Promise.all(held.map((c) => c.closed));
      await eventually(
        'a connection to be served again',
        async () => (await as(s, 'full-live').get('/me')).status === 200,
      );
    } finally {
      held.forEach((c) => c.socket.destroy());
      await s.close();
    }
  });
});

describe('closing with stalled uploads', () => {
  it('close() resolves within a couple of seconds and leaves no partial files', async () => {
    const dataDir = freshDataDir();
    const s = await startService({ dataDir, port: 0, rateLimit: null });
    try {
      const { authorization, 'x-brand-id': brand } = as(s, 'full-live').headers;
      const stalled = await Promise.all(
        Array.from({ length: 5 }, () => stalledUpload(s.origin, authorization, brand)),
      );
      await eventually('the partial files', async () => partFiles(dataDir).length === 5);
      const started = Date.now();
      await s.close();
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(partFiles(dataDir)).toEqual([]);
      stalled.forEach((c) => c.socket.destroy());
    } finally {
      await s.close();
      removeDataDir(dataDir);
    }
  });

  it('the CLI ends promptly on SIGTERM with a stalled upload open', async () => {
    const dataDir = freshDataDir();
    const child = spawnCli(['--port', '0', '--data-dir', dataDir, '--rate-limit', 'off']);
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
      await eventually('the partial file', async () => partFiles(dataDir).length === 1);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(partFiles(dataDir)).toEqual([]);
      c.socket.destroy();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      removeDataDir(dataDir);
    }
  }, 60_000);
});
