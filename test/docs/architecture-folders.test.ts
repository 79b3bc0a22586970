import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md says in its tables where each feature lives. A folder added to electron/,
 * renderer/ or shared/ without a line there fails here, so the page a newcomer reads first stays
 * a true map of the tree.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SIDES = ['shared', 'electron', 'renderer'] as const;
type Side = (typeof SIDES)[number];

function foldersOf(side: Side): string[] {
  return readdirSync(join(ROOT, side), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The folders each side's column of the feature table names, and those the folder table names in full. */
function namedFolders(page: string): Record<Side, Set<string>> {
  const section = page.slice(page.indexOf('## Where each feature lives'));
  const named: Record<Side, Set<string>> = { shared: new Set(), electron: new Set(), renderer: new Set() };
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || line.startsWith('| Feature')) continue;
    const cells = line.split('|').slice(1, -1);
    if (cells.length === 4)
      SIDES.forEach((side, i) => {
        for (const m of cells[i + 1]!.matchAll(/`([a-z-]+)\//g)) named[side].add(m[1]!);
      });
    for (const m of line.matchAll(/`(shared|electron|renderer)\/([a-z-]+)\//g))
      named[m[1] as Side].add(m[2]!);
  }
  return named;
}

describe('docs/architecture.md, where each feature lives', () => {
  const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const named = namedFolders(page);

  it.each(SIDES)('names every folder of %s/', (side) => {
    const missing = foldersOf(side).filter((f) => !named[side].has(f));
    expect(missing).toEqual([]);
  });

  it('names no folder that is not there', () => {
    for (const side of SIDES) {
      const there = new Set(foldersOf(side));
      expect([...named[side]].filter((f) => !there.has(f))).toEqual([]);
    }
  });
});
