/*
 * Lets lint's import resolution (eslint-plugin-boundaries, through eslint-module-utils) find our
 * TypeScript files under the `.js` names ESM imports use. Hand-written because the usual package
 * (eslint-import-resolver-typescript) is not among our dependencies, and this is all we need of it:
 * a relative `./x.js` is `./x.ts` (or `.tsx`) when that file exists; everything else goes to the
 * node resolver as before.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import node from 'eslint-import-resolver-node';

export const interfaceVersion = 2;

export function resolve(source, file, config) {
  if (source.startsWith('.') && source.endsWith('.js')) {
    const base = resolvePath(dirname(file), source.slice(0, -3));
    for (const ext of ['.ts', '.tsx']) if (existsSync(base + ext)) return { found: true, path: base + ext };
  }
  return node.resolve(source, file, config);
}
