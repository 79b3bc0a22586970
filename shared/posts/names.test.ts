import { describe, expect, it } from 'vitest';
import { platformName } from '../platforms/names.js';
import { stateLabel } from './names.js';

describe('the names a person reads for a post', () => {
  it('gives each state one label, by any name a server gives it', () => {
    expect(['draft', 'QUEUE', 'scheduled', 'publishing', 'published'].map(stateLabel)).toEqual([
      'Draft',
      'Scheduled',
      'Scheduled',
      'Publishing',
      'Published',
    ]);
    // The calendar said "Error" and search "Failed" for the same posts: one word now.
    expect(['error', 'ERROR', 'failed'].map(stateLabel)).toEqual(['Failed', 'Failed', 'Failed']);
    expect(stateLabel('archived')).toBe('archived');
  });

  it('spells each platform as the platform does, and an unknown one as "Other platform", never its raw value', () => {
    expect(
      [
        'x',
        'instagram',
        'linkedin',
        'linkedin-page',
        'facebook',
        'threads',
        'tiktok',
        'youtube',
        'bluesky',
      ].map(platformName),
    ).toEqual([
      'X',
      'Instagram',
      'LinkedIn',
      'LinkedIn page',
      'Facebook',
      'Threads',
      'TikTok',
      'YouTube',
      'Bluesky',
    ]);
    expect(platformName('myspace')).toBe('Other platform');
    expect(platformName(null)).toBe('Unknown platform');
  });
});
