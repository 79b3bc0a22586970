import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxStarter } from '../profiles/sandbox.js';

const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-sandbox-host-'));
const starter = createSandboxStarter(dataDir);
afterAll(async () => {
  await starter.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const statusWithHost = (url: string, host: string, apiKey: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { headers: { host, authorization: `Bearer ${apiKey}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });

describe('the built-in sandbox', () => {
  it('answers only to loopback Host names, so a DNS-rebinding page cannot reach it', async () => {
    const { baseUrl, apiKey } = await starter.start();
    const port = new URL(baseUrl).port;
    expect(await statusWithHost(`${baseUrl}/me`, `127.0.0.1:${port}`, apiKey)).toBe(200);
    expect(await statusWithHost(`${baseUrl}/me`, `rebind.attacker.example:${port}`, apiKey)).toBe(421);
  });
});
