import Database from 'libsql';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MediaObject, PostDetail, PostListResponse } from '../../shared/api/resources.js';
import { startService } from '../index.js';
import { SANDBOX_KEY_LABELS, SandboxFile } from '../sandbox-file.js';
import { migrations } from '../store/migrations.js';
import { fileForm, pngBytes } from './fixtures.js';
import { as, call, dataDirsOfFile, expectError, range, world } from './helpers.js';

/** Puts a file back as schema 2 left it: short links without their post. */
const UNDO_MIGRATION_3 =
  'DROP TRIGGER posts_delete_short_links; DROP INDEX short_links_by_post; ALTER TABLE short_links DROP COLUMN post_id;';

const dir = dataDirsOfFile();

describe('data survives restarts', () => {
  it('keeps posts, media, keys, revocations and short links across a restart on another port', async () => {
    const dataDir = dir();
    const first = await startService({ dataDir, port: 0, rateLimit: null, tickMs: 50 });
    const api = as(first, 'full-live');
    const media = MediaObject.parse(
      (await api.raw('/media/upload', { method: 'POST', body: fileForm(await pngBytes(), 'keep.png') })).body,
    );
    const created = await api.post<{ postId: string }[]>('/posts', {
      type: 'schedule',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      shortLink: true,
      posts: [
        {
          integration: { id: world(first).byPlatform('x') },
          value: [{ content: 'kept https://example.com/kept', image: [{ id: media.id, path: media.path }] }],
          settings: { __type: 'x' },
        },
      ],
    });
    const postId = created.body[0]?.postId ?? '';
    const before = PostListResponse.parse((await api.get(`/posts?${range()}`)).body).posts;
    const shortLink = /http:\/\/\S+\/s\/[a-z0-9]+/.exec(
      PostDetail.parse((await api.get(`/posts/${postId}`)).body).content ?? '',
    )?.[0];
    const tokens = first.sandbox.keys.map((k) => k.token);
    await first.close();

    const second = await startService({ dataDir, port: 0, rateLimit: null, tickMs: 50 });
    try {
      expect(second.baseUrl).not.toBe('');
      expect(second.sandbox.keys.map((k) => k.token)).toEqual(tokens);
      expect(SandboxFile.parse(JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'))).baseUrl).toBe(
        second.baseUrl,
      );
      const api2 = as(second, 'full-live');
      const after = PostListResponse.parse((await api2.get(`/posts?${range()}`)).body).posts;
      expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
      const post = PostDetail.parse((await api2.get(`/posts/${postId}`)).body);
      // Media paths follow the service to its new address.
      expect(post.value[0]?.image?.[0]?.path).toBe(media.path.replace(first.origin, second.origin));
      const file = await fetch(post.value[0]?.image?.[0]?.path ?? '');
      expect(file.status).toBe(200);
      expect(shortLink).toBeDefined();
      const redirect = await fetch((shortLink ?? '').replace(first.origin, second.origin), {
        redirect: 'manual',
      });
      expect(redirect.headers.get('location')).toBe('https://example.com/kept');
      expectError(await as(second, 'revoked').get('/me'), 401, 'INVALID_API_KEY');
    } finally {
      await second.close();
    }
  });

  it('upgrades a database left at schema version 1, keeping its posts and listing them in the same order', async () => {
    const dataDir = dir();
    const first = await startService({ dataDir, port: 0 });
    const before = PostListResponse.parse(
      (await as(first, 'full-live').get(`/posts?${range(20)}`)).body,
    ).posts;
    await first.close();
    // Put the file back as version 1 left it: its posts index without id, short links without their post.
    const db = new Database(join(dataDir, 'service.db'));
    db.exec(UNDO_MIGRATION_3);
    db.exec(
      'DROP INDEX posts_by_brand_date_id; CREATE INDEX posts_by_brand_date ON posts(brand_id, publish_date);',
    );
    db.pragma('user_version = 1');
    db.close();

    const second = await startService({ dataDir, port: 0 });
    try {
      const after = PostListResponse.parse(
        (await as(second, 'full-live').get(`/posts?${range(20)}`)).body,
      ).posts;
      expect(before.length).toBeGreaterThan(25);
      expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    } finally {
      await second.close();
    }
    const upgraded = new Database(join(dataDir, 'service.db'));
    expect(upgraded.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: migrations.length });
    const plan = upgraded
      .prepare(
        'EXPLAIN QUERY PLAN SELECT id FROM posts WHERE brand_id = ? AND publish_date BETWEEN ? AND ? ORDER BY publish_date, id',
      )
      .all('b', 0, 1) as { detail: string }[];
    upgraded.close();
    expect(plan.map((r) => r.detail).join(' | ')).not.toMatch(/TEMP B-TREE/);
  });

  it('upgrades short links written before they had a post: each joins the post whose text holds it, orphans go', async () => {
    const dataDir = dir();
    const first = await startService({ dataDir, port: 0, rateLimit: null });
    const api = as(first, 'full-live');
    const created = await api.post<{ postId: string; group: string }[]>('/posts', {
      type: 'schedule',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      shortLink: true,
      posts: [
        {
          integration: { id: world(first).byPlatform('x') },
          value: [{ content: 'https://example.com/old' }],
          settings: { __type: 'x' },
        },
      ],
    });
    const { postId = '', group = '' } = created.body[0] ?? {};
    const link = PostDetail.parse((await api.get(`/posts/${postId}`)).body).content ?? '';
    await first.close();
    const db = new Database(join(dataDir, 'service.db'));
    db.exec(UNDO_MIGRATION_3);
    // As stored before URLs were kept in ASCII form.
    db.exec("UPDATE short_links SET url = 'https://example.com/€'");
    db.prepare('INSERT INTO short_links (code, url, created_at) VALUES (?, ?, ?)').run(
      'orphan01',
      'https://example.com/orphan',
      0,
    );
    db.pragma('user_version = 2');
    db.close();

    const second = await startService({ dataDir, port: 0, rateLimit: null });
    try {
      const moved = (url: string) => url.replace(/^http:\/\/[^/]+/, second.origin);
      const kept = await call(moved(link));
      expect(kept.status, kept.text).toBe(302);
      expect(kept.headers.get('location')).toBe('https://example.com/%E2%82%AC');
      expectError(await call(`${second.origin}/s/orphan01`), 404, 'NOT_FOUND');
      expect((await as(second, 'full-live').del(`/posts/${group}`)).status).toBe(200);
      expectError(await call(moved(link)), 404, 'NOT_FOUND');
    } finally {
      await second.close();
    }
  });

  it('keeps its database in WAL mode at the latest schema version, and refuses one written by a newer version, leaving it untouched', async () => {
    const dataDir = dir();
    const first = await startService({ dataDir, port: 0 });
    await first.close();
    const db = new Database(join(dataDir, 'service.db'));
    expect(db.prepare('PRAGMA journal_mode').get()).toMatchObject({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA user_version').get()).toMatchObject({ user_version: migrations.length });
    db.pragma('user_version = 99');
    db.close();
    await expect(startService({ dataDir, port: 0 })).rejects.toThrow(/schema version 99/);
    const again = new Database(join(dataDir, 'service.db'));
    expect((again.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(99);
    again.close();
  });

  it('publishes, after a restart, a post that fell due while the service was down', async () => {
    const dataDir = dir();
    const first = await startService({ dataDir, port: 0, rateLimit: null, tickMs: 50 });
    const created = await as(first, 'full-live').post<{ postId: string }[]>('/posts', {
      type: 'schedule',
      date: new Date(Date.now() + 300).toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: world(first).byPlatform('x') },
          value: [{ content: 'while down' }],
          settings: { __type: 'x' },
        },
      ],
    });
    await first.close();
    await new Promise((r) => setTimeout(r, 400));
    const second = await startService({ dataDir, port: 0, rateLimit: null, tickMs: 50 });
    try {
      await new Promise((r) => setTimeout(r, 300));
      const post = await as(second, 'full-live').get(`/posts/${created.body[0]?.postId}`);
      expect(post.body).toMatchObject({ state: 'published' });
    } finally {
      await second.close();
    }
  });

  it('issues new seeded keys when sandbox.json was lost, revoking the old ones', async () => {
    const dataDir = dir();
    const first = await startService({ dataDir, port: 0, rateLimit: null });
    const old = as(first, 'full-live');
    const oldToken = old.token;
    await first.close();
    rmSync(join(dataDir, 'sandbox.json'));
    const second = await startService({ dataDir, port: 0, rateLimit: null });
    try {
      expect(second.sandbox.keys.map((k) => k.label).sort()).toEqual([...SANDBOX_KEY_LABELS].sort());
      const fresh = as(second, 'full-live');
      expect(fresh.token).not.toBe(oldToken);
      expect((await fresh.get('/me')).status).toBe(200);
      expectError(await as(second, 'revoked').get('/me'), 401, 'INVALID_API_KEY');
      const stale = await fetch(`${second.baseUrl}/me`, {
        headers: { ...fresh.headers, authorization: `Bearer ${oldToken}` },
      });
      expect(stale.status).toBe(401);
    } finally {
      await second.close();
    }
  });
});
