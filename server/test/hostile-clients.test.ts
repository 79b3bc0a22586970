import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, type RunningService } from '../index.js';
import { as, startTestService } from './helpers.js';

/*
 * Clients that try to take the service from everyone else, against the real server on loopback:
 * request heads trickled a byte at a time (slowloris) from one address must neither hold every
 * connection nor hold any for long. Another loopback address (127.0.0.2) stands in for the attacker.
 */

const ATTACKER = '127.0.0.2';

interface Held {
  socket: Socket;
  closed: Promise<number>;
}

/** Opens a connection from `localAddress` and starts a request head it never finishes. */
function trickle(origin: string, localAddress: string): Promise<Held> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const opened = Date.now();
    const socket = connect({ port: Number(url.port), host: url.hostname, localAddress });
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - opened)));
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.once('connect', () => {
      socket.write('GET /v1/me HTTP/1.1\r\nHost: x\r\n');
      resolve({ socket, closed });
    });
    // A connection refused at once never connects: resolve anyway, already closed.
    socket.once('close', () => resolve({ socket, closed }));
  });
}

/** How long until the service answers an ordinary request, giving up after `withinMs`. */
async function timeToAnswer(s: RunningService, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const left = withinMs - (Date.now() - started);
    const answered = await as(s, 'full-live')
      .raw('/me', { signal: AbortSignal.timeout(Math.max(1, Math.min(1_000, left))) })
      .then((a) => a.status === 200)
      .catch(() => false);
    if (answered) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Number.POSITIVE_INFINITY;
}

describe('request heads trickled a byte at a time', () => {
  let s: RunningService;
  const held: Held[] = [];
  beforeAll(async () => {
    s = await startTestService();
  });
  afterAll(async () => {
    held.forEach((h) => h.socket.destroy());
    await s.close();
  });

  it(`from one address (${DEFAULT_MAX_CONNECTIONS} of them) do not lock any other client out`, async () => {
    for (let i = 0; i < DEFAULT_MAX_CONNECTIONS; i++) held.push(await trickle(s.origin, ATTACKER));
    const drip = setInterval(() => {
      for (const h of held) if (h.socket.writable) h.socket.write('X');
    }, 500);
    try {
      const ms = await timeToAnswer(s, 5_000);
      console.log(`trickled heads: another client answered after ${ms} ms`);
      expect(ms).toBeLessThan(2_000);
    } finally {
      clearInterval(drip);
    }
  }, 20_000);

  it('are cut once the short head time has passed', async () => {
    expect(DEFAULT_HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    const short = await startTestService({ headersTimeoutMs: 1_000 });
    try {
      const h = await trickle(short.origin, ATTACKER);
      const drip = setInterval(() => h.socket.writable && h.socket.write('X'), 100);
      const cutAfter = await Promise.race([
        h.closed,
        new Promise<number>((r) => setTimeout(r, 6_000, Infinity)),
      ]);
      clearInterval(drip);
      h.socket.destroy();
      console.log(`trickled head cut after ${cutAfter} ms`);
      expect(cutAfter).toBeLessThan(4_000);
    } finally {
      await short.close();
    }
  }, 15_000);
});

describe('/cdn answers', () => {
  let s: RunningService;
  beforeAll(async () => {
    s = await startTestService();
  });
  afterAll(() => s.close());

  it('say nosniff on errors too, so a browser never guesses a type', async () => {
    for (const path of [
      '/cdn/missing.png',
      '/cdn/%E0%A4%A',
      '/cdn/%',
      '/cdn/..%2Fsandbox.json',
      '/cdn/.hidden',
      '/cdn/',
    ]) {
      const res = await fetch(`${s.origin}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
