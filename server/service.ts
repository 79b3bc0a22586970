import type { AllowedHosts } from './http/local-exposure.js';
import type { RateLimitConfig } from './http/rate-limit.js';
import type { FetchNetwork } from './media/fetch-url.js';
import type { AccountStore } from './store/accounts.js';
import type { MediaStore } from './store/media.js';
import type { PostStore } from './store/posts.js';
import type { ShortLinkStore } from './store/short-links.js';

/** The service's settings after defaults are applied. */
export interface ServiceConfig {
  dataDir: string;
  rateLimit: RateLimitConfig | null;
  storageLimitBytes: number;
  maxImageBytes: number;
  maxVideoBytes: number;
  allowPrivateUrls: boolean;
  tickMs: number;
  /** How long one commentDelays minute lasts (tests shorten it). */
  minuteMs: number;
  /** How long upload-from-url may take in total. */
  fetchTimeoutMs: number;
  /** Where upload-from-url resolves and connects (tests stand in for DNS and the internet). */
  fetchNetwork: FetchNetwork;
  /** Which Host headers are answered ('loopback' defeats DNS rebinding). */
  allowedHosts: AllowedHosts;
  /** How long one request may take to arrive in full, headers and body. */
  requestTimeoutMs: number;
  /** How long an upload (or any connection) may stay silent before it is cut. */
  idleTimeoutMs: number;
  /** Open connections at most; more are refused until one closes. */
  maxConnections: number;
  /** Open connections from one remote address at most; more from it are refused until one closes. */
  maxConnectionsPerAddress: number;
  /** How long a request's head (request line and headers) may take to arrive in full. */
  headersTimeoutMs: number;
}

/** Where the service is reachable; known once it listens, so it is filled in then. */
export interface ServiceUrls {
  origin: string;
  baseUrl: string;
  cdnUrl: string;
}

/** What every route and the publisher share. */
export interface Service {
  config: ServiceConfig;
  urls: ServiceUrls;
  mediaDir: string;
  accounts: AccountStore;
  posts: PostStore;
  media: MediaStore;
  shortLinks: ShortLinkStore;
  /** Asks the publisher to look for due posts now rather than at its next tick. */
  nudgePublisher(): void;
  /** Changes whenever the stored data may have changed (store/db.ts changeStamp). */
  changeStamp(): string;
}

/** A URL on the CDN for a stored file name; absolute URLs (a picture hosted elsewhere) pass through. */
export function cdnUrlOf(urls: ServiceUrls, file: string): string {
  return /^https?:\/\//.test(file) ? file : `${urls.cdnUrl}/${encodeURIComponent(file)}`;
}
