import { AppFailure } from '../core/app-failure.js';

/*
 * The key is only ever sent over HTTPS; plain http is allowed to this machine
 * alone (the built-in sandbox and local tests), where nothing crosses a network.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Checks and normalizes a base URL typed by the user (no trailing slash, no query, no hash). */
export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `"${raw.slice(0, 200)}" is not a web address: enter the base URL from the dashboard, such as https://api.example.com/v1.`,
    );
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'The base URL must start with https:// so your API key is never sent in clear (plain http is allowed only to this computer).',
    );
  }
  if (url.username || url.password) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'Remove the user name and password from the base URL: the API key is enough.',
    );
  }
  url.hash = '';
  url.search = '';
  return url.toString().replace(/\/+$/, '');
}
