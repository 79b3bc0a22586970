import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { directWriteOf } from './multipart.js';

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * `fetch` for a request whose body is a stream (an upload), sent over node:http so the file flows
 * with backpressure. Node's own fetch keeps a streamed request body in memory: a 1 GB video cost
 * 1 GB of RAM (bench/results.md). Redirects are not followed, as with `redirect: 'manual'`; the
 * answer is a standard Response, so callers read it as they read fetch's.
 */
export function streamingFetch(url: string, init: RequestInit): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: init.method, headers: Object.fromEntries(new Headers(init.headers)) });
    const signal = init.signal;
    const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => signal?.removeEventListener('abort', onAbort));
    req.on('error', reject);
    req.on('response', (res) => {
      const status = res.statusCode ?? 502;
      const body =
        status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      resolve(new Response(body, { status, headers: responseHeaders(res) }));
    });
    const body = init.body;
    if (!(body instanceof ReadableStream)) {
      req.end(body ?? undefined);
      return;
    }
    // A file body made by multipart.ts writes itself, a few reused buffers in flight at a time.
    const direct = directWriteOf(body);
    if (direct) {
      direct(req).catch((error: unknown) =>
        req.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return;
    }
    // A failed pipe destroys the request with its cause, which arrives as the request's 'error'
    // (rejecting) unless the service already answered (an early 413 or 402 wins over the cut).
    pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), req).catch(() => undefined);
  });
}
