import type { z } from 'zod';
import { endpoints, type EndpointName } from '../../shared/api/endpoints.js';
import { ErrorBody } from '../../shared/api/errors.js';
import { listItems } from '../../shared/api/lists.js';
import {
  AnalyticsResponse,
  Brand,
  DeleteGroupResponse,
  MediaObject,
  MeResponse,
  PostCreateResponse,
  type PostCreateRequest,
  PostDetail,
  PostListItem,
  RescheduleResponse,
} from '../../shared/api/resources.js';
import { createLogger } from '../log.js';
import { normalizeBaseUrl } from './base-url.js';
import { ApiError } from './errors.js';
import {
  httpErrorMessage,
  malformedMessage,
  networkErrorMessage,
  timeoutMessage,
  unreadableMessage,
} from './error-messages.js';
import { FileChangedError, multipartFileBody } from './multipart.js';
import { streamingFetch } from './streaming-fetch.js';
import type { PublishingApi, UploadFileInput } from './publishing-api.js';
import {
  abortedError,
  DEFAULT_RETRY,
  parseRetryAfter,
  retryDelayMs,
  sleep,
  type RetryPolicy,
} from './retry.js';

/*
 * The Social Publishing API over fetch: one typed method per endpoint, a
 * timeout per request, retries with backoff for calls that are safe to repeat, and answers read
 * tolerantly where the spec leaves shapes open. The key stays in this object; errors never carry it.
 */

const log = createLogger('api');
/** Items of a long list checked before main's event loop gets a turn (about a few ms of zod). */
const PARSE_SLICE = 500;

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string;
  brandId?: string | null;
  fetch?: typeof fetch;
  /** Per request; for uploads it is the longest silence allowed between two chunks. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  now?: () => Date;
  random?: () => number;
}

interface RequestSpec {
  endpoint: EndpointName;
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  /** Repeating it cannot do harm, so failures worth retrying are retried here. */
  idempotent: boolean;
  /** A 404 on a retry means an earlier attempt already did the job (a delete). */
  goneMeansDone?: boolean;
  /** Retries of this call, when not the client's own policy (0: the caller retries). */
  retries?: number;
  /** Longer than the default where the service itself waits on something (a remote download). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * A successful answer's body is handed over as bytes, not parsed here: the caller reads it
   * (elsewhere than main's thread). Failed answers are read as usual.
   */
  raw?: boolean;
}

/**
 * Thrown by whoever reads a raw answer (listPostsTaken) when the body is not what was asked for:
 * the client turns it into the ApiError it would have raised itself (unreadable is retried).
 */
export class AnswerRefused extends Error {
  constructor(
    readonly kind: 'unreadable' | 'malformed',
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AnswerRefused';
  }
}

interface OutgoingBody {
  body: RequestInit['body'];
  headers: Record<string, string>;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

/** Network error codes raised before anything was sent: the request certainly did not arrive. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

class TimeoutSignal extends Error {}

export class ApiClient implements PublishingApi {
  readonly baseUrl: string;
  readonly brandId: string | null;
  private readonly apiKey: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly host: string;

  constructor(opts: ApiClientOptions) {
    this.baseUrl = normalizeBaseUrl(opts.baseUrl);
    this.host = new URL(this.baseUrl).host;
    this.apiKey = opts.apiKey;
    this.brandId = opts.brandId ?? null;
    this.fetchImpl = opts.fetch ?? globalThis.fetch;
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.now = opts.now ?? (() => new Date());
    this.random = opts.random ?? Math.random;
  }

  /** The same connection acting on another brand (x-brand-id of every later call). */
  withBrand(brandId: string | null): ApiClient {
    return new ApiClient({
      baseUrl: this.baseUrl,
      apiKey: this.apiKey,
      brandId,
      fetch: this.fetchImpl,
      timeoutMs: this.timeoutMs,
      retry: this.retry,
      now: this.now,
      random: this.random,
    });
  }

  async getMe(): Promise<MeResponse> {
    return this.parse(
      MeResponse,
      await this.send({ endpoint: 'getMe', idempotent: true }),
      'account context',
    );
  }

  async listBrands(): Promise<Brand[]> {
    const raw = await this.send({ endpoint: 'listBrands', idempotent: true });
    return this.parseList(Brand, raw.body, 'brands', 'brand list');
  }

  async getBrand(id: string): Promise<Brand> {
    return this.parse(
      Brand,
      await this.send({ endpoint: 'getBrand', params: { id }, idempotent: true }),
      'brand',
    );
  }

  async uploadMedia(input: UploadFileInput): Promise<MediaObject> {
    const raw = await this.attempt(
      { endpoint: 'uploadMedia', idempotent: false, signal: input.signal },
      async (touch) => {
        const part = await multipartFileBody({
          path: input.path,
          name: input.name,
          signal: input.signal,
          onChunk: (sent) => {
            touch();
            input.onProgress?.({ sent, total: part.fileSize });
          },
        });
        input.onProgress?.({ sent: 0, total: part.fileSize });
        return {
          body: part.body,
          headers: { 'content-type': part.contentType, 'content-length': String(part.length) },
        };
      },
    );
    return this.parse(MediaObject, raw, 'uploaded media');
  }

  async uploadMediaFromUrl(url: string, signal?: AbortSignal): Promise<MediaObject> {
    const raw = await this.send({
      endpoint: 'uploadMediaFromUrl',
      json: { url },
      idempotent: false,
      signal,
      timeoutMs: Math.max(this.timeoutMs, 60_000),
    });
    return this.parse(MediaObject, raw, 'uploaded media');
  }

  async createPosts(body: PostCreateRequest): Promise<PostCreateResponse> {
    const raw = await this.send({ endpoint: 'createPosts', json: body, idempotent: false });
    return this.parse(PostCreateResponse, raw, 'create result');
  }

  async listPosts(
    startDate: string,
    endDate: string,
    options: { once?: boolean } = {},
  ): Promise<PostListItem[]> {
    const raw = await this.send({
      endpoint: 'listPosts',
      query: { startDate, endDate },
      idempotent: true,
      retries: options.once ? 0 : undefined,
    });
    return this.parseLongList(PostListItem, raw.body, 'posts', 'post list');
  }

  async listPostsTaken<T>(
    startDate: string,
    endDate: string,
    take: (body: ArrayBuffer) => Promise<T>,
  ): Promise<T> {
    return this.attempt(
      { endpoint: 'listPosts', query: { startDate, endDate }, idempotent: true, raw: true },
      () => Promise.resolve({ body: undefined, headers: {} }),
      async (raw) => {
        if (!(raw.body instanceof ArrayBuffer)) throw new Error('listPostsTaken: no body bytes');
        try {
          return await take(raw.body);
        } catch (error) {
          if (!(error instanceof AnswerRefused)) throw error;
          throw new ApiError({
            kind: error.kind,
            status: raw.status,
            message:
              error.kind === 'unreadable'
                ? unreadableMessage(this.host)
                : malformedMessage(this.host, error.detail),
          });
        }
      },
    );
  }

  async getPost(id: string): Promise<PostDetail> {
    return this.parse(
      PostDetail,
      await this.send({ endpoint: 'getPost', params: { id }, idempotent: true }),
      'post',
    );
  }

  async sendReschedule(id: string, date: string): Promise<RescheduleResponse> {
    const raw = await this.send({
      endpoint: 'reschedulePost',
      params: { id },
      json: { date },
      idempotent: true,
    });
    return this.parse(RescheduleResponse, raw, 'rescheduled post');
  }

  async deleteGroup(group: string): Promise<DeleteGroupResponse> {
    const raw = await this.send({
      endpoint: 'deleteGroup',
      params: { group },
      idempotent: true,
      goneMeansDone: true,
    });
    // The spec leaves the answer open: an empty body (or a retry finding nothing) means it is gone.
    if (raw.body === undefined) return { group, deleted: 0 };
    return this.parse(DeleteGroupResponse, raw, 'delete result');
  }

  async getProfileAnalytics(integrationId: string, signal?: AbortSignal): Promise<AnalyticsResponse> {
    const raw = await this.send({
      endpoint: 'getProfileAnalytics',
      query: { integrationId },
      idempotent: true,
      signal,
    });
    return this.parse(AnalyticsResponse, raw, 'analytics');
  }

  /** JSON (or empty) request, retried with backoff when it is idempotent. */
  private send(spec: RequestSpec): Promise<RawAnswer> {
    return this.attempt(spec, async (): Promise<OutgoingBody> => {
      if (spec.json === undefined) return { body: undefined, headers: {} };
      return { body: JSON.stringify(spec.json), headers: { 'content-type': 'application/json' } };
    });
  }

  private async attempt<T = RawAnswer>(
    spec: RequestSpec,
    makeBody: (touch: () => void) => Promise<OutgoingBody>,
    take: (raw: RawAnswer) => Promise<T> = (raw) => Promise.resolve(raw as T),
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        // What the caller makes of the answer is part of the attempt: an answer it finds cut
        // short (unreadable) is asked again like one this client could not read.
        return await take(await this.once(spec, makeBody));
      } catch (error) {
        if (spec.goneMeansDone && attempt > 0 && error instanceof ApiError && error.status === 404) {
          return take({ status: 404, body: undefined });
        }
        if (
          !(error instanceof ApiError) ||
          !spec.idempotent ||
          !error.retryable ||
          attempt >= (spec.retries ?? this.retry.retries)
        ) {
          throw error;
        }
        const delay = retryDelayMs(this.retry, attempt, error, this.random);
        if (delay === null) throw error;
        log.info(
          `${spec.endpoint}: ${error.kind} ${error.status ?? ''}, retry ${attempt + 1} in ${delay} ms`,
        );
        await sleep(delay, spec.signal);
      }
    }
  }

  private async once(
    spec: RequestSpec,
    makeBody: (touch: () => void) => Promise<OutgoingBody>,
  ): Promise<RawAnswer> {
    const endpoint = endpoints[spec.endpoint];
    const controller = new AbortController();
    const timeoutMs = spec.timeoutMs ?? this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
    };
    const onCallerAbort = () => controller.abort(spec.signal?.reason);
    if (spec.signal?.aborted) throw abortedError();
    spec.signal?.addEventListener('abort', onCallerAbort, { once: true });
    touch();
    try {
      const { body, headers } = await makeBody(touch).catch((error: unknown) => {
        if (error instanceof FileChangedError) throw new ApiError({ kind: 'file', message: error.message });
        throw fileError(networkCode(error) ?? (error instanceof Error ? error.message : String(error)));
      });
      const init: RequestInit & { duplex?: 'half' } = {
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          accept: 'application/json',
          ...(this.brandId ? { 'x-brand-id': this.brandId } : {}),
          ...headers,
        },
        body,
        signal: controller.signal,
        // A redirect could carry the key somewhere the user never chose: it is reported, not followed.
        redirect: 'manual',
      };
      const streamed = body instanceof ReadableStream;
      if (streamed) init.duplex = 'half';
      // Node's fetch would hold a streamed upload whole in memory; node:http streams it.
      const send = streamed && this.fetchImpl === globalThis.fetch ? streamingFetch : this.fetchImpl;
      const response = await send(this.url(spec), init);
      touch();
      if (spec.raw && response.ok) return { status: response.status, body: await response.arrayBuffer() };
      const text = await response.text();
      return this.interpret(response, text, endpoint);
    } catch (error) {
      throw this.classify(error, controller.signal, spec.signal, timeoutMs);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private url(spec: RequestSpec): string {
    const endpoint = endpoints[spec.endpoint];
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(spec.params?.[name] ?? ''),
    );
    const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : '';
    return `${this.baseUrl}${path}${query}`;
  }

  private interpret(response: Response, text: string, endpoint: (typeof endpoints)[EndpointName]): RawAnswer {
    let body: unknown;
    let readable = true;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        readable = false;
      }
    }
    if (response.ok) {
      // Cut short on the way or replaced by a proxy's page: the service probably acted, so a
      // create is looked up, and anything else is simply asked again.
      if (!readable)
        throw new ApiError({
          kind: 'unreadable',
          status: response.status,
          message: unreadableMessage(this.host),
        });
      return { status: response.status, body };
    }
    const parsed = ErrorBody.safeParse(body);
    const code = parsed.success ? parsed.data.code : null;
    const serverMessage = parsed.success ? parsed.data.message : null;
    throw new ApiError({
      kind: 'http',
      status: response.status,
      code,
      message: httpErrorMessage(response.status, code, serverMessage, endpoint),
      issues: parsed.success ? parsed.data.issues : undefined,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), this.now()),
    });
  }

  /** Turns whatever fetch threw into an ApiError of the right kind. */
  private classify(
    error: unknown,
    own: AbortSignal,
    caller: AbortSignal | undefined,
    timeoutMs: number,
  ): ApiError {
    if (error instanceof ApiError) return error;
    // The file changed under the upload: said at once, never waited out as a silent network.
    if (error instanceof FileChangedError) return new ApiError({ kind: 'file', message: error.message });
    if (own.aborted && own.reason instanceof TimeoutSignal) {
      return new ApiError({ kind: 'timeout', message: timeoutMessage(this.host, timeoutMs) });
    }
    if (caller?.aborted) return abortedError();
    const code = networkCode(error);
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return fileError(code);
    // Debug only: whoever handles the failure logs it once (the outbox, with its operation).
    log.debug('request failed', error instanceof Error ? `${error.message} ${code ?? ''}` : error);
    return new ApiError({
      kind: 'network',
      message: networkErrorMessage(this.host),
      maybeDelivered: code === null || !NOT_SENT_CODES.has(code),
    });
  }

  private parse<S extends z.ZodType>(schema: S, raw: RawAnswer, what: string): z.output<S> {
    const result = schema.safeParse(raw.body);
    if (result.success) return result.data;
    throw this.malformed(what, result.error);
  }

  /** A list arrives as a bare array or wrapped (`{posts: [...]}`, `{data: [...]}`…): the spec leaves it open. */
  private parseList<S extends z.ZodType>(item: S, body: unknown, key: string, what: string): z.output<S>[] {
    return this.listOf(body, key, what).map((entry, index) => this.parseItem(item, entry, what, index));
  }

  /**
   * parseList for lists that run to thousands (a wide pull of posts): PARSE_SLICE items at a time,
   * with a turn of main's event loop between them, so checking them never holds up a drag's call.
   */
  private async parseLongList<S extends z.ZodType>(
    item: S,
    body: unknown,
    key: string,
    what: string,
  ): Promise<z.output<S>[]> {
    const list = this.listOf(body, key, what);
    const parsed: z.output<S>[] = [];
    for (const [index, entry] of list.entries()) {
      if (index > 0 && index % PARSE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      parsed.push(this.parseItem(item, entry, what, index));
    }
    return parsed;
  }

  private listOf(body: unknown, key: string, what: string): unknown[] {
    const list = listItems(body, key);
    if (list === null) {
      throw new ApiError({
        kind: 'malformed',
        message: malformedMessage(this.host, `${what}: expected a list`),
      });
    }
    return list;
  }

  private parseItem<S extends z.ZodType>(item: S, entry: unknown, what: string, index: number): z.output<S> {
    const result = item.safeParse(entry);
    if (!result.success) throw this.malformed(`${what} item ${index}`, result.error);
    return result.data;
  }

  private malformed(what: string, error: z.ZodError): ApiError {
    const first = error.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
    return new ApiError({
      kind: 'malformed',
      message: malformedMessage(this.host, `${what}${where}: ${first?.message ?? 'invalid'}`),
    });
  }
}

/** A local file that cannot be sent: nothing reached the service, and retrying will not help. */
function fileError(reason: string): ApiError {
  return new ApiError({
    kind: 'file',
    message: `The file cannot be read (${reason}): check it still exists and try again.`,
  });
}

function networkCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (
      typeof current === 'object' &&
      current !== null &&
      'code' in current &&
      typeof current.code === 'string'
    ) {
      return current.code;
    }
    current = current instanceof Error ? current.cause : null;
  }
  return null;
}
