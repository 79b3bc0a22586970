import { extname, resolve, sep } from 'node:path';
import { APP_HOST } from './security.js';

/*
 * Maps an app://postdeck/... request to a file of the built renderer, and
 * refuses anything outside that folder (../, encoded slashes, another host).
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file under `rendererDir` a request URL names, or null when it points anywhere else. */
export function resolveRendererFile(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const root = resolve(rendererDir);
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  return file.startsWith(root + sep) ? file : null;
}
