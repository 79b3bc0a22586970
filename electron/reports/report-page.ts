import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ReportData } from '../../shared/reports/model.js';
import { escapeHtml, packCsp, scriptJson, type PackAssets } from '../review/pack-page.js';

/*
 * The client report's page: one HTML file holding its script, styles and data under the review
 * pack's rules (a Content-Security-Policy naming its one script and one stylesheet by hash, no
 * network, pictures from data: URLs only). Its script is the small React page in
 * renderer/client-report/, bundled by scripts/build.mjs beside main.cjs; run from sources (tests),
 * it is bundled here once with esbuild. The same page is what the PDF prints.
 */

let built: Promise<PackAssets> | null = null;

/** The report page's script and styles (built once per run). */
export function reportAssets(): Promise<PackAssets> {
  built ??= loadAssets();
  return built;
}

async function loadAssets(): Promise<PackAssets> {
  const here = import.meta.url;
  const js = new URL('./client-report.js', here);
  if (!here.endsWith('.ts') && existsSync(fileURLToPath(js))) {
    const [script, css] = await Promise.all([
      readFile(js, 'utf8'),
      readFile(new URL('./client-report.css', here), 'utf8'),
    ]);
    return { js: script, css };
  }
  const { bundlePackPage } = await import('../review/pack-bundle.js');
  return bundlePackPage(fileURLToPath(new URL('../../renderer/client-report/main.tsx', here)));
}

export function reportHtml(data: ReportData, assets: PackAssets): string {
  // A </script> or </style> inside the bundle itself would end its element early.
  const page = {
    js: assets.js.replace(/<\/(script)/gi, '<\\/$1'),
    css: assets.css.replace(/<\/(style)/gi, '<\\/$1'),
  };
  const title = `${data.brand}: report for ${data.periodTitle}`;
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
    '<noscript><p>This report needs JavaScript to draw its numbers; open it in a current browser.</p></noscript>',
    '<div id="root"></div>',
    `<script type="application/json" id="report-data">${scriptJson(data)}</script>`,
    `<script>${page.js}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
