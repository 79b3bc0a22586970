import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import {
  IPC_METHOD_NAMES,
  ipcMethods,
  methodChannel,
  REGISTER_FILE_CHANNEL,
} from '../../shared/ipc/contract.js';

/*
 * The IPC surface, as Electron's checklist asks: main answers exactly the contract's channels, each
 * one checks who is calling before anything runs, every input is parsed as unknown, and nothing in
 * electron/ opens a channel of its own or hands the page raw IPC.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Handler = (event: unknown, input: unknown) => Promise<unknown>;
const ipc = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, input: unknown) => Promise<unknown>>(),
  removed: [] as string[],
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => {
      if (ipc.handlers.has(channel))
        throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipc.handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => {
      ipc.handlers.delete(channel);
      ipc.removed.push(channel);
    },
  },
}));

const { registerIpc } = await import('../../electron/ipc/register-ipc.js');
const { rendererEntry } = await import('../../electron/window/security.js');
const { dispatch } = await import('../../electron/ipc/dispatch.js');

const ENTRY = rendererEntry(undefined);

function fakeServices() {
  const invoke = vi.fn(async (name: string) => ({ ok: true as const, value: name }));
  const registerFile = vi.fn(async () => ({ ok: true as const, value: { token: 'file_x' } }));
  return {
    invoke,
    registerFile,
    services: { invoke, registerFile, onEvent: () => () => undefined } as never,
  };
}

const frame = (url: string, top = true) => ({ senderFrame: { url, parent: top ? null : {} } });

describe('main registers the contract and nothing else', () => {
  it('one handler per contract method, on its channel, removed together', () => {
    const { services } = fakeServices();
    const unregister = registerIpc(services, ENTRY, () => null);
    // The contract's channels, and the one the preload's fileToken uses (a File the user chose).
    const channels = [...IPC_METHOD_NAMES.map(methodChannel), REGISTER_FILE_CHANNEL].sort();
    expect([...ipc.handlers.keys()].sort()).toEqual(channels);
    unregister();
    expect(ipc.handlers.size).toBe(0);
    expect(ipc.removed.sort()).toEqual(channels);
  });

  it('every handler refuses a caller that is not our top frame, before anything runs', async () => {
    const { services, invoke, registerFile } = fakeServices();
    const unregister = registerIpc(services, ENTRY, () => null);
    try {
      for (const [channel, handler] of ipc.handlers) {
        for (const event of [
          frame('https://attacker.example/'),
          frame('app://postdeck/index.html', false),
          frame('file:///tmp/x.html'),
          frame('app://evil/index.html'),
          { senderFrame: null },
        ]) {
          expect(await handler(event, {}), channel).toMatchObject({
            ok: false,
            error: { code: 'FORBIDDEN_SENDER' },
          });
        }
      }
      expect(invoke).not.toHaveBeenCalled();
      expect(registerFile).not.toHaveBeenCalled();
      await ipc.handlers.get(REGISTER_FILE_CHANNEL)!(frame('app://postdeck/index.html'), { path: '/x' });
      expect(registerFile).toHaveBeenCalledWith({ path: '/x' });
      const [channel, handler] = [...ipc.handlers][0]!;
      await handler(frame('app://postdeck/index.html#/calendar'), { probe: true });
      const name = IPC_METHOD_NAMES.find((n) => methodChannel(n) === channel);
      expect(invoke).toHaveBeenCalledWith(name, { probe: true }, { caller: 'renderer' });
    } finally {
      unregister();
    }
  });

  it('every method parses its input as unknown: garbage never reaches a handler', async () => {
    const handlers = Object.fromEntries(
      IPC_METHOD_NAMES.map((name) => [name, () => Promise.reject(new Error(`${name} ran on garbage`))]),
    ) as never;
    for (const name of IPC_METHOD_NAMES) {
      for (const garbage of [
        'x',
        42,
        [],
        { __proto__: { admin: true }, extra: 'pst_test_aaaaaaaaaaaaaaaa' },
        { toString: 'x' },
      ]) {
        const answer = await dispatch(handlers, name, garbage, { caller: 'test' });
        expect(answer, `${name} ${JSON.stringify(garbage)}`).toMatchObject({
          ok: false,
          error: { code: 'INVALID_ARGUMENT' },
        });
        expect(JSON.stringify(answer)).not.toContain('pst_test_aaaa');
      }
    }
    expect(await dispatch(handlers, 'evalInMain', {}, { caller: 'test' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(await dispatch(handlers, '__proto__', {}, { caller: 'test' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });

  it('links leave only as http(s): openExternal refuses every other scheme', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'ms-msdt:/id',
      'app://postdeck/',
    ]) {
      expect(ipcMethods.openExternal.input.safeParse({ url }).success, url).toBe(false);
    }
    expect(ipcMethods.openExternal.input.safeParse({ url: 'https://example.com/' }).success).toBe(true);
  });
});

/** Every TypeScript file of the main process and preload (tests excluded). */
async function electronSources(): Promise<{ path: string; source: ts.SourceFile }[]> {
  const dir = join(ROOT, 'electron');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !relative(dir, path).startsWith(`test`));
  return Promise.all(
    files.map(async (path) => ({
      path: relative(ROOT, path),
      source: ts.createSourceFile(path, await readFile(path, 'utf8'), ts.ScriptTarget.Latest, true),
    })),
  );
}

/** Names a file takes from 'electron' (imports and require calls alike). */
function electronNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      // electron and its subpaths, not packages that merely start with the name (electron-log).
      /^(electron(\/|$)|@electron\/remote)/.test(node.moduleSpecifier.text)
    ) {
      const clause = node.importClause;
      if (node.moduleSpecifier.text !== 'electron') names.push(node.moduleSpecifier.text);
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.getText(source) === 'require' &&
      node.arguments[0]?.getText(source).includes('electron')
    ) {
      names.push('require');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

describe('the main process source', () => {
  it('touches ipcMain only in register-ipc.ts and ipcRenderer only in the preload; no remote, no require', async () => {
    const uses: Record<string, string[]> = {};
    for (const { path, source } of await electronSources()) {
      for (const name of electronNames(source)) (uses[name] ??= []).push(path);
    }
    expect(uses.ipcMain).toEqual(['electron/ipc/register-ipc.ts']);
    expect(uses.ipcRenderer).toEqual(['electron/preload.ts']);
    expect(uses.contextBridge).toEqual(['electron/preload.ts']);
    for (const banned of ['remote', '@electron/remote', 'require', 'default', '*', 'utilityProcess']) {
      expect(uses[banned], banned).toBeUndefined();
    }
  });

  it('register-ipc.ts calls ipcMain.handle only inside the loop over the contract', async () => {
    const file = (await electronSources()).find((f) => f.path === 'electron/ipc/register-ipc.ts')!;
    const calls: { method: string; inContractLoop: boolean; channel: string }[] = [];
    const visit = (node: ts.Node, loop: boolean) => {
      const inLoop =
        loop || (ts.isForOfStatement(node) && node.expression.getText(file.source) === 'IPC_METHOD_NAMES');
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.expression.getText(file.source) === 'ipcMain'
      ) {
        calls.push({
          method: node.expression.name.text,
          inContractLoop: inLoop,
          channel: node.arguments[0]?.getText(file.source) ?? '',
        });
      }
      ts.forEachChild(node, (child) => visit(child, inLoop));
    };
    visit(file.source, false);
    // Besides the contract's loop, only the preload's file channel (checked above like every other).
    expect(calls).toEqual([
      { method: 'handle', inContractLoop: true, channel: 'methodChannel(name)' },
      { method: 'handle', inContractLoop: false, channel: 'REGISTER_FILE_CHANNEL' },
      { method: 'removeHandler', inContractLoop: true, channel: 'methodChannel(name)' },
      { method: 'removeHandler', inContractLoop: false, channel: 'REGISTER_FILE_CHANNEL' },
    ]);
  });

  it('sends the window only contract events', async () => {
    const sends: string[] = [];
    for (const { path, source } of await electronSources()) {
      const visit = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          node.expression.name.text === 'send' &&
          /webContents$/.test(node.expression.expression.getText(source))
        ) {
          sends.push(`${path}: ${node.arguments[0]?.getText(source) ?? ''}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(sends.length).toBeGreaterThan(0);
    for (const send of sends) expect(send).toMatch(/: eventChannel\(/);
  });

  it('never turns a checklist setting off anywhere', async () => {
    const risky = [
      /nodeIntegration(InWorker|InSubFrames)?\s*:\s*true/,
      /contextIsolation\s*:\s*false/,
      /sandbox\s*:\s*false/,
      /webSecurity\s*:\s*false/,
      /allowRunningInsecureContent\s*:\s*true/,
      /experimentalFeatures\s*:\s*true/,
      /enableBlinkFeatures/,
      /webviewTag\s*:\s*true/,
      /\.executeJavaScript\(/,
      /setPermissionRequestHandler\(\s*null/,
      /ELECTRON_DISABLE_SECURITY_WARNINGS/,
      /--ignore-certificate-errors|ignore-certificate-errors/,
    ];
    for (const { path, source } of await electronSources()) {
      for (const pattern of risky) expect(source.text, `${path} ${pattern}`).not.toMatch(pattern);
    }
  });
});
