import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * electron/ runs in layers that only look down (core, store, features, the composition root), so
 * does renderer/ (the IPC layer, the shared kit in ui/, features, the shell), only the posts module
 * writes the outbox and the posts cache, and only a feature's queries.ts asks main with a raw
 * `call('…')`: all are lint rules
 * (eslint.config.js), and these plant the wrong import in a file that never touches the disk
 * (ESLint lints text under a file path) to see lint fail, and the same text pass where it belongs.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lintRules(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const UPWARD = "import type { AppServices } from '../app-services.js';\nexport type Planted = AppServices;\n";
const OUTBOX_WRITE = [
  "import type { AppDatabase } from '../store/database.js';",
  "import { OutboxRepo } from '../outbox/outbox-repo.js';",
  'export function planted(db: AppDatabase): void {',
  '  new OutboxRepo(db, () => new Date()).remove("op");',
  '}',
  '',
].join('\n');

describe('lint: layers inside electron/ only look down', () => {
  it('a feature importing the composition root fails; the root itself may', async () => {
    expect(await lintRules('electron/sync/planted.ts', UPWARD)).toContain('boundaries/dependencies');
    expect(await lintRules('electron/evergreen/planted.ts', UPWARD)).toContain('boundaries/dependencies');
    // A feature's setup builds from the context it is given: it never reaches up into the root.
    expect(await lintRules('electron/evergreen/setup.ts', UPWARD)).toContain('boundaries/dependencies');
    expect(await lintRules('electron/desktop/setup.ts', UPWARD)).toContain('boundaries/dependencies');
    expect(await lintRules('electron/planted-root.ts', UPWARD)).not.toContain('boundaries/dependencies');
  });

  it('a core file importing a feature fails; a feature importing core passes', async () => {
    const feature =
      "import { PostCommands } from '../posts/post-commands.js';\nexport const planted = PostCommands;\n";
    expect(await lintRules('electron/core/planted.ts', feature)).toContain('boundaries/dependencies');
    const core = "import { AppFailure } from '../core/app-failure.js';\nexport const planted = AppFailure;\n";
    expect(await lintRules('electron/queue/planted.ts', core)).not.toContain('boundaries/dependencies');
  });

  it('a store importing the IPC layer fails', async () => {
    const ipc = "import { EventHub } from '../ipc/event-hub.js';\nexport const planted = EventHub;\n";
    expect(await lintRules('electron/store/planted.ts', ipc)).toContain('boundaries/dependencies');
  });
});

describe('lint: only the posts module writes the outbox and the posts cache', () => {
  it('an outbox write outside electron/posts/ fails; the same code inside it passes', async () => {
    expect(await lintRules('electron/evergreen/planted.ts', OUTBOX_WRITE)).toContain('no-restricted-imports');
    expect(await lintRules('electron/sync/planted.ts', OUTBOX_WRITE)).toContain('no-restricted-imports');
    expect(await lintRules('electron/posts/planted.ts', OUTBOX_WRITE)).toEqual([]);
    // The outbox module itself (its repository, its entries, its worker) writes the outbox too.
    expect(await lintRules('electron/outbox/planted.ts', OUTBOX_WRITE)).toEqual([]);
  });

  it('a posts cache write outside the module fails; reading through PostsCacheReads passes', async () => {
    const write = [
      "import { PostsCache } from '../store/posts-cache.js';",
      "import type { AppDatabase } from '../store/database.js';",
      'export const planted = (db: AppDatabase) => new PostsCache(db).removeGroup("p", "b", "g");',
      '',
    ].join('\n');
    expect(await lintRules('electron/import/planted.ts', write)).toContain('no-restricted-imports');
    const read = [
      "import type { PostsCacheReads } from '../store/posts-cache.js';",
      'export const planted = (cache: PostsCacheReads) => cache.listGroup("p", "b", "g");',
      '',
    ].join('\n');
    expect(await lintRules('electron/import/planted.ts', read)).toEqual([]);
  });
});

describe('lint: layers inside renderer/ only look down', () => {
  const shell = "import { AppShell } from '../shell/AppShell.js';\nexport const planted = AppShell;\n";
  const feature =
    "import { CalendarScreen } from '../calendar/CalendarScreen.js';\nexport const planted = CalendarScreen;\n";

  it('the shared kit importing the shell or a feature fails; a feature importing the kit passes', async () => {
    expect(await lintRules('renderer/ui/planted.ts', shell)).toContain('boundaries/dependencies');
    expect(await lintRules('renderer/ui/planted.ts', feature)).toContain('boundaries/dependencies');
    const kit = "import { errorMessage } from '../ui/feedback.js';\nexport const planted = errorMessage;\n";
    expect(await lintRules('renderer/queue/planted.ts', kit)).not.toContain('boundaries/dependencies');
  });

  it('a feature importing the shell fails; the shell importing a feature passes', async () => {
    expect(await lintRules('renderer/settings/planted.ts', shell)).toContain('boundaries/dependencies');
    expect(await lintRules('renderer/shell/planted.ts', feature)).not.toContain('boundaries/dependencies');
  });

  it('the IPC layer importing the kit, a feature or the shell fails', async () => {
    const kit = "import { useUi } from '../ui/ui-store.js';\nexport const planted = useUi;\n";
    expect(await lintRules('renderer/ipc/planted.ts', kit)).toContain('boundaries/dependencies');
    expect(await lintRules('renderer/ipc/planted.ts', feature)).toContain('boundaries/dependencies');
    expect(await lintRules('renderer/ipc/planted.ts', shell)).toContain('boundaries/dependencies');
  });
});

describe("lint: only a feature's queries.ts asks main with a raw call", () => {
  const component = [
    "import { call } from '../ipc/ipc.js';",
    'export function Planted() {',
    "  return <button onClick={() => void call('syncNow', {})}>Sync</button>;",
    '}',
    '',
  ].join('\n');
  const module = "import { call } from '../ipc/ipc.js';\nexport const planted = () => call('syncNow', {});\n";

  it('a raw call in a component or a non-query module fails', async () => {
    expect(await lintRules('renderer/snippets/Planted.tsx', component)).toContain('no-restricted-imports');
    expect(await lintRules('renderer/shell/Planted.tsx', component)).toContain('no-restricted-imports');
    expect(await lintRules('renderer/queue/planted.ts', module)).toContain('no-restricted-imports');
  });

  it("the same call in a feature's queries.ts passes", async () => {
    expect(await lintRules('renderer/snippets/queries.ts', module)).toEqual([]);
  });
});
