import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_METHOD_NAMES } from '../../shared/ipc/contract.js';
import { contentSecurityPolicy } from '../../electron/window/security.js';

/*
 * The production bundles, built fresh by the real build script into a folder of their own: they
 * exist and parse, the preload gives the page exactly the contract, main needs nothing at run time
 * that an installer would not ship, and the renderer carries no key, no Node and a strict CSP.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let out: string;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'postdeck-security-dist-'));
  await run(process.execPath, ['scripts/build.mjs'], {
    cwd: ROOT,
    env: { ...process.env, POSTDECK_DIST_DIR: out },
    maxBuffer: 16 * 1024 * 1024,
  });
}, 240_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

const read = (path: string) => readFile(join(out, path), 'utf8');

describe('the production bundles', () => {
  it('exist and parse: main, preload, the renderer page', async () => {
    for (const file of ['electron/main.cjs', 'electron/preload.cjs']) {
      await expect(run(process.execPath, ['--check', join(out, file)]), file).resolves.toBeDefined();
    }
    expect(await read('renderer/index.html')).toMatch(/<div id="root"><\/div>/);
  });

  it("main loads at run time only Node's own modules, Electron, and production dependencies", async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const code = await read('electron/main.cjs');
    const required = new Set<string>();
    const visit = (node: ts.Node) => {
      const [arg] = ts.isCallExpression(node) ? node.arguments : [];
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'require' &&
        arg &&
        ts.isStringLiteral(arg)
      ) {
        required.add(arg.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile('main.cjs', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS));
    const builtins = new Set(builtinModules);
    const packages = [...required]
      .filter((id) => !id.startsWith('node:') && !builtins.has(id.split('/')[0]!))
      .map((id) => (id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]!));
    const missing = [...new Set(packages)].filter(
      (name) => name !== 'electron' && !(name in pkg.dependencies),
    );
    expect(
      missing,
      'required by main.cjs but not a production dependency (an installer would not ship it)',
    ).toEqual([]);
    expect(packages).toEqual(expect.arrayContaining(['electron', 'keytar', 'libsql']));
  }, 60_000);

  it('the built preload requires only electron and exposes exactly the contract, no raw IPC', async () => {
    const code = await read('electron/preload.cjs');
    const exposed = new Map<string, unknown>();
    const requested: string[] = [];
    const fakeElectron = {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
      ipcRenderer: { invoke: async () => undefined, on: () => undefined, removeListener: () => undefined },
      webUtils: { getPathForFile: () => '' },
    };
    const module = { exports: {} };
    // A sandboxed preload gets a require that knows 'electron' and a few built-ins only.
    runInNewContext(code, {
      module,
      exports: module.exports,
      require: (id: string) => {
        requested.push(id);
        if (id === 'electron') return fakeElectron;
        throw new Error(`a sandboxed preload cannot require "${id}"`);
      },
    });
    expect(requested).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['api']);
    const api = exposed.get('api') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...IPC_METHOD_NAMES, 'on', 'fileToken'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.values(api)).not.toContain(fakeElectron.ipcRenderer.invoke);
  });
});

/** Every JavaScript file of the built renderer (source maps excluded: they are not shipped). */
async function rendererScripts(): Promise<{ file: string; code: string }[]> {
  const files = (await readdir(join(out, 'renderer'), { recursive: true })).filter((f) => f.endsWith('.js'));
  return Promise.all(files.map(async (file) => ({ file, code: await read(join('renderer', file)) })));
}

describe('the renderer bundle', () => {
  it('contains no API key', async () => {
    const page = await read('renderer/index.html');
    const scripts = await rendererScripts();
    expect(scripts.length).toBeGreaterThan(0);
    // A placeholder such as "pst_live_…" is fine; a token (prefix and a secret) never is.
    for (const { file, code } of [...scripts, { file: 'index.html', code: page }]) {
      expect(code, file).not.toMatch(/pst_(live|test)_[A-Za-z0-9_-]{8,}/);
    }
  });

  it('imports no Node module, no Electron, no raw IPC', async () => {
    const forbidden = [
      /\bfrom\s*["'](electron|node:[\w/]+|fs|path|child_process|os|net|keytar|libsql|sharp)["']/,
      /\bimport\(\s*["'](electron|node:[\w/]+|fs|child_process)["']\s*\)/,
      /\brequire\(\s*["'][\w:@/-]+["']\s*\)/,
      /\bipcRenderer\b/,
      /\bprocess\.versions\.electron\b/,
    ];
    for (const { file, code } of await rendererScripts()) {
      for (const pattern of forbidden) expect(code, `${file} ${pattern}`).not.toMatch(pattern);
    }
  });

  it('runs no inline script', async () => {
    const page = await read('renderer/index.html');
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(page).not.toMatch(/\bon[a-z]+\s*=\s*["']/i);
  });
});

/** A policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** What every policy the page gets must say, whether it comes as a header or a meta tag. */
function expectStrict(policy: string, connect: string[]): void {
  const d = directives(policy);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')).toEqual(["'self'"]);
  expect(d.get('connect-src')).toEqual(connect);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'none'"]);
  expect(d.get('form-action')).toEqual(["'none'"]);
  expect(policy).not.toMatch(/unsafe-eval|wasm-unsafe-eval|unsafe-hashes|strict-dynamic/);
  // Inline style attributes (React, the calendar) are allowed; nothing is allowed inline for scripts.
  for (const [name, values] of d) {
    if (name !== 'style-src') expect(values, name).not.toContain("'unsafe-inline'");
    expect(values, name).not.toContain('*');
  }
}

describe('the Content-Security-Policy', () => {
  it('in the built page (meta) is strict and gives the page no network of its own', async () => {
    const page = await read('renderer/index.html');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page);
    expect(meta, 'the built page carries a CSP meta tag').not.toBeNull();
    expectStrict(meta![1]!.replaceAll('&#39;', "'"), ["'none'"]);
    // The meta tag comes before any script.
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<script'));
  });

  it('on every app:// response (header) is strict, and also forbids framing the app', () => {
    const policy = contentSecurityPolicy();
    expectStrict(policy, ["'self'"]);
    const d = directives(policy);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('frame-src')).toEqual(["'none'"]);
  });

  it('in development still allows no eval and no remote script beyond the dev server', () => {
    const d = directives(contentSecurityPolicy('http://localhost:5173'));
    expect(d.get('script-src')).toEqual(["'self'", 'http://localhost:5173']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(contentSecurityPolicy('http://localhost:5173')).not.toMatch(/unsafe-eval/);
  });
});
