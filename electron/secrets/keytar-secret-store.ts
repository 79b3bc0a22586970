import keytar from 'keytar';
import { keychainUnavailable } from '../core/app-failure.js';
import { createLogger } from '../log.js';
import type { SecretStore } from './secret-store.js';

/*
 * The OS keychain through keytar (libsecret on Linux, Keychain on macOS,
 * Credential Manager on Windows). A missing or locked keychain can make libsecret wait or throw,
 * so every call is bounded by a timeout and every failure becomes KEYCHAIN_UNAVAILABLE.
 */

const log = createLogger('keychain');

export const KEYCHAIN_SERVICE = 'Postdeck';
const PROBE_ACCOUNT = '__postdeck_probe__';

export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  private readonly service: string;
  private readonly timeoutMs: number;

  constructor(opts: { service?: string; timeoutMs?: number } = {}) {
    this.service = opts.service ?? KEYCHAIN_SERVICE;
    this.timeoutMs = opts.timeoutMs ?? 5_000;
  }

  /** Reads a probe entry: a keychain that answers a read can also store. */
  async available(): Promise<boolean> {
    try {
      await this.bounded(keytar.getPassword(this.service, PROBE_ACCOUNT));
      return true;
    } catch (error) {
      log.warn('keychain unavailable', error);
      return false;
    }
  }

  async get(account: string): Promise<string | null> {
    return this.bounded(keytar.getPassword(this.service, account));
  }

  async set(account: string, secret: string): Promise<void> {
    await this.bounded(keytar.setPassword(this.service, account, secret));
  }

  async delete(account: string): Promise<boolean> {
    return this.bounded(keytar.deletePassword(this.service, account));
  }

  /** Bounds a keychain call and turns any failure into the user-facing KEYCHAIN_UNAVAILABLE. */
  private async bounded<T>(call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the keychain did not answer in time')), this.timeoutMs);
    });
    try {
      return await Promise.race([call, timeout]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw keychainUnavailable(reason);
    } finally {
      clearTimeout(timer);
    }
  }
}
