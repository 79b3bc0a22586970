import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Libsql from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostListItem } from '../../../shared/api/resources.js';
import type { Draft } from '../../../shared/drafts/ipc.js';
import type { SearchQuery } from '../../../shared/search/ipc.js';
import { DraftsRepo } from '../../drafts/drafts-repo.js';
import { buildMatchQuery } from '../../search/match-query.js';
import { searchAllMatches, searchPosts } from '../../search/search-posts.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { migrations } from '../../store/migrations.js';
import { OutboxRepo } from '../../outbox/outbox-repo.js';
import { PostsCache } from '../../store/posts-cache.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { saveTestProfile } from '../support/database.js';

/*
 * The search index against a real database file: it follows every write to the posts cache, the
 * drafts and the outbox (the triggers), filters, and never throws on what a user may type.
 */

const P = 'profile-a';
const B = 'brand-1';
const NOW = '2026-11-23T12:00:00.000Z';
const dirs: string[] = [];
let db: AppDatabase | null = null;
afterEach(() => {
  db?.close();
  db = null;
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-search-'));
  dirs.push(dir);
  return join(dir, 'postdeck.db');
}

function open(): AppDatabase {
  db = openDatabase(tempPath());
  const profiles = new ProfilesRepo(db);
  for (const id of [P, 'profile-b']) saveTestProfile(profiles, id, { brandId: B, keyStorage: 'session' });
  return db;
}

function post(id: string, content: string, extra: Partial<PostListItem> = {}): PostListItem {
  return {
    id,
    group: `g-${id}`,
    state: 'scheduled',
    publishDate: '2026-12-01T09:00:00.000Z',
    integration: { id: 'acc-x', platform: 'x', name: 'X account' },
    content,
    blockCount: 1,
    releaseURL: null,
    error: null,
    ...extra,
  };
}

function draft(id: string, content: string, extra: Partial<Draft> = {}): Draft {
  return {
    id,
    brandId: B,
    blocks: [{ content, media: [] }],
    targets: [{ integrationId: 'acc-li', platform: 'linkedin', settings: {}, blocks: null }],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  };
}

const count = (d: AppDatabase, sql: string) => Number((d.sql.prepare(sql).get() as { n: unknown }).n);

const ids = (d: AppDatabase, query: string | Partial<SearchQuery>, profileId = P) =>
  searchPosts(d, profileId, typeof query === 'string' ? { query } : { query: '', ...query }).hits.map(
    (h) => `${h.source}:${h.id}`,
  );

describe('the search index follows the posts cache', () => {
  it('finds a post once cached, finds it by its new words after an update, and not at all once deleted', () => {
    const d = open();
    const cache = new PostsCache(d);
    cache.upsert(P, B, [post('p1', 'Our winter sale starts Monday')], NOW);
    expect(ids(d, 'winter')).toEqual(['post:p1']);

    cache.upsert(P, B, [post('p1', 'Our spring sale starts Monday')], NOW);
    expect(ids(d, 'winter')).toEqual([]);
    expect(ids(d, 'spring')).toEqual(['post:p1']);

    cache.remove(P, B, 'p1');
    expect(ids(d, 'spring')).toEqual([]);
    expect(count(d, 'SELECT COUNT(*) AS n FROM search_docs')).toBe(0);
  });

  it('follows a pull: new posts appear, posts the service dropped go, a changed state is filtered on', () => {
    const d = open();
    const cache = new PostsCache(d);
    const start = Date.parse('2026-12-01T00:00:00.000Z');
    const end = Date.parse('2026-12-31T00:00:00.000Z');
    cache.replaceRange(
      P,
      B,
      start,
      end,
      [post('p1', 'Gift guide part one'), post('p2', 'Gift guide part two')],
      NOW,
      new Set(),
    );
    expect(ids(d, 'gift').sort()).toEqual(['post:p1', 'post:p2']);
    // The service no longer has p1, and p2 went out.
    cache.replaceRange(
      P,
      B,
      start,
      end,
      [post('p2', 'Gift guide part two', { state: 'PUBLISHED' }), post('p3', 'Gift guide part three')],
      NOW,
      new Set(),
    );
    expect(ids(d, 'gift').sort()).toEqual(['post:p2', 'post:p3']);
    expect(ids(d, { query: 'gift', states: ['published'] })).toEqual(['post:p2']);
    expect(searchPosts(d, P, { query: 'gift', states: ['published'] }).hits[0]?.state).toBe('published');
    expect(cache.removeGroup(P, B, 'g-p3')).toBe(1);
    expect(ids(d, 'gift')).toEqual(['post:p2']);
  });

  it("never answers another profile's posts; a removed profile takes its index rows with it", () => {
    const d = open();
    const cache = new PostsCache(d);
    cache.upsert(P, B, [post('p1', 'Shared words here')], NOW);
    cache.upsert('profile-b', B, [post('p9', 'Shared words there')], NOW);
    expect(ids(d, 'shared')).toEqual(['post:p1']);
    expect(ids(d, 'shared', 'profile-b')).toEqual(['post:p9']);
    new ProfilesRepo(d).remove('profile-b');
    expect(count(d, "SELECT COUNT(*) AS n FROM search_docs WHERE profile_id = 'profile-b'")).toBe(0);
  });
});

describe('the search index follows drafts and the outbox', () => {
  it('finds a local draft by any block and per-account text; an edit and a delete show at once', () => {
    const d = open();
    const drafts = new DraftsRepo(d);
    drafts.save(
      P,
      draft('d1', 'First block about cheese', {
        blocks: [
          { content: 'First block about cheese', media: [] },
          { content: 'Second block about crackers', media: [] },
        ],
        targets: [
          {
            integrationId: 'acc-li',
            platform: 'linkedin',
            settings: {},
            blocks: [{ content: 'LinkedIn version about wine', media: [] }],
          },
        ],
      }),
    );
    expect(ids(d, 'crackers')).toEqual(['draft:d1']);
    expect(ids(d, 'wine')).toEqual(['draft:d1']);
    expect(searchPosts(d, P, { query: 'cheese' }).hits[0]).toMatchObject({
      source: 'draft',
      state: 'localDraft',
      brandId: B,
      date: null,
      accounts: ['acc-li'],
      platforms: ['linkedin'],
    });
    drafts.save(P, draft('d1', 'Only bread now', { date: '2026-12-24T18:00:00.000Z' }));
    expect(ids(d, 'cheese')).toEqual([]);
    expect(searchPosts(d, P, { query: 'bread' }).hits[0]?.date).toBe('2026-12-24T18:00:00.000Z');
    drafts.remove(P, 'd1');
    expect(ids(d, 'bread')).toEqual([]);
  });

  it('finds a queued create by its text until the outbox lets it go; reschedules and deletes are not indexed', () => {
    const d = open();
    const outbox = new OutboxRepo(d, () => new Date(NOW));
    outbox.add({
      id: 'op1',
      profileId: P,
      brandId: B,
      key: 'draft:d1',
      summary: 'Post to 1 account',
      marker: 'm1',
      op: {
        kind: 'create',
        payload: {
          type: 'schedule',
          date: '2026-12-02T10:00:00.000Z',
          shortLink: false,
          targets: [
            {
              integrationId: 'acc-x',
              platform: 'x',
              settings: {},
              blocks: [{ content: 'Offline news #scoop', media: [] }],
            },
          ],
        },
      },
    });
    outbox.add({
      id: 'op2',
      profileId: P,
      brandId: B,
      key: 'post:p1',
      summary: 'Move news post',
      marker: 'm2',
      op: { kind: 'reschedule', payload: { postId: 'p1', date: NOW, serverDate: null } },
    });
    expect(ids(d, '#scoop')).toEqual(['outbox:op1']);
    expect(ids(d, 'news')).toEqual(['outbox:op1']);
    expect(searchPosts(d, P, { query: 'offline' }).hits[0]).toMatchObject({
      state: 'outbox',
      date: '2026-12-02T10:00:00.000Z',
      accounts: ['acc-x'],
    });
    // Status changes (sending, retries) leave the document alone; removal (confirmed or discarded) drops it.
    outbox.update('op1', { status: 'sending', attempts: 1 });
    expect(ids(d, 'news')).toEqual(['outbox:op1']);
    outbox.remove('op1');
    expect(ids(d, 'news')).toEqual([]);
  });
});

describe('what a query finds', () => {
  function seeded(): AppDatabase {
    const d = open();
    new PostsCache(d).upsert(
      P,
      B,
      [
        post('tag', 'Big news today #launch 🚀'),
        post('word', 'We launch tomorrow, stay tuned'),
        post('mention', 'Thanks @alice_w for the photos'),
        post('url', 'Read it at https://example.com/blog/winter-2026?ref=x', {
          releaseURL: 'https://x.com/acme/status/1234567890',
          state: 'published',
        }),
        post('accent', 'Un café à Paris', { integration: { id: 'acc-bsky', platform: 'bluesky' } }),
        post('other-brand', 'launch elsewhere'),
      ].map((p) => p),
      NOW,
    );
    new PostsCache(d).upsert(P, 'brand-2', [post('b2', 'launch for brand two')], NOW);
    return d;
  }

  it('a word finds itself, its prefixes and its hashtag; a #hashtag finds only the hashtag', () => {
    const d = seeded();
    expect(ids(d, { query: 'launch', brandId: B }).sort()).toEqual([
      'post:other-brand',
      'post:tag',
      'post:word',
    ]);
    expect(ids(d, { query: 'laun', brandId: B }).sort()).toEqual([
      'post:other-brand',
      'post:tag',
      'post:word',
    ]);
    expect(ids(d, '#launch')).toEqual(['post:tag']);
    expect(ids(d, '#lau')).toEqual(['post:tag']);
  });

  it('finds @mentions, by the name too', () => {
    const d = seeded();
    expect(ids(d, '@alice_w')).toEqual(['post:mention']);
    expect(ids(d, '@ali')).toEqual(['post:mention']);
    expect(ids(d, 'alice')).toEqual(['post:mention']);
  });

  it('finds a link in the text or the published link, and says where it matched', () => {
    const d = seeded();
    expect(ids(d, 'example.com/blog/winter-2026')).toEqual(['post:url']);
    expect(ids(d, 'https://example.com/blog')).toEqual(['post:url']);
    const hit = searchPosts(d, P, { query: 'x.com/acme/status' }).hits[0];
    expect(hit).toMatchObject({ id: 'url', matchedIn: 'link' });
    expect(hit?.snippet.filter((s) => s.match).map((s) => s.text.toLowerCase())).toEqual([
      'x.com/acme/status',
    ]);
  });

  it('ignores accents and case; several words must all be there; "phrases" are exact', () => {
    const d = seeded();
    expect(ids(d, 'CAFE paris')).toEqual(['post:accent']);
    expect(ids(d, 'launch tomorrow')).toEqual(['post:word']);
    expect(ids(d, '"launch tomorrow"')).toEqual(['post:word']);
    expect(ids(d, '"tomorrow launch"')).toEqual([]);
  });

  it('highlights the matches as segments, never as HTML', () => {
    const d = seeded();
    const hit = searchPosts(d, P, { query: 'news' }).hits[0];
    expect(hit?.snippet).toEqual([
      { text: 'Big ', match: false },
      { text: 'news', match: true },
      { text: ' today #launch 🚀', match: false },
    ]);
  });

  it('filters by brand, account, platform, state and date range', () => {
    const d = seeded();
    expect(ids(d, { query: 'launch', brandId: 'brand-2' })).toEqual(['post:b2']);
    expect(ids(d, { query: 'launch' })).toHaveLength(4);
    expect(ids(d, { query: 'café', accounts: ['acc-bsky'] })).toEqual(['post:accent']);
    expect(ids(d, { query: 'café', accounts: ['acc-x'] })).toEqual([]);
    expect(ids(d, { query: 'café', platforms: ['bluesky'] })).toEqual(['post:accent']);
    expect(ids(d, { query: 'read', states: ['published'] })).toEqual(['post:url']);
    expect(ids(d, { query: 'read', states: ['scheduled', 'localDraft'] })).toEqual([]);
    expect(
      ids(d, { query: 'read', from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T09:00:01.000Z' }),
    ).toEqual(['post:url']);
    expect(ids(d, { query: 'read', from: '2026-12-01T09:00:01.000Z' })).toEqual([]);
    expect(() =>
      searchPosts(d, P, { query: 'read', from: '2026-12-02T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' }),
    ).toThrow(/end of the date range/);
  });

  it('answers the latest date first, an undated draft at its last edit, also past 2^53 in the index', () => {
    const d = open();
    new PostsCache(d).upsert(
      P,
      B,
      [
        post('old', 'order test', { publishDate: '2020-01-01T00:00:00.000Z' }),
        post('future', 'order test', { publishDate: '2030-06-01T00:00:00.000Z' }),
        post('same-1', 'order test', { publishDate: '2026-12-01T09:00:00.000Z' }),
        post('same-2', 'order test', { publishDate: '2026-12-01T09:00:00.000Z' }),
      ],
      NOW,
    );
    new DraftsRepo(d).save(P, draft('undated', 'order test', { updatedAt: '2027-01-01T00:00:00.000Z' }));
    const order = ids(d, 'order');
    expect(order.slice(0, 2)).toEqual(['post:future', 'draft:undated']);
    expect(order.slice(2, 4).sort()).toEqual(['post:same-1', 'post:same-2']);
    expect(order[4]).toBe('post:old');
    expect(
      ids(d, { query: 'order', from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T09:00:00.001Z' }).sort(),
    ).toEqual(['post:same-1', 'post:same-2']);
  });

  it('answers at most `limit` and says when there are more', () => {
    const d = seeded();
    const result = searchPosts(d, P, { query: 'launch', limit: 2 });
    expect(result.hits).toHaveLength(2);
    expect(result.more).toBe(true);
    // Export and "select all matching" take every match, with the same filters.
    const all = searchAllMatches(d, P, { query: 'launch', limit: 2 });
    expect(all.map((m) => `${m.source}:${m.id}`).sort()).toEqual(ids(d, 'launch').sort());
    expect(all).toHaveLength(4);
    expect(searchAllMatches(d, P, { query: 'launch', brandId: 'brand-2' })).toEqual([
      { source: 'post', id: 'b2', profileId: P, brandId: 'brand-2', date: expect.any(String) },
    ]);
    expect(searchAllMatches(d, P, { query: '"' })).toEqual([]);
  });

  it('never throws on hostile input, and says why nothing was searched', () => {
    const d = seeded();
    const hostile = [
      '"',
      '""',
      '"""',
      'NEAR(',
      'NEAR(a b, 2)',
      '*',
      '**',
      'launch*',
      '^launch',
      'body:launch',
      '{body link}: x',
      'a OR',
      'AND',
      'NOT NOT',
      '(',
      ')',
      '-',
      '+',
      "'; DROP TABLE posts; --",
      '\u0000\u0002\u0003',
      '#',
      '@',
      '\\',
      'a"b',
      '"unclosed phrase',
      '🚀',
      'x'.repeat(1000),
      Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '),
    ];
    for (const query of hostile) {
      const result = searchPosts(d, P, { query });
      expect(Array.isArray(result.hits), query).toBe(true);
    }
    expect(searchPosts(d, P, { query: 'NEAR(' }).hits.map((h) => h.id)).toEqual([]);
    expect(searchPosts(d, P, { query: '*' })).toEqual({
      hits: [],
      more: false,
      notice: 'Type a word, a #hashtag, an @mention or a link to search for.',
    });
    expect(searchPosts(d, P, { query: '   ' })).toEqual({ hits: [], more: false, notice: null });
    expect(ids(d, 'launch*').sort()).toEqual(ids(d, 'launch').sort());
    expect(ids(d, 'AND')).toEqual([]);
    expect(count(d, 'SELECT COUNT(*) AS n FROM posts')).toBe(7);
  });

  it('builds MATCH expressions with every word quoted', () => {
    expect(buildMatchQuery('NEAR( "a b" #x').match).toBe(
      '"a b" AND ("NEAR"* OR "#NEAR"* OR "@NEAR"*) AND "#x"',
    );
    expect(buildMatchQuery('a').match).toBe('("a" OR "#a" OR "@a")');
    expect(buildMatchQuery('say "hi').match).toBe(
      '("say"* OR "#say"* OR "@say"*) AND ("hi"* OR "#hi"* OR "@hi"*)',
    );
  });
});

describe('the migration indexes what was there before it', () => {
  it('a file from before search gets its posts, drafts and queued creates indexed when opened', () => {
    const path = tempPath();
    const at = migrations.findIndex((m) => m.name === 'full-text search index');
    expect(at).toBeGreaterThan(0);
    const raw = new Libsql(path);
    for (const m of migrations.slice(0, at)) raw.exec(m.sql);
    raw.exec(`PRAGMA user_version = ${at}`);
    raw
      .prepare(
        "INSERT INTO profiles (id, label, base_url, created_at, updated_at) VALUES (?, 'Old', 'http://127.0.0.1:9/v1', ?, ?)",
      )
      .run(P, NOW, NOW);
    const old = post('old', 'Written before search existed');
    raw
      .prepare(
        `INSERT INTO posts (profile_id, brand_id, id, group_id, state, publish_date, publish_ms, integration_id, content, block_count, item_json, synced_at)
         VALUES (?, ?, 'old', 'g', 'scheduled', ?, ?, 'acc-x', ?, 1, ?, ?)`,
      )
      .run(P, B, old.publishDate, Date.parse(old.publishDate), old.content, JSON.stringify(old), NOW);
    raw
      .prepare(
        'INSERT INTO drafts (id, profile_id, brand_id, draft_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run('d-old', P, B, JSON.stringify(draft('d-old', 'An old draft before search')), NOW, NOW);
    // A damaged row is skipped by the index, not a failed upgrade.
    raw
      .prepare(
        'INSERT INTO drafts (id, profile_id, brand_id, draft_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run('d-bad', P, B, '{not json', NOW, NOW);
    raw.close();

    db = openDatabase(path);
    expect(ids(db, 'before').sort()).toEqual(['draft:d-old', 'post:old']);
  });
});
