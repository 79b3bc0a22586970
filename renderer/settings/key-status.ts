import type { KeyStatus } from '../../shared/profiles/ipc.js';

/** "Test key ending in 1a2b, in the system keychain": all the renderer may ever know of a key. */
export function describeKey(key: KeyStatus): string {
  if (!key.set) return 'No key is stored. Connect again with a key to use this connection.';
  const mode = key.mode === 'live' ? 'Live key' : key.mode === 'test' ? 'Test key' : 'Key';
  const ending = key.last4 ? ` ending in ${key.last4}` : '';
  const where =
    key.storage === 'session'
      ? ', kept for this session only'
      : key.storage === 'keychain'
        ? ', in the system keychain'
        : '';
  return `${mode}${ending}${where}`;
}
