import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PackData } from '../../shared/review/model.js';

/*
 * The review pack's page: one HTML file holding its script, styles and data, with a strict
 * Content-Security-Policy that names its one script and one stylesheet by hash. Nothing in it can
 * reach the network (connect-src, img-src data: only, form-action 'none'). Its script is the small
 * React page in renderer/review-pack/ (the same preview components the composer draws), bundled by
 * scripts/build.mjs beside main.cjs; run from sources (tests), it is bundled here once with esbuild.
 */

export interface PackAssets {
  js: string;
  css: string;
}

let built: Promise<PackAssets> | null = null;

/** The pack page's script and styles (built once per run). */
export function packAssets(): Promise<PackAssets> {
  built ??= loadAssets();
  return built;
}

async function loadAssets(): Promise<PackAssets> {
  const here = import.meta.url;
  const js = new URL('./review-pack.js', here);
  if (!here.endsWith('.ts') && existsSync(fileURLToPath(js))) {
    const [script, css] = await Promise.all([
      readFile(js, 'utf8'),
      readFile(new URL('./review-pack.css', here), 'utf8'),
    ]);
    return { js: script, css };
  }
  const { bundlePackPage } = await import('./pack-bundle.js');
  return bundlePackPage(fileURLToPath(new URL('../../renderer/review-pack/main.tsx', here)));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The pack's policy: its own script and styles by hash, pictures and fonts from data: URLs only. */
export function packCsp(assets: PackAssets): string {
  return [
    "default-src 'none'",
    `script-src ${sha256(assets.js)}`,
    `style-src ${sha256(assets.css)}`,
    'img-src data:',
    'font-src data:',
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Text for an HTML text node or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

/**
 * JSON inside a <script type="application/json">: `<` written as \u003c, so no text in it (a
 * post's `</script>`) can end the element; the page parses it, it never runs.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function packHtml(data: PackData, assets: PackAssets): string {
  // A </script> or </style> inside the bundle itself would end its element early.
  const js = assets.js.replace(/<\/(script)/gi, '<\\/$1');
  const css = assets.css.replace(/<\/(style)/gi, '<\\/$1');
  const page = { js, css };
  const title = `${data.brandName}: posts for review, ${data.range.from} to ${data.range.to}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(packCsp(page))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${page.css}</style>`,
    '</head>',
    '<body>',
    `<noscript><p>This review pack needs JavaScript to show its posts; open it in a current browser.</p></noscript>`,
    '<div id="root"></div>',
    `<script type="application/json" id="pack-data">${scriptJson(data)}</script>`,
    `<script>${page.js}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
