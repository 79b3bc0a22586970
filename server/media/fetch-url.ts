import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import http, { type Agent, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ErrorCode } from '../../shared/api/errors.js';
import { ApiHttpError } from '../http/errors.js';
import { isPrivateAddress } from './address-guard.js';

const MAX_REDIRECTS = 5;

/** Where upload-from-url resolves names and connects; tests stand in for DNS and the internet. */
export interface FetchNetwork {
  /** Every address of a host name. Default: the system resolver (`dns.lookup` with `all`). */
  resolve?: (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;
  /** The agent connections go through; it is handed the guarded lookup. Default: Node's global agents. */
  agent?: Agent;
}

const systemResolve = (hostname: string, options: LookupOptions) =>
  dnsLookup(hostname, { ...options, all: true });

export interface RemoteFile {
  response: IncomingMessage;
  /** A file name taken from the final URL's last path segment. */
  name: string;
  /** Aborts the download (and is called on its own when the time is up). */
  abort: () => void;
}

const notAllowed = (url: URL, why: string) =>
  new ApiHttpError(
    400,
    ErrorCode.URL_NOT_ALLOWED,
    `The service will not fetch ${url.origin}: ${why}. Give a public http(s) URL.`,
  );

/**
 * DNS lookup that refuses private answers. Passed to the HTTP request, it checks exactly the
 * address the connection is made to, so a name cannot resolve public for a check and private for
 * the connection.
 */
function guardedLookup(allowPrivate: boolean, resolve: NonNullable<FetchNetwork['resolve']>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options).then(
      (addresses) => {
        const refused = allowPrivate ? [] : addresses.filter((a) => isPrivateAddress(a.address));
        if (refused.length > 0 || addresses.length === 0) {
          const e = Object.assign(new Error(`${hostname} resolves to a private address`), {
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

function request(
  url: URL,
  allowPrivate: boolean,
  network: FetchNetwork,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, {
      lookup: guardedLookup(allowPrivate, network.resolve ?? systemResolve),
      ...(network.agent ? { agent: network.agent } : {}),
      signal,
      headers: {
        'user-agent': 'social-publishing-sandbox/1 (media fetch)',
        accept: 'image/*,video/*;q=0.9,*/*;q=0.1',
      },
    });
    req.once('response', resolve);
    req.once('error', reject);
  });
}

/**
 * Opens a public URL for download: every hop, the first and each redirect, must be http(s) and
 * reach only public addresses (checked on the resolved address) unless `allowPrivate`; the whole
 * download must finish within `timeoutMs`.
 */
export async function openRemoteFile(
  raw: string,
  opts: { allowPrivate: boolean; timeoutMs: number; maxBytes: number; network?: FetchNetwork },
): Promise<RemoteFile> {
  const controller = new AbortController();
  // The response being read when the time is up ends with this error, so the user reads why (it
  // ended as "broke off (aborted)", like a server that hung up).
  let reading: IncomingMessage | null = null;
  const timer = setTimeout(() => {
    const timedOut = new Error(`timed out: it did not finish within ${opts.timeoutMs / 1000} s`);
    reading?.destroy(timedOut);
    controller.abort(timedOut);
  }, opts.timeoutMs);
  timer.unref();
  const abort = () => {
    clearTimeout(timer);
    controller.abort();
  };
  let url = new URL(raw);
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw notAllowed(url, 'only http and https are fetched');
      if (url.username || url.password) throw notAllowed(url, 'URLs with credentials are not fetched');
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!opts.allowPrivate && isIP(literal) !== 0 && isPrivateAddress(literal)) {
        throw notAllowed(url, 'it is a private, loopback or link-local address');
      }
      let response: IncomingMessage;
      try {
        response = await request(url, opts.allowPrivate, opts.network ?? {}, controller.signal);
      } catch (err) {
        if ((err as { code?: string }).code === 'EPRIVATEADDRESS')
          throw notAllowed(url, 'it resolves to a private, loopback or link-local address');
        const why = controller.signal.aborted
          ? `it did not answer within ${Math.round(opts.timeoutMs / 1000)} s`
          : (err as Error).message;
        throw new ApiHttpError(
          400,
          ErrorCode.URL_FETCH_FAILED,
          `Could not download ${url.origin}${url.pathname}: ${why}.`,
        );
      }
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) {
          throw new ApiHttpError(
            400,
            ErrorCode.URL_FETCH_FAILED,
            `Too many redirects (more than ${MAX_REDIRECTS}) from ${raw}.`,
          );
        }
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new ApiHttpError(
          400,
          ErrorCode.URL_FETCH_FAILED,
          `Could not download ${url.origin}${url.pathname}: it answered HTTP ${status}.`,
        );
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        response.destroy();
        throw new ApiHttpError(
          413,
          ErrorCode.FILE_TOO_LARGE,
          `The file at this URL is ${declared} bytes, more than the service accepts.`,
        );
      }
      response.once('end', () => clearTimeout(timer));
      reading = response;
      const segment = url.pathname.split('/').pop() ?? '';
      let last = segment;
      try {
        last = decodeURIComponent(segment);
      } catch {
        // A malformed escape is kept as it was sent.
      }
      return { response, name: last, abort };
    }
  } catch (err) {
    abort();
    throw err;
  }
}
