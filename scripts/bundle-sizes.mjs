// Prints each chunk of the built renderer (dist/renderer, after `npm run build`) with its size and
// gzip size, the first load's chunks first: the entry script and what index.html preloads with it,
// which the window reads and runs before it asks main anything. The rest load when first opened.
// Usage: node scripts/bundle-sizes.mjs [dist/renderer]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist/renderer';
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const firstLoad = new Set(
  [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) =>
    m[1].slice('assets/'.length),
  ),
);
const assets = readdirSync(join(dir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
const rows = assets.map((file) => {
  const bytes = readFileSync(join(dir, 'assets', file));
  return {
    file,
    first: firstLoad.has(file),
    size: statSync(join(dir, 'assets', file)).size,
    gzip: gzipSync(bytes).length,
  };
});
rows.sort((a, b) => Number(b.first) - Number(a.first) || b.size - a.size);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
let total = { size: 0, gzip: 0 };
let lazy = { size: 0, gzip: 0 };
console.log(`${'chunk'.padEnd(44)} ${'size'.padStart(10)} ${'gzip'.padStart(10)}  loaded`);
for (const r of rows) {
  console.log(`${r.file.padEnd(44)} ${kb(r.size)} ${kb(r.gzip)}  ${r.first ? 'first' : 'when opened'}`);
  const sum = r.first ? total : lazy;
  sum.size += r.size;
  sum.gzip += r.gzip;
}
console.log(`${'first load (entry + preloaded)'.padEnd(44)} ${kb(total.size)} ${kb(total.gzip)}`);
console.log(`${'loaded when first opened'.padEnd(44)} ${kb(lazy.size)} ${kb(lazy.gzip)}`);
