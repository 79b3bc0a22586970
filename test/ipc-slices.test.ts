import { readdirSync } from 'node:fs';
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
