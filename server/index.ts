import { join, resolve } from 'node:path';
import { DEFAULT_MAX_IMAGE_BYTES, DEFAULT_MAX_VIDEO_BYTES } from '../shared/platforms/rules.js';
import { buildApp, routesOf, type RegisteredRoute } from './http/app.js';
import { redactedError } from './http/error-handler.js';
import type { AllowedHosts } from './http/local-exposure.js';
import { DEFAULT_RATE_LIMIT, type RateLimitConfig } from './http/rate-limit.js';
import type { FetchNetwork } from './media/fetch-url.js';
import { Publisher } from './publisher/publisher.js';
import type { SandboxFile } from './sandbox-file.js';
import { readSandboxFile, writeSandboxFile } from './sandbox-writer.js';
import { seedDemo } from './seed/demo.js';
import { reissueMissingKeys } from './seed/reissue-keys.js';
import type { Service, ServiceConfig, ServiceUrls } from './service.js';
import { AccountStore } from './store/accounts.js';
import { changeStamp, openDatabase } from './store/db.js';
import { MediaStore } from './store/media.js';
import { PostStore } from './store/posts.js';
import { makeDirFilesPrivate, makePrivateDir } from './store/private-files.js';
import { ShortLinkStore } from './store/short-links.js';

export type { SandboxFile } from './sandbox-file.js';

export interface StartServiceOptions {
  dataDir: string;
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * 'loopback' answers only requests whose Host is 127.0.0.1, localhost or [::1] (any port), so a
   * web page cannot reach the service through DNS rebinding; others get 421. Default 'any'.
   */
  allowedHosts?: AllowedHosts;
  /** Requests per key per window; null turns limiting off. Default 1200 per 60 s. */
  rateLimit?: RateLimitConfig | null;
  /** Per organization. Default 2 GiB. */
  storageLimitBytes?: number;
  maxImageBytes?: number;
  maxVideoBytes?: number;
  /** Lets upload-from-url reach private, loopback and link-local addresses (tests, intranets). */
  allowPrivateUrls?: boolean;
  /** How often the publisher looks for due posts. Default 1000 ms. */
  tickMs?: number;
  /** How long one commentDelays minute lasts. Default 60000, so tests can pace threads fast. */
  minuteMs?: number;
  /** Total time upload-from-url may take. Default 30 s. */
  fetchTimeoutMs?: number;
  /** Stands in for DNS and the internet in upload-from-url (tests); the address guard still applies. */
  fetchNetwork?: FetchNetwork;
  /** How long one request may take to arrive in full (a large upload included). Default 5 min. */
  requestTimeoutMs?: number;
  /** How long an upload may send nothing before it is cut and its partial file removed. Default 30 s. */
  idleTimeoutMs?: number;
  /** Open connections at most. Default 256. */
  maxConnections?: number;
  /** Open connections from one address at most. Default 128 (half the total). */
  maxConnectionsPerAddress?: number;
  /** How long a request's head may take to arrive. Default 10 s. */
  headersTimeoutMs?: number;
  log?: boolean;
}

export interface RunningService {
  baseUrl: string;
  origin: string;
  cdnUrl: string;
  dataDir: string;
  sandbox: SandboxFile;
  /** Every method and path the service answers, as registered. */
  routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

export const DEFAULT_STORAGE_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;
export const DEFAULT_PORT = 4010;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 256;
/**
 * Half the total: one address (a client trickling request heads) cannot take every connection,
 * while a busy client keeps room for its parallel requests and the idle keep-alive sockets of its
 * pool (the app and the test suites run 25 requests at once beside their own).
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = DEFAULT_MAX_CONNECTIONS / 2;
/** A request head is a few hundred bytes; a client still sending one after 10 s is holding a connection. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** How long close() lets open requests finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 1_000;

/**
 * Starts the local Social Publishing service on a data dir: opens (and migrates) its database,
 * seeds the demo sandbox the first time, listens, starts the publisher and writes sandbox.json.
 */
export async function startService(opts: StartServiceOptions): Promise<RunningService> {
  const dataDir = resolve(opts.dataDir);
  const config: ServiceConfig = {
    dataDir,
    rateLimit: opts.rateLimit === undefined ? DEFAULT_RATE_LIMIT : opts.rateLimit,
    storageLimitBytes: opts.storageLimitBytes ?? DEFAULT_STORAGE_LIMIT_BYTES,
    maxImageBytes: opts.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES,
    maxVideoBytes: opts.maxVideoBytes ?? DEFAULT_MAX_VIDEO_BYTES,
    allowPrivateUrls: opts.allowPrivateUrls ?? false,
    tickMs: opts.tickMs ?? 1000,
    minuteMs: opts.minuteMs ?? 60_000,
    fetchTimeoutMs: opts.fetchTimeoutMs ?? 30_000,
    fetchNetwork: opts.fetchNetwork ?? {},
    allowedHosts: opts.allowedHosts ?? 'any',
    requestTimeoutMs: opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    maxConnections: opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    maxConnectionsPerAddress: opts.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    headersTimeoutMs: opts.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
  };
  const mediaDir = join(dataDir, 'media');
  const db = openDatabase(dataDir);
  makePrivateDir(mediaDir);
  const accounts = new AccountStore(db);
  const posts = new PostStore(db);
  const media = new MediaStore(db);
  const shortLinks = new ShortLinkStore(db);

  let publisher: Publisher | null = null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const urls: ServiceUrls = { origin: '', baseUrl: '', cdnUrl: '' };
  const svc: Service = {
    config,
    urls,
    mediaDir,
    accounts,
    posts,
    media,
    shortLinks,
    nudgePublisher: () => publisher?.nudge(),
    changeStamp: () => changeStamp(db),
  };

  try {
    let tokens = readSandboxFile(dataDir)?.keys ?? [];
    if (accounts.isEmpty()) {
      // One transaction around the whole seed: a crash halfway leaves an empty sandbox, seeded next time.
      db.exec('BEGIN IMMEDIATE');
      try {
        tokens = await seedDemo({ db, accounts, posts, media, mediaDir });
        db.exec('COMMIT');
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    } else {
      tokens = reissueMissingKeys(accounts, tokens);
    }
    // The seed's images (sharp writes with the umask's mode) and files an older version left 0644.
    makeDirFilesPrivate(mediaDir);

    app = await buildApp(svc, opts.log ?? false);
    const server = app;
    const host = opts.host ?? '127.0.0.1';
    await app.listen({ port: opts.port ?? DEFAULT_PORT, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (opts.port ?? DEFAULT_PORT);
    const urlHost =
      host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    urls.origin = `http://${urlHost}:${port}`;
    urls.baseUrl = `${urls.origin}/v1`;
    urls.cdnUrl = `${urls.origin}/cdn`;

    publisher = new Publisher(posts, accounts, {
      tickMs: config.tickMs,
      minuteMs: config.minuteMs,
      onError: (err) => server.log.error({ err: redactedError(err) }, 'publisher tick failed'),
    });
    publisher.start();
    const sandbox = writeSandboxFile(dataDir, accounts, urls, tokens);

    let closed = false;
    return {
      baseUrl: urls.baseUrl,
      origin: urls.origin,
      cdnUrl: urls.cdnUrl,
      dataDir,
      sandbox,
      routes: routesOf(server),
      async close() {
        if (closed) return;
        closed = true;
        publisher?.stop();
        const closing = server.close();
        // Requests still open after a short grace (a stalled upload, a client that never reads)
        // must not hold the service, or the app quitting, for as long as their clients wait.
        const grace = new Promise<'grace'>((r) => setTimeout(r, CLOSE_GRACE_MS, 'grace').unref());
        if ((await Promise.race([closing, grace])) === 'grace') server.server.closeAllConnections();
        await closing;
        db.close();
      },
    };
  } catch (err) {
    publisher?.stop();
    await app?.close();
    db.close();
    throw err;
  }
}
