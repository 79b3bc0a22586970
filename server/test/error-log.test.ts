import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../http/error-handler.js';
import { call } from './helpers.js';

const KEY = 'pst_live_0123456789abcdefSECRET';
const lines: string[] = [];
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  },
});
let origin = '';

beforeAll(async () => {
  installErrorHandling(app);
  app.get('/boom', () => {
    throw new Error(`upstream refused ${KEY}`);
  });
  app.get('/boom-in-stack', () => {
    const err = new Error('upstream refused the key');
    err.stack = `Error: upstream refused the key\n    at call (https://api.example/v1?key=${KEY}:1:1)`;
    throw err;
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('the error log line', () => {
  it.each(['/boom', '/boom-in-stack'])(
    'of an unhandled error (%s) carries no API key, in message or stack',
    async (path) => {
      lines.length = 0;
      const res = await call(origin + path);
      expect(res.status).toBe(500);
      expect(res.text).not.toContain(KEY);
      const logged = lines.find((l) => l.includes('unhandled error'));
      expect(logged, lines.join('')).toBeDefined();
      expect(logged).not.toContain('0123456789abcdefSECRET');
      expect(logged).toContain('pst_live_[redacted]');
    },
  );
});
