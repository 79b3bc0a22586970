import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * Each folder's runtime is enforced by config, not by a comment: a file planted in a folder that
 * reaches for another runtime's module or globals fails lint (eslint.config.js) and type-checking
 * (the folder's tsconfig), while the same code passes where that runtime is the one it runs in.
 * The planted files never touch the disk: ESLint lints text under a file path, and TypeScript reads
 * the text through a compiler host, with the real config of the folder.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rules a file with this text at this path breaks. */
async function lintRules(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** The type errors of a file with this text at this path, checked under the given tsconfig. */
function typeErrors(config: string, path: string, text: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, config), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`Could not read ${config}`);
  const planted = join(root, path);
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, languageVersion, ...rest) =>
    resolve(name) === planted
      ? ts.createSourceFile(name, text, languageVersion)
      : getSourceFile.call(host, name, languageVersion, ...rest);
  host.fileExists = (name) => resolve(name) === planted || fileExists.call(host, name);
  host.readFile = (name) => (resolve(name) === planted ? text : readFile.call(host, name));
  // The folder's ambient declarations (e.g. shared/globals.d.ts) come with the planted file.
  const ambient = parsed.fileNames.filter((name) => name.endsWith('.d.ts'));
  const program = ts.createProgram({ rootNames: [planted, ...ambient], options: parsed.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file && resolve(diagnostic.file.fileName) === planted)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
}

const NODE_GLOBALS = "export const bytes = Buffer.from('x');\nexport const env = process.env;\n";
const PAGE_GLOBALS = 'export const title = document.title;\nexport const width = window.innerWidth;\n';

describe('lint: each folder sees its own runtime only', () => {
  it('a renderer file importing node:fs fails; the same import passes in main', async () => {
    const text = "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n";
    expect(await lintRules('renderer/planted.ts', text)).toContain('no-restricted-imports');
    expect(await lintRules('electron/planted.ts', text)).toEqual([]);
  });

  it("react-big-calendar's private lib/ modules fail lint in the renderer; its public API and stylesheet pass", async () => {
    const privateModule =
      "import Month from 'react-big-calendar/lib/Month.js';\nexport const view = Month;\n";
    expect(await lintRules('renderer/calendar/planted.ts', privateModule)).toContain('no-restricted-imports');
    const publicApi =
      "import { Calendar } from 'react-big-calendar';\nimport 'react-big-calendar/lib/css/react-big-calendar.css';\nexport const view = Calendar;\n";
    expect(await lintRules('renderer/calendar/planted.ts', publicApi)).toEqual([]);
  });

  it("a renderer file using Node's Buffer or process fails; main may", async () => {
    const rules = await lintRules('renderer/planted.ts', NODE_GLOBALS);
    expect(rules.filter((rule) => rule === 'no-restricted-globals')).toHaveLength(2);
    expect(await lintRules('electron/planted.ts', NODE_GLOBALS)).toEqual([]);
  });

  it('a shared file using document fails, and so does one using a Node global', async () => {
    expect(await lintRules('shared/planted.ts', PAGE_GLOBALS)).toContain('no-restricted-globals');
    expect(await lintRules('shared/planted.ts', NODE_GLOBALS)).toContain('no-restricted-globals');
    expect(await lintRules('shared/planted.ts', 'export const n = new Intl.NumberFormat();\n')).toEqual([]);
  });

  it("the sandboxed preload may import only 'electron' and shared/", async () => {
    const allowed =
      "import { ipcRenderer } from 'electron';\nimport { IPC_METHOD_NAMES } from '../shared/ipc/contract.js';\n" +
      'export const both = [ipcRenderer, IPC_METHOD_NAMES];\n';
    expect(await lintRules('electron/preload.ts', allowed)).toEqual([]);
    for (const module of ['node:fs', './store/database.js', 'keytar']) {
      const text = `import * as m from '${module}';\nexport const used = m;\n`;
      expect(await lintRules('electron/preload.ts', text)).toContain('no-restricted-imports');
    }
  });

  it('a main-process file using window or document fails; the renderer may', async () => {
    expect(await lintRules('electron/planted.ts', PAGE_GLOBALS)).toContain('no-restricted-globals');
    expect(await lintRules('server/planted.ts', PAGE_GLOBALS)).toContain('no-restricted-globals');
    expect(await lintRules('renderer/planted.ts', PAGE_GLOBALS)).toEqual([]);
  });
});

describe("types: each folder's tsconfig has its own runtime's globals only", () => {
  it("a renderer file using Node's Buffer or process does not type-check; in main it does", () => {
    const errors = typeErrors('renderer/tsconfig.json', 'renderer/planted.ts', NODE_GLOBALS);
    expect(errors.join('\n')).toMatch(/Cannot find name 'Buffer'/);
    expect(errors.join('\n')).toMatch(/Cannot find name 'process'/);
    expect(typeErrors('tsconfig.json', 'electron/planted.ts', NODE_GLOBALS)).toEqual([]);
  });

  it('a shared file using document does not type-check, nor one using Buffer', () => {
    expect(typeErrors('shared/tsconfig.json', 'shared/planted.ts', PAGE_GLOBALS).join('\n')).toMatch(
      /Cannot find name 'document'/,
    );
    expect(typeErrors('shared/tsconfig.json', 'shared/planted.ts', NODE_GLOBALS).join('\n')).toMatch(
      /Cannot find name 'Buffer'/,
    );
  });

  it('a main-process file using window does not type-check; in the renderer it does', () => {
    const errors = typeErrors('tsconfig.json', 'electron/planted.ts', PAGE_GLOBALS);
    expect(errors.join('\n')).toMatch(/Cannot find name 'window'/);
    expect(typeErrors('renderer/tsconfig.json', 'renderer/planted.ts', PAGE_GLOBALS)).toEqual([]);
  });
});
