import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppFailure } from '../core/app-failure.js';
import { KeytarSecretStore } from '../secrets/keytar-secret-store.js';
import { MemorySecretStore } from '../secrets/memory-secret-store.js';

/*
 * The real OS keychain (gnome-keyring under dbus-run-session in CI). With
 * POSTDECK_REQUIRE_KEYCHAIN=1 a missing keychain fails the suite; without it the tests are
 * skipped with the reason printed.
 */

const required = process.env.POSTDECK_REQUIRE_KEYCHAIN === '1';
// A service name of its own, so a run never touches real Postdeck entries.
const store = new KeytarSecretStore({ service: `PostdeckTest-${randomUUID()}`, timeoutMs: 4_000 });
const available = await store.available();
if (!available && !required) {
  console.log(
    'Skipping keychain tests: no OS keychain answered (run inside dbus-run-session with gnome-keyring, see scripts/run-suites.sh).',
  );
}

describe.skipIf(!available && !required)('KeytarSecretStore (real keychain)', () => {
  const accounts: string[] = [];
  afterAll(async () => {
    for (const a of accounts) await store.delete(a).catch(() => false);
  });

  it('is available', () => {
    expect(available).toBe(true);
  });

  it('stores, reads back, replaces and deletes a key', async () => {
    const account = `profile:${randomUUID()}`;
    accounts.push(account);
    expect(await store.get(account)).toBeNull();
    await store.set(account, 'pst_test_first0000');
    expect(await store.get(account)).toBe('pst_test_first0000');
    await store.set(account, 'pst_test_second000');
    expect(await store.get(account)).toBe('pst_test_second000');
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('keeps entries of different accounts apart', async () => {
    const a = `profile:${randomUUID()}`;
    const b = `profile:${randomUUID()}`;
    accounts.push(a, b);
    await store.set(a, 'pst_test_aaaa');
    await store.set(b, 'pst_test_bbbb');
    expect(await store.get(a)).toBe('pst_test_aaaa');
    expect(await store.get(b)).toBe('pst_test_bbbb');
  });
});

describe.skipIf(available)('KeytarSecretStore without a keychain', () => {
  it('answers KEYCHAIN_UNAVAILABLE with the session-only way out', async () => {
    const error = await store.set('profile:x', 'pst_test_zzzz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppFailure);
    expect((error as AppFailure).code).toBe('KEYCHAIN_UNAVAILABLE');
    expect((error as AppFailure).message).toMatch(/this session only/);
  });
});

describe('MemorySecretStore', () => {
  it('keeps keys for this session only', async () => {
    const memory = new MemorySecretStore();
    await memory.set('a', 'pst_live_1234');
    expect(await memory.get('a')).toBe('pst_live_1234');
    expect(await memory.delete('a')).toBe(true);
    expect(await new MemorySecretStore().get('a')).toBeNull();
  });
});
