import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused request's body the service still reads and throws away to keep the
 * connection usable. Past it, closing the connection is cheaper than reading on.
 */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Before an answer goes out for a request whose body has not been read to the end (a refused
 * upload): stops whatever was parsing the body and throws the rest away as it arrives, so that
 * the answer leaves at once and the next request on the same keep-alive connection is read. A
 * body declared longer than the limit, or that runs past it, or a stalled one (408), closes the
 * connection instead ("Connection: close"), and the client opens a new one.
 */
export function discardUnreadBody(request: FastifyRequest, reply: FastifyReply, status: number): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  // The multipart parser (or the JSON reader) stops here; nothing else reads this body.
  raw.unpipe();
  raw.removeAllListeners('data');
  const declared = Number(raw.headers['content-length']);
  if (status === 408 || (Number.isFinite(declared) && declared > DISCARD_LIMIT_BYTES)) {
    void reply.header('connection', 'close');
    return;
  }
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT_BYTES) raw.socket.destroy();
  });
  raw.resume();
}
