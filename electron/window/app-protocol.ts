import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { contentTypeOf, resolveRendererFile } from './renderer-files.js';
import { APP_SCHEME } from './security.js';

/*
 * Serves the built renderer from app://postdeck/ rather than file://:
 * the page gets a real origin (so the sender check and CSP have something to hold on to) and
 * every response carries the Content-Security-Policy header.
 */

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveRenderer(rendererDir: string, csp: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveRendererFile(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    const found = await net.fetch(pathToFileURL(file).toString()).catch(() => null);
    if (!found || !found.ok) return new Response('Not found', { status: 404 });
    return new Response(found.body, {
      status: 200,
      headers: {
        'content-type': contentTypeOf(file),
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
