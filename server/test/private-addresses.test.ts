import type { LookupAddress } from 'node:dns';
import { Agent, createServer, type ClientRequestArgs, type Server } from 'node:http';
import { connect, type AddressInfo, type LookupFunction, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaObject } from '../../shared/api/resources.js';
import type { RunningService } from '../index.js';
import { isPrivateAddress } from '../media/address-guard.js';
import { pngBytes } from './fixtures.js';
import { as, expectError, startTestService } from './helpers.js';

/** IPv6 forms that carry a private IPv4 address: mapped, compatible, SIIT, NAT64, 6to4, Teredo. */
const EMBEDDED_PRIVATE = [
  '::127.0.0.1',
  '::7f00:1',
  '64:ff9b::7f00:1',
  '::ffff:0:7f00:1',
  '2002:7f00:1::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '64:ff9b::a00:1',
  '64:ff9b::192.168.1.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::',
  '2002:a00:1::1',
  '2002:c0a8:101::1',
  '2002:a9fe:a9fe::1',
  '2002::1',
  // Teredo: the client's address is stored inverted (10.0.0.1 -> f5ff:fffe, 192.168.1.1 -> 3f57:fefe).
  '2001:0:4136:e378:8000:63bf:f5ff:fffe',
  '2001:0:4136:e378:8000:63bf:3f57:fefe',
  '2001:0:4136:e378:8000:63bf:5601:5601',
  '2001:0:4136:e378:8000:63bf:ffff:ffff',
  // Teredo with a private server address.
  '2001:0:a00:1:8000:63bf:3f57:fefe',
];

/** The same embeddings of a public address (93.184.216.34) are not private. */
const EMBEDDED_PUBLIC = [
  '::ffff:93.184.216.34',
  '64:ff9b::5db8:d822',
  '2002:5db8:d822::1',
  '2001:0:4136:e378:8000:63bf:a247:27dd',
];

describe('the address guard', () => {
  it.each(EMBEDDED_PRIVATE)('counts %s as private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    expect(isPrivateAddress(`[${address}]`)).toBe(true);
  });

  it('counts the 6to4 relay anycast range 192.88.99.0/24 as private, bare and embedded', () => {
    for (const address of [
      '192.88.99.0',
      '192.88.99.1',
      '192.88.99.255',
      '::ffff:192.88.99.1',
      '2002:c058:6301::1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['192.88.98.255', '192.88.100.0'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it.each(EMBEDDED_PUBLIC)('counts %s as public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

/** What a test DNS answers: a public name, and names of private addresses. */
const DNS: Record<string, LookupAddress[]> = {
  'public.example': [{ address: '93.184.216.34', family: 4 }],
  'intranet.example': [{ address: '10.0.0.5', family: 4 }],
  'nat64.example': [{ address: '64:ff9b::7f00:1', family: 6 }],
  'relay.example': [{ address: '192.88.99.1', family: 4 }],
};

const resolve = async (hostname: string): Promise<LookupAddress[]> => {
  const found = DNS[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

let files: Server;
let filesPort: number;

/**
 * Stands in for the internet: every connection first resolves its host through the lookup the
 * service gave it (so the service's guard sees the address it would connect to), then reaches the
 * local file server instead of that address.
 */
class LocalInternet extends Agent {
  override createConnection(
    options: ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): undefined {
    const lookup = options.lookup as LookupFunction;
    lookup(options.hostname ?? options.host ?? '', { all: true }, (err) => {
      if (err) return callback?.(err, undefined as unknown as Socket);
      const socket = connect(filesPort, '127.0.0.1');
      callback?.(null, socket);
    });
    return undefined;
  }
}

let s: RunningService;

beforeAll(async () => {
  const png = await pngBytes(16, 16);
  files = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) return res.writeHead(302, { location: to }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesPort = (files.address() as AddressInfo).port;
  s = await startTestService({ fetchNetwork: { resolve, agent: new LocalInternet() } });
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((r) => files.close(r));
  await s.close();
});

const fromUrl = (url: string) => as(s, 'full-live').post('/media/upload-from-url', { url });

describe('upload-from-url refuses private addresses', () => {
  it('refuses a 6to4 relay address, literal or by name', async () => {
    expectError(await fromUrl('http://192.88.99.1/photo.png'), 400, 'URL_NOT_ALLOWED');
    expectError(await fromUrl('http://relay.example/photo.png'), 400, 'URL_NOT_ALLOWED');
  });

  it.each(EMBEDDED_PRIVATE)('refuses the literal [%s]', async (address) => {
    expectError(await fromUrl(`http://[${address}]/a.png`), 400, 'URL_NOT_ALLOWED');
  });

  it('fetches from a public name, and through a redirect to another public URL', async () => {
    const direct = await fromUrl('http://public.example/photo.png');
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(MediaObject.parse(direct.body).name).toBe('photo.png');
    const redirected = await fromUrl(
      `http://public.example/redirect?to=${encodeURIComponent('http://public.example/photo.png')}`,
    );
    expect(redirected.status, JSON.stringify(redirected.body)).toBe(200);
  });

  it.each([
    ['a name of a private address', 'http://intranet.example/photo.png', 'intranet.example'],
    ['a name of a NAT64 loopback address', 'http://nat64.example/photo.png', 'nat64.example'],
    ['a loopback literal', 'http://127.0.0.1/photo.png', '127.0.0.1'],
    ['an IPv4-compatible literal', 'http://[::127.0.0.1]/photo.png', '[::7f00:1]'],
    ['a 6to4 literal', 'http://[2002:a9fe:a9fe::1]/latest/meta-data', '[2002:a9fe:a9fe::1]'],
  ])('refuses a public URL that redirects to %s, at the redirect', async (_what, target, host) => {
    const res = await fromUrl(`http://public.example/redirect?to=${encodeURIComponent(target)}`);
    expectError(res, 400, 'URL_NOT_ALLOWED');
    expect((res.body as { message: string }).message).toContain(host);
  });
});
