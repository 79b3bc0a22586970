import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Libsql from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, openDatabase, SCHEMA_VERSION, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { PostsCache } from '../../store/posts-cache.js';
import { SettingsRepo } from '../../store/settings-repo.js';
import { z } from 'zod';

const dirs: string[] = [];
const opened: AppDatabase[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-db-'));
  dirs.push(dir);
  return join(dir, 'postdeck.db');
}
/** Profile p1 (brand b1), which the cache's rows belong to. */
function saveProfileP1(db: AppDatabase): ProfilesRepo {
  const profiles = new ProfilesRepo(db);
  profiles.save({
    id: 'p1',
    label: 'A',
    baseUrl: 'http://127.0.0.1:1/v1',
    brandId: 'b1',
    organization: null,
    user: null,
    scopes: null,
    keyStorage: 'keychain',
  });
  return profiles;
}

function open(path: string): AppDatabase {
  const db = openDatabase(path);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function schemaOf(db: AppDatabase): Record<string, string[]> {
  const tables = db.sql
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    out[name] = (db.sql.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[]).map((c) => c.name);
  }
  return out;
}

describe('database', () => {
  it('runs the whole migration chain on an empty file and lands on the expected schema', () => {
    const db = open(tempFile());
    const version = db.sql.prepare('PRAGMA user_version').get() as { user_version: number };
    expect(version.user_version).toBe(SCHEMA_VERSION);
    const journal = db.sql.prepare('PRAGMA journal_mode').get() as { journal_mode: string };
    expect(journal.journal_mode).toBe('wal');
    const fk = db.sql.prepare('PRAGMA foreign_keys').get() as { foreign_keys: number };
    expect(fk.foreign_keys).toBe(1);
    const schema = schemaOf(db);
    expect(Object.keys(schema)).toEqual([
      'activity',
      'analytics_accounts',
      'analytics_brands',
      'analytics_days',
      'analytics_post_days',
      'analytics_posts',
      'analytics_versions',
      'brands',
      'bulk_batches',
      'categories',
      'drafts',
      'evergreen_fills',
      'evergreen_items',
      'evergreen_list_categories',
      'evergreen_lists',
      'feed_items',
      'feeds',
      'import_fingerprints',
      'integrations',
      'kv',
      'labels',
      'media',
      'media_files',
      'media_uses',
      'outbox',
      'post_categories',
      'post_details',
      'post_labels',
      'post_notes',
      'post_reviews',
      'posts',
      'profiles',
      'queue_slots',
      'review_packs',
      'review_settings',
      // Search: the documents, and the FTS5 table with its shadow tables.
      'search_docs',
      'search_fts',
      'search_fts_config',
      'search_fts_data',
      'search_fts_docsize',
      'search_fts_idx',
      'series',
      'series_occurrences',
      'signatures',
      'snippets',
    ]);
    expect(schema.profiles).not.toContain('api_key');
    expect(schema.activity).toEqual(
      expect.arrayContaining(['group_id', 'outbox_id', 'at_ms', 'who_json', 'origin_json', 'change_json']),
    );
    expect(schema.brands).toContain('clash_gap_minutes');
    expect(schema.brands).toContain('sync_problem');
    expect(schema.analytics_days).toEqual([
      'profile_id',
      'brand_id',
      'integration_id',
      'day',
      'metrics_json',
      'seen_at',
      'source',
    ]);
    expect(schema.analytics_versions).toEqual(['profile_id', 'brand_id', 'integration_id', 'version']);
    expect(schema.outbox).toEqual(
      expect.arrayContaining([
        'id',
        'kind',
        'payload_json',
        'status',
        'attempts',
        'last_error',
        'next_attempt_ms',
        'marker',
        'maybe_sent',
        'result_json',
      ]),
    );
    expect(schema.posts).toEqual(
      expect.arrayContaining(['publish_date', 'publish_ms', 'group_id', 'item_json', 'synced_at']),
    );
  });

  it('reopens a migrated file without running anything twice', () => {
    const path = tempFile();
    const first = open(path);
    new ProfilesRepo(first).save({
      id: 'p1',
      label: 'A',
      baseUrl: 'http://127.0.0.1:1/v1',
      brandId: null,
      organization: null,
      user: null,
      scopes: null,
      keyStorage: 'keychain',
    });
    first.close();
    const again = open(path);
    expect(new ProfilesRepo(again).list().map((p) => p.id)).toEqual(['p1']);
  });

  it('refuses a file written by a newer version, with a message that says to update, and leaves it untouched', () => {
    const path = tempFile();
    open(path).close();
    const raw = new Libsql(path);
    raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 5}`);
    raw.close();
    let error: unknown;
    try {
      openDatabase(path);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    expect((error as Error).message).toMatch(/newer version of Postdeck/);
    expect((error as Error).message).toMatch(/Update Postdeck/);
    const check = new Libsql(path);
    expect((check.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(
      SCHEMA_VERSION + 5,
    );
    check.close();
  });

  it('skips and reports a corrupt row instead of crashing', () => {
    const reported: string[] = [];
    const db = openDatabase(tempFile(), { onCorruptRow: (r) => reported.push(`${r.table}:${r.key}`) });
    opened.push(db);
    const profiles = saveProfileP1(db);
    const cache = new PostsCache(db);
    const at = new Date().toISOString();
    cache.upsert(
      'p1',
      'b1',
      [
        {
          id: 'post_ok',
          state: 'scheduled',
          publishDate: '2030-01-01T10:00:00.000Z',
          integration: { id: 'int_1' },
        },
      ],
      at,
    );
    db.sql
      .prepare(
        `INSERT INTO posts (profile_id, brand_id, id, group_id, state, publish_date, publish_ms, integration_id, content, block_count, error, release_url, item_json, synced_at)
         VALUES ('p1', 'b1', 'post_bad', NULL, 'scheduled', '2030-01-01T11:00:00.000Z', ?, 'int_1', '', 1, NULL, NULL, '{not json', ?)`,
      )
      .run(Date.parse('2030-01-01T11:00:00.000Z'), at);
    db.sql.prepare(`UPDATE profiles SET scopes_json = '[1,2]' WHERE id = 'p1'`).run();

    const posts = cache.listRange(
      'p1',
      'b1',
      Date.parse('2030-01-01T00:00:00Z'),
      Date.parse('2030-01-02T00:00:00Z'),
    );
    expect(posts.map((p) => p.id)).toEqual(['post_ok']);
    expect(profiles.get('p1')).toBeNull();
    expect(reported).toEqual(['posts:post_bad', 'profiles:p1']);
    expect(db.corruptRows).toHaveLength(2);
  });

  it('reads a cached post from its stored item, keeping what a later answer left out', () => {
    const db = open(tempFile());
    saveProfileP1(db);
    const cache = new PostsCache(db);
    const first = {
      id: 'post_1',
      group: 'g1',
      state: 'scheduled',
      publishDate: '2030-01-01T10:00:00.000Z',
      integration: { id: 'int_1' },
      content: 'Hello',
      blockCount: 3,
    };
    cache.upsert('p1', 'b1', [first], '2030-01-01T00:00:00.000Z');
    const later = {
      id: 'post_1',
      state: 'error',
      publishDate: '2030-01-01T10:30:00.000Z',
      integration: { id: 'int_2' },
      error: 'Token expired',
      releaseURL: null,
    };
    cache.upsert('p1', 'b1', [later], '2030-01-01T01:00:00.000Z');
    const [post] = cache.listRange(
      'p1',
      'b1',
      Date.parse('2030-01-01T00:00:00Z'),
      Date.parse('2030-01-02T00:00:00Z'),
    );
    expect(post).toEqual({
      id: 'post_1',
      group: 'g1',
      state: 'error',
      publishDate: '2030-01-01T10:30:00.000Z',
      publishMs: Date.parse('2030-01-01T10:30:00.000Z'),
      integrationId: 'int_2',
      content: 'Hello',
      blockCount: 3,
      error: 'Token expired',
      releaseURL: null,
      item: later,
      syncedAt: '2030-01-01T01:00:00.000Z',
    });
    expect(cache.get('p1', 'b1', 'post_1')).toEqual(post);
  });

  it('keeps settings through their schema, falling back to null on a stale value', () => {
    const db = open(tempFile());
    const settings = new SettingsRepo(db);
    const Bounds = z.object({ width: z.number(), height: z.number() });
    settings.set('window', { width: 800, height: 600 });
    expect(settings.get('window', Bounds)).toEqual({ width: 800, height: 600 });
    settings.set('window', { width: 'wide' });
    expect(settings.get('window', Bounds)).toBeNull();
    expect(settings.get('missing', Bounds)).toBeNull();
  });

  it('rolls back every write of a failed transaction', () => {
    const db = open(tempFile());
    const settings = new SettingsRepo(db);
    expect(() =>
      db.tx(() => {
        settings.set('a', 1);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(settings.get('a', z.number())).toBeNull();
  });

  it("commits a pull's copy without waiting for the disk, and every other write waits again after it", () => {
    const db = open(tempFile());
    const settings = new SettingsRepo(db);
    const mode = () => (db.sql.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous;
    // 2 is FULL, 1 is NORMAL.
    expect(mode()).toBe(2);
    expect(db.copyTx(() => (settings.set('copied', 1), mode()))).toBe(1);
    expect(mode()).toBe(2);
    expect(() =>
      db.copyTx(() => {
        settings.set('lost', 1);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(mode()).toBe(2);
    expect(settings.get('copied', z.number())).toBe(1);
    expect(settings.get('lost', z.number())).toBeNull();
  });
});
