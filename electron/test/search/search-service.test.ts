import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostListItem } from '../../../shared/api/resources.js';
import { LabelsRepo } from '../../labels/labels-repo.js';
import { SearchService, type SearchedBrand } from '../../search/search-service.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { PostsCache } from '../../store/posts-cache.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { saveTestProfile } from '../support/database.js';

/*
 * The search of the all-brands view against a real database file: every brand shown, of
 * two connections, each hit naming its connection and brand; `brand:` narrows to one brand in any view.
 */

const NOW = '2026-11-23T12:00:00.000Z';
const HARBOR: SearchedBrand = { profileId: 'org-a', brandId: 'brand-harbor', name: 'Harbor Coffee' };
const NORTH: SearchedBrand = { profileId: 'org-a', brandId: 'brand-north', name: 'Northwind Bakery' };
const RIVER: SearchedBrand = { profileId: 'org-b', brandId: 'brand-river', name: 'River Books' };
const ALL = [HARBOR, NORTH, RIVER];

const dirs: string[] = [];
let db: AppDatabase | null = null;
afterEach(() => {
  db?.close();
  db = null;
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function post(id: string, content: string, publishDate: string): PostListItem {
  return {
    id,
    group: `g-${id}`,
    state: 'scheduled',
    publishDate,
    integration: { id: `acc-${id}`, platform: 'x', name: 'X account' },
    content,
    blockCount: 1,
    releaseURL: null,
    error: null,
  };
}

function seeded(): AppDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-search-brands-'));
  dirs.push(dir);
  db = openDatabase(join(dir, 'postdeck.db'));
  const profiles = new ProfilesRepo(db);
  for (const id of ['org-a', 'org-b'])
    saveTestProfile(profiles, id, {
      brandId: id === 'org-a' ? HARBOR.brandId : RIVER.brandId,
      keyStorage: 'session',
    });
  const cache = new PostsCache(db);
  cache.upsert(
    'org-a',
    HARBOR.brandId,
    [post('h1', 'Winter launch at the harbor', '2026-12-03T09:00:00.000Z')],
    NOW,
  );
  cache.upsert(
    'org-a',
    NORTH.brandId,
    [post('n1', 'Winter launch of rye bread', '2026-12-02T09:00:00.000Z')],
    NOW,
  );
  cache.upsert(
    'org-b',
    RIVER.brandId,
    [post('r1', 'Winter launch reading list', '2026-12-01T09:00:00.000Z')],
    NOW,
  );
  return db;
}

/** The brand the calls act on (the active one). */
const ACTIVE = { profileId: HARBOR.profileId, brandId: HARBOR.brandId };

function service(d: AppDatabase, shown: SearchedBrand[], meta?: LabelsRepo): SearchService {
  return new SearchService({
    db: d,
    shown: () => shown,
    known: () => ALL,
    ...(meta ? { meta } : {}),
  });
}

const found = (s: SearchService, query: string) =>
  s.search(ACTIVE, { query }).hits.map((h) => `${h.profileId}/${h.brandId}/${h.id}`);

describe('search across brands', () => {
  it('finds every shown brand’s posts, of both connections, latest first, each hit naming its brand', () => {
    const s = service(seeded(), ALL);
    expect(found(s, 'winter launch')).toEqual([
      'org-a/brand-harbor/h1',
      'org-a/brand-north/n1',
      'org-b/brand-river/r1',
    ]);
    // "Select all matching" and export get each post's own connection and brand too.
    expect(s.postMatches(ACTIVE, { query: 'launch' }).posts).toEqual([
      { id: 'h1', date: '2026-12-03T09:00:00.000Z', profileId: 'org-a', brandId: 'brand-harbor' },
      { id: 'n1', date: '2026-12-02T09:00:00.000Z', profileId: 'org-a', brandId: 'brand-north' },
      { id: 'r1', date: '2026-12-01T09:00:00.000Z', profileId: 'org-b', brandId: 'brand-river' },
    ]);
  });

  it('answers at most `limit` across connections and says there are more', () => {
    const result = service(seeded(), ALL).search(ACTIVE, { query: 'launch', limit: 2 });
    expect(result.hits.map((h) => h.id)).toEqual(['h1', 'n1']);
    expect(result.more).toBe(true);
  });

  it('narrows to one brand with brand:, forgiving about case, spacing and the end of the name', () => {
    const s = service(seeded(), ALL);
    expect(found(s, 'launch brand:"river   BOOKS"')).toEqual(['org-b/brand-river/r1']);
    expect(found(s, 'brand:north launch')).toEqual(['org-a/brand-north/n1']);
    expect(s.postMatches(ACTIVE, { query: 'launch brand:river' }).posts.map((p) => p.id)).toEqual(['r1']);
    expect(s.search(ACTIVE, { query: 'launch brand:acme' }).notice).toBe('No brand is called “acme”.');
    expect(s.search(ACTIVE, { query: 'launch brand:"" brand:river brand:harbor' }).notice).toBe(
      'Search one brand at a time: type brand: once.',
    );
  });

  it('searches only the active brand in its own view; brand: names it, or says another is not shown', () => {
    const s = service(seeded(), [HARBOR]);
    expect(found(s, 'launch')).toEqual(['org-a/brand-harbor/h1']);
    expect(found(s, 'launch brand:harbor')).toEqual(['org-a/brand-harbor/h1']);
    expect(s.search(ACTIVE, { query: 'launch brand:river' })).toEqual({
      hits: [],
      more: false,
      notice: 'River Books is not in this view: pick All brands to search every brand.',
    });
  });

  it('finds a label by name in each brand that has it, and only there', () => {
    const d = seeded();
    const meta = new LabelsRepo(d, () => new Date(NOW));
    for (const brand of [HARBOR, RIVER]) {
      const label = meta.saveLabel(brand, { name: 'Winter', color: 'blue', campaign: null });
      meta.setLabels(brand, [`g-${brand === HARBOR ? 'h1' : 'r1'}`], [label.id], []);
    }
    const s = service(d, ALL, meta);
    expect(found(s, 'launch label:winter')).toEqual(['org-a/brand-harbor/h1', 'org-b/brand-river/r1']);
    expect(found(s, 'label:winter brand:river launch')).toEqual(['org-b/brand-river/r1']);
    expect(s.search(ACTIVE, { query: 'launch label:summer' }).notice).toBe('No label is called “summer”.');
  });
});
