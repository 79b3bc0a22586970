import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A real HTTP proxy on loopback in front of a real service,
 * injecting the faults real networks have, each at a seeded random rate so a failing run can be
 * replayed: a 429 with Retry-After, a 500, a load balancer's HTML 503 page, a connection reset
 * before the request is forwarded or after the service handled it, a hang (until the client gives
 * up), and a 200 whose JSON is cut short. Whatever is not faulted is forwarded unchanged.
 */

export const FAULTS = [
  'rateLimited',
  'serverError',
  'htmlUnavailable',
  'resetBeforeForward',
  'resetAfterHandled',
  'hang',
  'truncatedOk',
] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultProxyOptions {
  /** The service's base URL (e.g. http://127.0.0.1:4010/v1); the proxy keeps its path. */
  target: string;
  seed: number;
  /** Chance that a request meets a fault, 0..1; which fault is drawn evenly among `faults`. */
  rate: number;
  faults?: readonly Fault[];
  /** Sent with each injected 429. */
  retryAfterSeconds?: number;
}

export interface ProxiedRequest {
  method: string;
  url: string;
  fault: Fault | null;
  /** The brand the request acted on (its x-brand-id header), so a test sees which brand a write carried. */
  brandId?: string;
  /** When it arrived and when its answer was sent (Date.now()), so a test sees what overlapped. */
  at: number;
  doneAt?: number;
  /** When its connection closed or its answer ended (a hung request: when the client gave up). */
  closedAt?: number;
}

export interface FaultProxy {
  baseUrl: string;
  /** Every request seen, in order, with the fault it met. */
  log: ProxiedRequest[];
  counts(): Record<Fault | 'forwarded', number>;
  setRate(rate: number): void;
  /** Decides the fault of matching requests instead of the dice (null: forward them). */
  override(rule: ((req: { method: string; url: string }) => Fault | null | undefined) | null): void;
  /** Ends every request held by a hang now (their connections reset), as a service going away would. */
  dropHung(): void;
  /** Holds matching requests this many ms before forwarding them (a slow service for one brand). */
  slow(rule: ((req: { method: string; url: string; brandId?: string }) => number) | null): void;
  close(): Promise<void>;
}

/** mulberry32: small, fast and good enough to spread faults; the same seed gives the same run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const HTML_503 =
  '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head>' +
  '<body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>';

interface Upstream {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export async function startFaultProxy(opts: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(opts.target);
  const faults = opts.faults ?? FAULTS;
  const random = seededRandom(opts.seed);
  let rate = opts.rate;
  let rule: Parameters<FaultProxy['override']>[0] = null;
  let slowRule: Parameters<FaultProxy['slow']>[0] = null;
  const log: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const hung = new Set<Socket>();

  const draw = (req: { method: string; url: string }): Fault | null => {
    const ruled = rule?.(req);
    if (ruled !== undefined && rule) return ruled;
    // Two draws per request whatever the outcome, so one request's fault never shifts the next's.
    const hit = random() < rate;
    const which = faults[Math.floor(random() * faults.length)] ?? null;
    return hit ? which : null;
  };

  const forward = (req: IncomingMessage, body: Buffer): Promise<Upstream> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: target.host };
      const up = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      up.on('error', reject);
      up.end(body);
    });

  const answer = (res: ServerResponse, up: Upstream, body: Buffer = up.body) => {
    const headers = { ...up.headers, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    delete headers.connection;
    res.writeHead(up.status, headers).end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const seen = { method: req.method ?? 'GET', url: req.url ?? '/' };
    const fault = draw(seen);
    const brand = req.headers['x-brand-id'];
    const entry: ProxiedRequest = {
      ...seen,
      fault,
      ...(typeof brand === 'string' ? { brandId: brand } : {}),
      at: Date.now(),
    };
    log.push(entry);
    res.once('finish', () => (entry.doneAt = Date.now()));
    res.once('close', () => (entry.closedAt = Date.now()));
    const holdMs = slowRule?.(entry) ?? 0;
    if (holdMs > 0) await new Promise((r) => setTimeout(r, holdMs));
    switch (fault) {
      case 'rateLimited':
        res
          .writeHead(429, {
            'content-type': 'application/json',
            'retry-after': String(opts.retryAfterSeconds ?? 1),
          })
          .end(JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests' }));
        return;
      case 'serverError':
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal error' }));
        return;
      case 'htmlUnavailable':
        res.writeHead(503, { 'content-type': 'text/html' }).end(HTML_503);
        return;
      case 'resetBeforeForward':
        req.socket.destroy();
        return;
      case 'hang':
        // Holds the request until the client gives up (or the proxy closes, or dropHung).
        hung.add(req.socket);
        req.socket.once('close', () => hung.delete(req.socket));
        return;
      default:
        break;
    }
    const up = await forward(req, body);
    if (fault === 'resetAfterHandled') {
      req.socket.destroy();
      return;
    }
    if (fault === 'truncatedOk' && up.status >= 200 && up.status < 300 && up.body.length > 1) {
      answer(res, up, up.body.subarray(0, Math.floor(up.body.length / 2)));
      return;
    }
    answer(res, up);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch(() => req.socket.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = target.pathname.replace(/\/$/, '');

  return {
    baseUrl: `http://127.0.0.1:${port}${path}`,
    log,
    counts() {
      const counts = Object.fromEntries([...FAULTS, 'forwarded'].map((k) => [k, 0])) as Record<
        Fault | 'forwarded',
        number
      >;
      for (const r of log) counts[r.fault ?? 'forwarded']++;
      return counts;
    },
    setRate(next) {
      rate = next;
    },
    override(next) {
      rule = next;
    },
    slow(next) {
      slowRule = next;
    },
    dropHung() {
      for (const socket of hung) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hung requests hold their sockets open; closing the proxy ends them.
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
