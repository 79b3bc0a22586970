import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import type { RunningService } from '../index.js';
import { sandboxKey } from '../sandbox-file.js';
import { call, startTestService } from './helpers.js';

/** A GET with a Host header of our choosing (fetch does not let one set it). */
function getWithHost(url: string, host: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: unknown; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request(url, { headers: { ...headers, host } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const json = (res.headers['content-type'] ?? '').includes('json') && text !== '';
          resolve({
            status: res.statusCode ?? 0,
            body: json ? JSON.parse(text) : text,
            headers: res.headers,
          });
        });
      });
      req.once('error', reject);
      req.end();
    },
  );
}

let open: RunningService;
let loopback: RunningService;

beforeAll(async () => {
  [open, loopback] = await Promise.all([startTestService(), startTestService({ allowedHosts: 'loopback' })]);
});
afterAll(() => Promise.all([open.close(), loopback.close()]));

const port = (s: RunningService) => new URL(s.origin).port;
const auth = (s: RunningService) => ({ authorization: `Bearer ${sandboxKey(s.sandbox, 'full-live').token}` });

describe('files on /cdn', () => {
  it('answer X-Content-Type-Options: nosniff, found or not', async () => {
    const picture = open.sandbox.organizations[0]?.brands[0]?.integrations[0]?.id ?? '';
    const found = await call(`${open.cdnUrl}/avatar_${picture}.webp`);
    expect(found.status).toBe(200);
    expect(found.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await call(`${open.cdnUrl}/nothing-here.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe("the Host header, with allowedHosts: 'loopback'", () => {
  it.each(['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST'])(
    'answers for %s, with or without the port',
    async (name) => {
      for (const host of [name, `${name}:${port(loopback)}`]) {
        const res = await getWithHost(`${loopback.baseUrl}/me`, host, auth(loopback));
        expect(res.status, `${host}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    },
  );

  it.each([
    'attacker.example',
    'attacker.example:PORT',
    '127.0.0.1.attacker.example',
    'localhost.attacker.example:PORT',
    '10.0.0.5:PORT',
  ])(
    'refuses "%s" (a DNS-rebinding page) with 421 and the API error body, on every path',
    async (template) => {
      const host = template.replace('PORT', port(loopback));
      for (const path of ['/v1/me', '/v1/docs/json', '/cdn/nothing.png', '/s/anything']) {
        const res = await getWithHost(`${loopback.origin}${path}`, host, auth(loopback));
        expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(421);
        expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: 421, code: 'HOST_NOT_ALLOWED' });
      }
    },
  );

  it('refuses an HTTP/1.0 request that names no host', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port(loopback)), '127.0.0.1', () =>
        socket.end('GET /v1/me HTTP/1.0\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.once('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 421 /);
    expect(answer).toContain('"code":"HOST_NOT_ALLOWED"');
  });

  it('is off by default: a service reached by its LAN name answers', async () => {
    const res = await getWithHost(`${open.baseUrl}/me`, `postdeck.lan:${port(open)}`, auth(open));
    expect(res.status).toBe(200);
  });
});
