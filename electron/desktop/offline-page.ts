import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/*
 * A page the app writes for someone outside it (a review pack, a client report): one HTML file
 * holding its script, styles and data, with a strict Content-Security-Policy that names its one
 * script and one stylesheet by hash. Nothing in it can reach the network (connect-src, img-src
 * data: only, form-action 'none'). Its script is a small React page in renderer/<page>/, bundled by
 * scripts/build.mjs beside main.cjs; run from sources (tests), it is bundled here once with esbuild.
 * The same file is what the PDF prints (print-pdf.ts).
 */

/** The pages: each is renderer/<name>/main.tsx, built as <name>.js and <name>.css beside main. */
export type OfflinePageName = 'review-pack' | 'client-report';

export interface OfflinePageAssets {
  js: string;
  css: string;
}

const built = new Map<OfflinePageName, Promise<OfflinePageAssets>>();

/** A page's script and styles (built once per run). */
export function offlinePageAssets(name: OfflinePageName): Promise<OfflinePageAssets> {
  let assets = built.get(name);
  if (!assets) {
    assets = loadAssets(name);
    built.set(name, assets);
  }
  return assets;
}

async function loadAssets(name: OfflinePageName): Promise<OfflinePageAssets> {
  const here = import.meta.url;
  const js = new URL(`./${name}.js`, here);
  if (!here.endsWith('.ts') && existsSync(fileURLToPath(js))) {
    const [script, css] = await Promise.all([
      readFile(js, 'utf8'),
      readFile(new URL(`./${name}.css`, here), 'utf8'),
    ]);
    return { js: script, css };
  }
  const { bundleOfflinePage } = await import('./offline-page-bundle.js');
  return bundleOfflinePage(fileURLToPath(new URL(`../../renderer/${name}/main.tsx`, here)));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's policy: its own script and styles by hash, pictures and fonts from data: URLs only. */
export function offlinePageCsp(assets: OfflinePageAssets): string {
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

export interface OfflinePage {
  title: string;
  /** The id of the JSON element the page's script reads its data from. */
  dataId: string;
  data: unknown;
  /** What a reader with JavaScript off is told. */
  noscript: string;
}

export function offlinePageHtml(page: OfflinePage, assets: OfflinePageAssets): string {
  // A </script> or </style> inside the bundle itself would end its element early.
  const inline = {
    js: assets.js.replace(/<\/(script)/gi, '<\\/$1'),
    css: assets.css.replace(/<\/(style)/gi, '<\\/$1'),
  };
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(offlinePageCsp(inline))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${inline.css}</style>`,
    '</head>',
    '<body>',
    `<noscript><p>${escapeHtml(page.noscript)}</p></noscript>`,
    '<div id="root"></div>',
    `<script type="application/json" id="${escapeHtml(page.dataId)}">${scriptJson(page.data)}</script>`,
    `<script>${inline.js}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
