import { keyMode } from '../../shared/api/scopes.js';
import type { KeyStatus } from '../../shared/profiles/ipc.js';

/** What the renderer may know about a key: whether it is set, its mode and last 4 characters. */
export function keyStatusOf(key: string | null, storage: 'keychain' | 'session' | null): KeyStatus {
  if (!key) return { set: false, mode: null, last4: null, storage };
  return { set: true, mode: keyMode(key), last4: key.slice(-4), storage };
}
