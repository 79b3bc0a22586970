import { describe, expect, it } from 'vitest';
import { describeKey } from './key-status.js';

describe('what the renderer says about a key', () => {
  it('names its mode, last four characters and where it is kept', () => {
    expect(describeKey({ set: true, mode: 'live', last4: 'Ab12', storage: 'keychain' })).toBe(
      'Live key ending in Ab12, in the system keychain',
    );
    expect(describeKey({ set: true, mode: 'test', last4: 'zz99', storage: 'session' })).toBe(
      'Test key ending in zz99, kept for this session only',
    );
  });
  it('says what to do when no key is stored', () => {
    expect(describeKey({ set: false, mode: null, last4: null, storage: null })).toMatch(/Connect again/);
  });
});
