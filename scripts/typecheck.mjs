// `npm run typecheck`: each runtime has its own tsconfig, so a file sees only the globals of the
// runtime it runs in (DOM in renderer/, Node in electron/ and server/, neither in shared/; see
// docs/architecture.md). This checks every tsconfig*.json of the repo, and fails if a TypeScript
// file belongs to none, so nothing goes unchecked. (Project references would need every project to
// emit declarations; a program per config needs nothing.)
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'release', 'test-results', 'playwright-report']);

/** Every file under the repo whose name passes `keep`, skipping dependencies, outputs and dot folders. */
function walk(dir, keep, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, found);
    else if (keep(entry.name)) found.push(path);
  }
  return found;
}

const configs = walk(
  root,
  (name) => /^tsconfig(\.[\w-]+)?\.json$/.test(name) && name !== 'tsconfig.base.json',
)
  .sort()
  .map((path) => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(
            `${relative(root, path)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
          );
        },
      },
    );
    if (!parsed) throw new Error(`Could not read ${relative(root, path)}`);
    return { path, options: parsed.options, fileNames: parsed.fileNames };
  });

const covered = new Set(configs.flatMap((config) => config.fileNames.map((file) => resolve(file))));
const orphans = walk(root, (name) => /\.(ts|tsx|mts|cts)$/.test(name)).filter((file) => !covered.has(file));
if (orphans.length > 0) {
  console.error('No tsconfig checks these files; add them to the config of the runtime they run in:');
  for (const file of orphans) console.error(`  ${relative(root, file)}`);
  process.exit(1);
}

// One process checks every config in turn. A file parses the same whichever config reads it (the
// DOM library, zod's and React's types are read by most), so each is parsed and bound once and its
// syntax tree shared by the programs, as TypeScript's language service shares them between
// projects; each program's own checker checks it against that config's globals. This halves the
// CPU time of a `tsc -p` per config.
const sourceFiles = new Map();
let failed = false;
for (const { path, options, fileNames } of configs) {
  const started = Date.now();
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const how = typeof languageVersion === 'object' ? languageVersion : { languageVersion };
    const key = `${fileName}|${how.languageVersion}|${how.impliedNodeFormat}`;
    let file = sourceFiles.get(key);
    if (!file) {
      file = readSourceFile.call(host, fileName, languageVersion, onError, shouldCreate);
      if (file) sourceFiles.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames: fileNames, options, host });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${diagnostics.length === 0 ? 'ok  ' : 'FAIL'} ${relative(root, path)} (${seconds} s)`);
  if (diagnostics.length > 0) {
    failed = true;
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, host));
  }
}
if (failed) process.exit(1);
