import { describe, expect, it } from 'vitest';
import { accountWithPlatform, platformName } from './names.js';

describe('platform and account words', () => {
  it('writes platforms as the platforms do, never the service’s type value', () => {
    expect(platformName('x')).toBe('X');
    expect(platformName('linkedin-page')).toBe('LinkedIn page');
    expect(platformName('youtube')).toBe('YouTube');
    expect(platformName('myspace')).toBe('Other platform');
    expect(platformName(null)).toBe('Unknown platform');
  });

  it('names an account with its platform', () => {
    expect(accountWithPlatform('Harbor Coffee', 'x')).toBe('Harbor Coffee (X)');
    expect(accountWithPlatform(null, 'tiktok')).toBe('Unnamed account (TikTok)');
  });
});
