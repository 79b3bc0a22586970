import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxFile } from '../sandbox-file.js';
import { processesMentioning, runCli, spawnCli } from './cli-process.js';
import { dataDirsOfFile, expectError } from './helpers.js';

const dir = dataDirsOfFile();

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "listening on" within 30 s: ${out}`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

const admin = (dataDir: string, ...args: string[]) => runCli(['admin', ...args, '--data-dir', dataDir]);

describe('the CLI', () => {
  it('prints "listening on <baseUrl>", serves, and exits cleanly on SIGTERM; admin commands work on the data dir', async () => {
    const dataDir = dir();
    const child = spawnCli([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--rate-limit',
      '100/60',
      '--tick-ms',
      '100',
    ]);
    try {
      const baseUrl = await waitForListening(child);
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const sandbox = SandboxFile.parse(JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8')));
      expect(sandbox.baseUrl).toBe(baseUrl);
      expect(sandbox.keys.map((k) => k.label)).toEqual([
        'full-live',
        'full-test',
        'scheduler',
        'posts-read',
        'posts-write',
        'media-write',
        'analytics-read',
        'brands-read',
        'brand1-only',
        'revoked',
        'other-org',
      ]);
      const brand = sandbox.organizations[0]?.brands[0];
      const me = await fetch(`${baseUrl}/me`, {
        headers: { authorization: `Bearer ${sandbox.keys[0]?.token}`, 'x-brand-id': brand?.id ?? '' },
      });
      expect(me.status).toBe(200);
      expect(me.headers.get('x-ratelimit-limit')).toBe('100');

      const created = admin(
        dataDir,
        'create-key',
        '--label',
        'ci',
        '--scopes',
        'posts:read,brands:read',
        '--brands',
        brand?.id ?? '',
      );
      expect(created.status, created.stderr).toBe(0);
      const token = /(pst_live_\S+)/.exec(created.stdout)?.[1] ?? '';
      const headers = { authorization: `Bearer ${token}`, 'x-brand-id': brand?.id ?? '' };
      expect((await fetch(`${baseUrl}/me`, { headers })).status).toBe(200);
      const listed = admin(dataDir, 'list');
      expect(listed.stdout).toContain('ci');
      expect(listed.stdout).toContain('(disconnected)');
      expect(admin(dataDir, 'revoke-key', '--key', 'ci').status).toBe(0);
      const revoked = await fetch(`${baseUrl}/me`, { headers });
      expectError({ status: revoked.status, body: await revoked.json() }, 401, 'INVALID_API_KEY');

      const added = admin(
        dataDir,
        'add-integration',
        '--brand',
        brand?.id ?? '',
        '--platform',
        'threads',
        '--name',
        'Second Threads',
      );
      expect(added.status, added.stderr).toBe(0);
      expect(
        SandboxFile.parse(
          JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8')),
        ).organizations[0]?.brands[0]?.integrations.map((i) => i.name),
      ).toContain('Second Threads');
      const bad = admin(
        dataDir,
        'add-integration',
        '--brand',
        brand?.id ?? '',
        '--platform',
        'myspace',
        '--name',
        'x',
      );
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('--platform must be one of');

      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses bad flags with a usage message', () => {
    const res = runCli(['--rate-limit', 'lots', '--data-dir', dir()]);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('--rate-limit takes N/SECONDS');
    const hosts = runCli(['--allowed-hosts', 'lan', '--data-dir', dir()]);
    expect(hosts.status).toBe(1);
    expect(hosts.stderr).toContain('--allowed-hosts takes "any" or "loopback"');
  });

  it('answers only loopback Host names with --allowed-hosts loopback', async () => {
    const child = spawnCli(['--port', '0', '--data-dir', dir(), '--allowed-hosts', 'loopback']);
    try {
      const baseUrl = await waitForListening(child);
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${baseUrl}/docs/json`, { headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.once('error', reject);
          req.end();
        });
      expect(await status(new URL(baseUrl).host)).toBe(200);
      expect(await status('rebind.attacker.example')).toBe(421);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('leaves no process behind when it is killed outright', async () => {
    const dataDir = dir();
    const child = spawnCli(['--port', '0', '--data-dir', dataDir]);
    try {
      await waitForListening(child);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    // Give an orphan a moment to show itself, then look for anything still naming this data dir.
    await new Promise((r) => setTimeout(r, 500));
    const left = processesMentioning(dataDir);
    for (const line of left) process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
    expect(left).toEqual([]);
  });
});
