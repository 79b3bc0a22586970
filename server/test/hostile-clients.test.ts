import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import { HANG_MS, noHang } from '../../test/support/hang.js';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  type RunningService,
} from '../index.js';
import { as, startTestService } from './helpers.js';

/*
 * Clients that try to take the service from everyone else, against the real server on loopback:
 * request heads trickled a byte at a time (slowloris) from one address must neither hold every
 * connection nor hold any for long. Another loopback address (127.0.0.2) stands in for the attacker.
 * Nothing here is timed: what is asserted is which connections the service keeps,
 * closes or answers, and a configured limit's cut as "not before the limit", with a hang detector.
 */

const ATTACKER = '127.0.0.2';
/** A limit far beyond the hang detector: with it, nothing but what is under test closes a connection in time. */
const NEVER_MS = 10 * 60_000;

interface Held {
  socket: Socket;
  /** Resolves with the time from opening to closing, in ms. */
  closed: Promise<number>;
  /** What the service sent back so far. */
  received: () => string;
}

/** Opens a connection from `localAddress` and starts a request head it never finishes. */
function trickle(origin: string, localAddress: string): Promise<Held> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const opened = Date.now();
    let text = '';
    const socket = connect({ port: Number(url.port), host: url.hostname, localAddress });
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - opened)));
    const held = { socket, closed, received: () => text };
    socket.on('error', () => undefined);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.once('connect', () => {
      socket.write('GET /v1/me HTTP/1.1\r\nHost: x\r\n');
      resolve(held);
    });
    // A connection refused at once never connects: resolve anyway, already closed.
    socket.once('close', () => resolve(held));
  });
}

describe('request heads trickled a byte at a time', () => {
  let s: RunningService;
  const held: Held[] = [];
  beforeAll(async () => {
    // Heads may take 10 minutes here: only the per-address cap can make room for another client.
    s = await startTestService({ headersTimeoutMs: NEVER_MS });
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
      // The attacker keeps its share of the connections; the ones past it are closed unanswered.
      const open = () => held.filter((h) => !h.socket.destroyed);
      await vi.waitFor(() => expect(open()).toHaveLength(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS), {
        timeout: HANG_MS,
      });
      expect(held.filter((h) => h.socket.destroyed).every((h) => h.received() === '')).toBe(true);
      // Another client is answered, at its first try, while the attacker holds all of its share.
      const answer = await noHang('an ordinary request', as(s, 'full-live').get('/me'));
      expect(answer.status).toBe(200);
      expect(open()).toHaveLength(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
    } finally {
      clearInterval(drip);
    }
  }, 60_000);

  it('are cut once the short head time has passed', async () => {
    expect(DEFAULT_HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    const HEADERS_MS = 1_000;
    // The idle limit is longer than the hang detector anyway (connectionTimeout ≥ 35 s).
    const short = await startTestService({ headersTimeoutMs: HEADERS_MS, requestTimeoutMs: NEVER_MS });
    try {
      const h = await trickle(short.origin, ATTACKER);
      const drip = setInterval(() => h.socket.writable && h.socket.write('X'), 100);
      try {
        const cutAfter = await noHang('the trickled head to be cut', h.closed);
        // Node looks for heads past their time every second: the cut comes at the limit or after it.
        expect(cutAfter).toBeGreaterThanOrEqual(HEADERS_MS - 5);
      } finally {
        clearInterval(drip);
        h.socket.destroy();
      }
      const text = h.received();
      expect(Number(text.split(' ')[1]), text).toBe(408);
      expect(ErrorBody.parse(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)))).toMatchObject({
        code: 'REQUEST_TIMEOUT',
      });
    } finally {
      await short.close();
    }
  }, 60_000);
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
