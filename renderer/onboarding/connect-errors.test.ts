import { describe, expect, it } from 'vitest';
import type { AppErrorShape } from '../../shared/ipc/errors.js';
import { AppError } from '../ipc/ipc.js';
import { checkConnectInput, connectErrorField, connectErrorMessage } from './connect-errors.js';

const error = (shape: AppErrorShape) => new AppError(shape);

describe('where a failed connection says what to fix', () => {
  it.each<[string, AppErrorShape, string]>([
    ['unreachable', { code: 'OFFLINE', message: 'Could not reach…' }, 'baseUrl'],
    [
      'http to another machine',
      { code: 'INVALID_ARGUMENT', message: 'The base URL must start with https://' },
      'baseUrl',
    ],
    [
      'a key too short',
      { code: 'INVALID_ARGUMENT', message: 'Invalid argument for connectProfile: apiKey: Too small' },
      'apiKey',
    ],
    ['revoked', { code: 'API', status: 401, apiCode: 'INVALID_API_KEY', message: 'revoked' }, 'apiKey'],
    [
      'missing scope',
      { code: 'API', status: 403, apiCode: 'INSUFFICIENT_SCOPE', message: 'scope' },
      'apiKey',
    ],
    ['no brand', { code: 'API', status: 400, apiCode: 'BRAND_ID_REQUIRED', message: 'brand' }, 'brandId'],
    [
      'a brand not allowed',
      { code: 'API', status: 403, apiCode: 'BRAND_NOT_ALLOWED', message: 'brand' },
      'brandId',
    ],
    ['not the API', { code: 'API', status: 404, apiCode: 'NOT_FOUND', message: 'not found' }, 'baseUrl'],
    ['a server failure', { code: 'API', status: 503, message: 'later' }, 'form'],
    ['the keychain', { code: 'KEYCHAIN_UNAVAILABLE', message: 'keychain' }, 'form'],
  ])('%s', (_, shape, field) => {
    expect(connectErrorField(error(shape))).toBe(field);
  });

  it('says the address is wrong, not that a post was deleted, when nothing is at that path', () => {
    const message = connectErrorMessage(
      error({ code: 'API', status: 404, message: 'Refresh the calendar.' }),
    );
    expect(message).toMatch(/check the base URL/);
  });

  it("keeps main's sentence otherwise", () => {
    expect(
      connectErrorMessage(error({ code: 'API', status: 401, message: 'The API key was revoked.' })),
    ).toBe('The API key was revoked.');
  });
});

describe('what the form checks before sending', () => {
  it('asks for both fields', () => {
    expect(checkConnectInput('', '')).toEqual({ baseUrl: expect.any(String), apiKey: expect.any(String) });
  });
  it('refuses what is not a web address', () => {
    expect(checkConnectInput('ftp://example.com', 'pst_test_abcdefgh').baseUrl).toMatch(/not a web address/);
  });
  it("uses the contract's own length rule for keys", () => {
    expect(checkConnectInput('https://api.example.com/v1', 'short').apiKey).toMatch(/not a whole API key/);
    expect(checkConnectInput('https://api.example.com/v1', 'pst_test_abcdefgh')).toEqual({});
  });
});
