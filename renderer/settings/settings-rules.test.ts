import { describe, expect, it } from 'vitest';
import { allFeatureAccess, featureAccess } from '../ui/permissions.js';
import { resolveTheme } from './theme.js';
import { searchTimeZones, supportedTimeZones } from '../ui/time-zones.js';

describe('what a key allows', () => {
  it('disables features whose scope the key lacks, saying which scope and what to do', () => {
    const scheduler = ['posts:write', 'media:write', 'brands:read'];
    expect(featureAccess(scheduler, 'createPosts').allowed).toBe(true);
    const analytics = featureAccess(scheduler, 'analytics');
    expect(analytics.allowed).toBe(false);
    expect(analytics.reason).toMatch(/cannot read analytics: it lacks the “Read analytics” permission/);
    expect(analytics.reason).toMatch(/replace the key/);
    const brandsOnly = allFeatureAccess(['brands:read']);
    expect(brandsOnly.filter((f) => f.allowed).map((f) => f.feature)).toEqual(['brands']);
  });

  it('allows everything when the service did not say which scopes the key has', () => {
    expect(allFeatureAccess(null).every((f) => f.allowed)).toBe(true);
  });
});

describe('theme', () => {
  it('follows the system unless the user chose', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('time zone search', () => {
  const zones = supportedTimeZones();
  it('knows the IANA zones, UTC included', () => {
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Paris');
  });

  it('finds a zone by city however it is typed, city matches first', () => {
    expect(searchTimeZones(zones, 'new york')).toContain('America/New_York');
    expect(searchTimeZones(zones, 'america/new_')[0]).toBe('America/New_York');
    expect(searchTimeZones(zones, 'paris')[0]).toBe('Europe/Paris');
    expect(searchTimeZones(zones, 'zzzz')).toEqual([]);
    expect(searchTimeZones(zones, '', 5)).toHaveLength(5);
  });
});
