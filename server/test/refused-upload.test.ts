import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import type { RunningService } from '../index.js';
import { mp4Bytes, pngBytes } from './fixtures.js';
import { HANG_MS } from '../../test/support/hang.js';
import { as, startTestService } from './helpers.js';

const MAX_IMAGE = 200_000;
const MAX_VIDEO = 8 * 1024 * 1024;
const STORAGE = 1024 * 1024;
/** Far past the image limit and the quota, and many socket buffers long, so the service must refuse before it ends. */
const BODY = 6 * 1024 * 1024;
/**
 * Where the client stops sending until it has an answer: past every point the service decides at
 * (the first bytes, the image limit, the quota), well before the body ends. An answer only comes
 * at once, before the body ended (the bug answered after a 30 s timeout); no clock needed.
 */
const HOLD_AT = 3 * 1024 * 1024;

let s: RunningService;

beforeAll(async () => {
  s = await startTestService({
    maxImageBytes: MAX_IMAGE,
    maxVideoBytes: MAX_VIDEO,
    storageLimitBytes: STORAGE,
  });
});
afterAll(() => s.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The complete answers in what a connection has received so far. */
function answersIn(received: Buffer): Answer[] {
  const answers: Answer[] = [];
  let at = 0;
  for (;;) {
    const headEnd = received.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return answers;
    const [statusLine = '', ...lines] = received.subarray(at, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (received.length < headEnd + 4 + length) return answers;
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8'),
    });
    at = headEnd + 4 + length;
  }
}

interface Exchange {
  answers: Answer[];
  /** Whether the first answer arrived before the body's end was sent (it is held back at HOLD_AT until then). */
  answeredBeforeEnd: boolean;
  /** Whether the whole body could be written (the connection was not cut under it). */
  sentAll: boolean;
}

/**
 * On one raw connection: POSTs a multipart form whose file starts with `head` and is padded to
 * `size` bytes, written in 64 KiB chunks as a client streams a file, holding the rest back at
 * HOLD_AT until an answer (or the connection's end) comes, then asks GET /me on the same
 * connection; gathers what comes back until two answers arrived or the connection closed.
 */
function uploadThenAsk(head: Buffer, size: number, declareLength: boolean): Promise<Exchange> {
  const boundary = 'refusedboundary';
  const prefix = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const suffix = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(s.baseUrl);
  const { authorization, 'x-brand-id': brand } = as(s, 'full-live').headers;
  const total = prefix.length + size + suffix.length;
  const upload =
    `POST /v1/media/upload HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${authorization}\r\nX-Brand-Id: ${brand}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    (declareLength ? `Content-Length: ${total}\r\n\r\n` : 'Transfer-Encoding: chunked\r\n\r\n');
  const ask = `GET /v1/me HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${authorization}\r\nX-Brand-Id: ${brand}\r\n\r\n`;
  const framed = (b: Buffer) =>
    declareLength ? b : Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
  return new Promise((resolve) => {
    let answered = false;
    let answeredBeforeEnd = false;
    let ended = false;
    let resume: (() => void) | null = null;
    let sentAll = false;
    let received = Buffer.alloc(0);
    const socket = connect(Number(url.port), url.hostname);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answers: answersIn(received), answeredBeforeEnd, sentAll });
    };
    // A hang detector, not a speed limit: an answer that never comes while the body is held back
    // fails the exchange (and the service's own idle limit, 30 s, lies beyond it).
    const timer = setTimeout(done, HANG_MS);
    socket.on('data', (d: Buffer) => {
      if (!answered) answeredBeforeEnd = !ended;
      answered = true;
      received = Buffer.concat([received, d]);
      if (answersIn(received).length >= 2) done();
      resume?.();
    });
    socket.on('close', done);
    socket.on('error', () => undefined);
    const chunk = Buffer.alloc(64 * 1024);
    let sent = head.length;
    // Each chunk waits for the one before to be handed to the socket.
    const pump = (err?: Error | null) => {
      if (err || socket.destroyed) return;
      if (sent >= HOLD_AT && !answered) {
        // Nothing more until the service answers: the refusal must not need the rest of the body.
        resume = () => {
          resume = null;
          pump();
        };
        return;
      }
      if (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        return void socket.write(framed(chunk.subarray(0, n)), pump);
      }
      const end = Buffer.concat([
        framed(suffix),
        Buffer.from(declareLength ? '' : '0\r\n\r\n'),
        Buffer.from(ask),
      ]);
      ended = true;
      socket.write(end, (e) => (sentAll = !e));
    };
    socket.write(upload);
    socket.write(framed(Buffer.concat([prefix, head])), pump);
  });
}

describe('refused uploads are answered at once, and the connection stays usable', { timeout: 60_000 }, () => {
  it.each([
    [
      '413: an image past its size limit, found while streaming',
      async () => pngBytes(8, 8),
      false,
      413,
      'FILE_TOO_LARGE',
    ],
    [
      '415: bytes that are no media, found from the first bytes',
      async () => Buffer.from('plain text, not a picture'),
      false,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      '402: a video within its limit but past the storage quota',
      async () => mp4Bytes(64),
      false,
      402,
      'STORAGE_LIMIT_EXCEEDED',
    ],
    [
      '413: a form declared (Content-Length) far past every limit',
      async () => mp4Bytes(64),
      true,
      413,
      'FILE_TOO_LARGE',
    ],
  ] as const)('%s', async (_name, makeHead, declareLength, status, code) => {
    const size = declareLength ? MAX_VIDEO + 4 * 1024 * 1024 : BODY;
    const exchange = await uploadThenAsk(await makeHead(), size, declareLength);
    const [refused, next] = exchange.answers;
    expect(refused?.status, refused?.body).toBe(status);
    expect(ErrorBody.parse(JSON.parse(refused?.body ?? ''))).toMatchObject({ statusCode: status, code });
    expect(exchange.answeredBeforeEnd).toBe(true);
    if (refused?.headers.connection === 'close') {
      // The service said it would close: a new connection is served.
      expect((await as(s, 'full-live').get('/me')).status).toBe(200);
    } else {
      // The rest of the body was read and thrown away, and the next request on the connection answered.
      expect(exchange.sentAll).toBe(true);
      expect(next?.status).toBe(200);
    }
  });
});
