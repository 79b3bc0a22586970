import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CHROME_TARGET } from './scripts/electron-targets.mjs';

/**
 * The renderer's Content-Security-Policy. The renderer never talks to the network itself (main makes
 * every API call), so connect-src is 'none'; images may come from the service's CDN.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "img-src 'self' data: http: https: blob:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Adds the CSP meta tag to the built page only: the dev server needs its inline HMR client. */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'postdeck-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_CSP },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  root: 'renderer',
  // Relative asset paths: Electron loads the page from file://.
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: CHROME_TARGET,
    sourcemap: true,
  },
});
