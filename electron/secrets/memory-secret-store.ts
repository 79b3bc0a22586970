import type { SecretStore } from './secret-store.js';

/** Keeps keys in this process's memory: gone when the app quits, never on disk. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'session' as const;
  private readonly secrets = new Map<string, string>();

  async available(): Promise<boolean> {
    return true;
  }

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account);
  }
}
