/*
 * Where API keys live. The keychain implementation is the default; the
 * memory one holds a key for this session only when no keychain works. Nothing here ever writes
 * a key to disk in clear, and there is deliberately no "encrypted file" fallback.
 */

export interface SecretStore {
  /** 'keychain' for the OS keychain, 'session' for memory only. */
  readonly kind: 'keychain' | 'session';
  /** Whether the store can be used right now (a keychain may be missing or locked). */
  available(): Promise<boolean>;
  get(account: string): Promise<string | null>;
  /** Throws KEYCHAIN_UNAVAILABLE (AppFailure) when the store cannot keep the secret. */
  set(account: string, secret: string): Promise<void>;
  /** True when something was removed. */
  delete(account: string): Promise<boolean>;
}

/** The account name a profile's key is stored under. */
export const profileKeyAccount = (profileId: string) => `profile:${profileId}`;
