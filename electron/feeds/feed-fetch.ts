import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import http, { type Agent, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../../server/media/address-guard.js';

/*
 * The one way main reads a feed: the address rules of the service's upload-from-url (http and
 * https only; no private, loopback or link-local target, judged on the address each hop actually
 * connects to), a cap on the body, the total time and the redirects, and a conditional GET. Every
 * refusal is a FeedProblem carrying the sentence shown on that feed's line.
 */

export const FEED_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 5 };

/** A feed that could not be read, with the sentence the Feeds screen shows on its line. */
export class FeedProblem extends Error {
  constructor(sentence: string) {
    super(sentence);
    this.name = 'FeedProblem';
  }
}

export interface FeedFetchOptions {
  /** What the last good read answered, for a conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
  /**
   * The one origin allowed to be private: the built-in sandbox's own address, for the sandbox
   * connection only (its demo feeds live there, on loopback).
   */
  allowOrigin?: string | null;
  limits?: Partial<typeof FEED_LIMITS>;
  /** Every address of a host name (tests stand in for DNS). Default: the system resolver. */
  resolve?: (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;
  /** The agent connections go through, handed the guarded lookup (tests stand in for the internet). */
  agent?: Agent;
}

export type FeedFetchResult =
  | { kind: 'unchanged' }
  | { kind: 'body'; text: string; etag: string | null; lastModified: string | null; url: string };

const systemResolve = (hostname: string, options: LookupOptions) =>
  dnsLookup(hostname, { ...options, all: true });

const PRIVATE = (host: string) =>
  `The feed's address leads to ${host}, a private, loopback or link-local address Postdeck does not read feeds from: give the feed's public address.`;

/** Passed to the request, it checks exactly the address the connection is made to. */
function guardedLookup(
  allowPrivate: boolean,
  resolve: NonNullable<FeedFetchOptions['resolve']>,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options).then(
      (addresses) => {
        const refused = allowPrivate ? [] : addresses.filter((a) => isPrivateAddress(a.address));
        if (refused.length > 0 || addresses.length === 0) {
          const e = Object.assign(new Error(PRIVATE(refused[0]?.address ?? hostname)), {
            code: 'EPRIVATEADDRESS',
          });
          return callback(e, '', 4);
        }
        if (options.all) {
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        }
        const first = addresses[0] as LookupAddress;
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

const STATUS_WORDS: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  410: 'Gone',
  429: 'Too many requests',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

function statusSentence(status: number): string {
  const words = STATUS_WORDS[status] ?? 'an error';
  if (status === 404 || status === 410)
    return `The feed's address answered ${status} ${words}: check the address.`;
  if (status === 401 || status === 403)
    return `The feed's address answered ${status} ${words}: the feed is not public, so Postdeck cannot read it.`;
  return `The feed's address answered ${status} ${words}: try again later, or check the address.`;
}

const seconds = (ms: number) => {
  const n = Math.max(1, Math.round(ms / 1000));
  return `${n} second${n === 1 ? '' : 's'}`;
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Reads a feed's address once, within the limits; throws a FeedProblem with its sentence. */
export async function fetchFeed(raw: string, opts: FeedFetchOptions = {}): Promise<FeedFetchResult> {
  const limits = { ...FEED_LIMITS, ...opts.limits };
  const controller = new AbortController();
  const timeUp = new FeedProblem(
    `The feed did not answer in full within ${seconds(limits.timeoutMs)}: try again later.`,
  );
  let reading: IncomingMessage | null = null;
  const timer = setTimeout(() => {
    controller.abort(timeUp);
    reading?.destroy(timeUp);
  }, limits.timeoutMs);
  timer.unref();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedProblem('This is not a web address: type the whole address, starting with https://.');
  }
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new FeedProblem(
          `The feed's address leads to a ${url.protocol.replace(':', '')} address; Postdeck reads feeds over http and https only.`,
        );
      if (url.username || url.password)
        throw new FeedProblem(
          'Feed addresses with a user name or password are not read: give the public address.',
        );
      const allowPrivate = opts.allowOrigin != null && url.origin === opts.allowOrigin;
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivate && isIP(literal) !== 0 && isPrivateAddress(literal))
        throw new FeedProblem(PRIVATE(literal));
      const conditional = hop === 0;
      const response = await request(url, {
        allowPrivate,
        resolve: opts.resolve ?? systemResolve,
        agent: opts.agent,
        signal: controller.signal,
        headers: {
          ...(conditional && opts.etag ? { 'if-none-match': opts.etag } : {}),
          ...(conditional && opts.lastModified ? { 'if-modified-since': opts.lastModified } : {}),
        },
      }).catch((err: unknown) => {
        if (err instanceof FeedProblem) throw err;
        if (controller.signal.aborted) throw timeUp;
        if ((err as { code?: string }).code === 'EPRIVATEADDRESS')
          throw new FeedProblem((err as Error).message);
        throw new FeedProblem(
          `The feed's address could not be reached (${(err as Error).message}): check the address and your connection.`,
        );
      });
      const status = response.statusCode ?? 0;
      if (status === 304) {
        response.resume();
        return { kind: 'unchanged' };
      }
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= limits.maxRedirects)
          throw new FeedProblem(
            `The feed's address redirected more than ${limits.maxRedirects} times: give the feed's final address.`,
          );
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new FeedProblem(statusSentence(status));
      }
      const tooLarge = new FeedProblem(
        `The feed is larger than ${megabytes(limits.maxBytes)}, more than Postdeck reads: ask its owner for a shorter feed.`,
      );
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        response.destroy();
        throw tooLarge;
      }
      reading = response;
      const bytes = await readCapped(response, limits.maxBytes, tooLarge, () =>
        controller.signal.aborted ? timeUp : null,
      );
      const text = decode(bytes, headerText(response.headers['content-type']));
      return {
        kind: 'body',
        text,
        etag: headerText(response.headers.etag),
        lastModified: headerText(response.headers['last-modified']),
        url: url.href,
      };
    }
  } finally {
    clearTimeout(timer);
    reading = null;
  }
}

const headerText = (value: string | string[] | undefined) =>
  typeof value === 'string' && value.length <= 500 ? value : null;

function request(
  url: URL,
  o: {
    allowPrivate: boolean;
    resolve: NonNullable<FeedFetchOptions['resolve']>;
    agent: Agent | undefined;
    signal: AbortSignal;
    headers: Record<string, string>;
  },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, {
      lookup: guardedLookup(o.allowPrivate, o.resolve),
      // A connection of its own each time: a pooled socket was checked for another address.
      agent: o.agent ?? false,
      signal: o.signal,
      headers: {
        'user-agent': 'Postdeck/1 (feed reader)',
        accept:
          'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.1',
        ...o.headers,
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
  });
}

/** The body as text, stopping (and hanging up) as soon as it passes the cap. */
function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  tooLarge: FeedProblem,
  timedOut: () => FeedProblem | null,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge);
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => resolve(Buffer.concat(chunks)));
    response.once('error', (err) => {
      const late = timedOut();
      reject(
        late ??
          (err instanceof FeedProblem
            ? err
            : new FeedProblem(
                `The feed's address broke off while sending (${err.message}): try again later.`,
              )),
      );
    });
    response.once('aborted', () =>
      reject(timedOut() ?? new FeedProblem('The feed broke off while sending: try again later.')),
    );
  });
}

/**
 * The body as text in the encoding it declares (its Content-Type, else its XML declaration), UTF-8
 * when it declares none or one this runtime does not know.
 */
function decode(bytes: Buffer, contentType: string | null): string {
  const declared =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(
      bytes.subarray(0, 200).toString('latin1'),
    )?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(declared).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
