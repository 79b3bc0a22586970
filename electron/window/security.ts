/*
 * No Electron import, so it is tested under plain Node. The rules the window
 * enforces: which page is ours, which links may leave for the system browser, and the
 * Content-Security-Policy every response of our page carries.
 */

/** The packaged renderer is served from this origin (a privileged custom scheme, not file://). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'postdeck';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Where the renderer is loaded from: the Vite dev server in development, our scheme otherwise. */
export function rendererEntry(devServerUrl: string | undefined): string {
  return devServerUrl ? devServerUrl : `${APP_ORIGIN}/index.html`;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    // URL gives custom schemes an opaque "null" origin: build it from scheme and host instead.
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** A frame URL belongs to our own page: same origin as the renderer entry. */
export function isOwnPage(frameUrl: string | null | undefined, entryUrl: string): boolean {
  if (!frameUrl) return false;
  const origin = originOf(frameUrl);
  return origin !== null && origin === originOf(entryUrl);
}

/** Only http(s) links may be opened in the system browser; never file:, javascript:, custom schemes. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The page's CSP. Media thumbnails come from the service's CDN (https, or the local sandbox on
 * loopback); everything else is our own. The dev server needs its websocket for hot reload.
 */
export function contentSecurityPolicy(devServerUrl?: string): string {
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  const self = dev ? `'self' ${dev}` : "'self'";
  const loopback = 'http://127.0.0.1:* http://localhost:*';
  return [
    `default-src ${self}`,
    `script-src ${self}`,
    // React and the calendar set inline style attributes; no inline scripts are allowed.
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob: https: ${loopback}`,
    `media-src ${self} blob: https: ${loopback}`,
    `font-src ${self} data:`,
    `connect-src ${self}${dev ? ` ${dev.replace(/^http/, 'ws')}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join('; ');
}
