import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IPC_EVENT_NAMES, IPC_METHOD_NAMES } from '../shared/ipc/contract.js';

/*
 * The contract is the union of the features' slices (shared/<feature>/ipc.ts). A spread keeps the
 * last of two methods of one name without a word, and a slice left out of the union is simply not
 * served: both are checked here, over every slice on disk.
 */

const SHARED = new URL('../shared/', import.meta.url);
const features = readdirSync(SHARED, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(new URL(`${entry.name}/`, SHARED)).includes('ipc.ts'))
  .map((entry) => entry.name);

/** Every method and event name each slice exports, by slice. */
async function sliceNames(suffix: 'Methods' | 'Events'): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const feature of features) {
    const slice = (await import(`../shared/${feature}/ipc.ts`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(slice))
      if (name.endsWith(suffix) && typeof value === 'object' && value !== null)
        found.set(`${feature}/${name}`, Object.keys(value));
  }
  return found;
}

describe('the IPC contract, the union of the slices', () => {
  it('finds the slices', () => {
    expect(features).toEqual(expect.arrayContaining(['posts', 'drafts', 'labels', 'desktop']));
  });

  it.each(['Methods', 'Events'] as const)(
    'holds every %s of every slice, each named by one slice only',
    async (suffix) => {
      const slices = await sliceNames(suffix);
      const all = [...slices.values()].flat();
      expect(new Set(all).size).toBe(all.length);
      const union = suffix === 'Methods' ? IPC_METHOD_NAMES : IPC_EVENT_NAMES;
      expect([...union].sort()).toEqual([...all].sort());
    },
  );
});

/** The modules of shared/ (tests left out) and the shared/ modules each imports, by path from shared/. */
function sharedImports(): Map<string, string[]> {
  const root = fileURLToPath(SHARED);
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        !entry.name.endsWith('.d.ts')
      ) {
        const imports = [...readFileSync(path, 'utf8').matchAll(/from '(\.[^']+)\.js'/g)].map((m) =>
          relative(root, resolve(dirname(path), `${m[1]}.ts`)),
        );
        graph.set(relative(root, path), imports);
      }
    }
  };
  walk(root);
  return graph;
}

describe('the slices import one another without a cycle', () => {
  const graph = sharedImports();

  it('never import the union', () => {
    const importers = [...graph]
      .filter(([, imports]) => imports.includes('ipc/contract.ts'))
      .map(([file]) => file);
    expect(importers).toEqual([]);
  });

  it("form no cycle (a slice may use another feature's models, never the other way round too)", () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      path.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
