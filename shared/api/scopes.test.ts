import { describe, expect, it } from 'vitest';
import { keyMode, redactKeys } from './scopes.js';

describe('API keys by their prefix', () => {
  it('tells live from test keys and refuses anything else', () => {
    expect(keyMode('pst_live_abc123')).toBe('live');
    expect(keyMode('pst_test_abc123')).toBe('test');
    expect(keyMode('sk_live_abc123')).toBeNull();
    expect(keyMode('pst_abc')).toBeNull();
  });

  it('redacts every key in a text', () => {
    expect(redactKeys('key pst_live_Ab-1_x and pst_test_zz')).toBe(
      'key pst_live_[redacted] and pst_test_[redacted]',
    );
  });
});
