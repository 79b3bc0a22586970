export * from './secret-store.js';
export { KeytarSecretStore, KEYCHAIN_SERVICE } from './keytar-secret-store.js';
export { MemorySecretStore } from './memory-secret-store.js';
