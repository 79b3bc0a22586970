import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaObject } from '../../shared/api/resources.js';
import { startService } from '../index.js';
import { fileForm, pngBytes } from './fixtures.js';
import { as, freshDataDir, removeDataDir } from './helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDataDir));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Every file the service keeps: its database (and WAL), sandbox.json with the keys, and media. */
function expectPrivate(dataDir: string) {
  expect(modeOf(dataDir), dataDir).toBe('700');
  expect(modeOf(join(dataDir, 'media'))).toBe('700');
  for (const name of ['service.db', 'service.db-wal', 'service.db-shm', 'sandbox.json']) {
    if (name === 'service.db' || name === 'sandbox.json' || existsSync(join(dataDir, name))) {
      expect(modeOf(join(dataDir, name)), name).toBe('600');
    }
  }
  const media = readdirSync(join(dataDir, 'media'));
  expect(media.length).toBeGreaterThan(10);
  for (const name of media) expect(modeOf(join(dataDir, 'media', name)), name).toBe('600');
}

describe('the data dir is private to its user', () => {
  it('creates the data dir 0700 and every file in it 0600, uploads included', async () => {
    const parent = freshDataDir();
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const s = await startService({ dataDir, port: 0, rateLimit: null });
    try {
      const uploaded = await as(s, 'full-live').raw('/media/upload', {
        method: 'POST',
        body: fileForm(await pngBytes(), 'mine.png'),
      });
      const media = MediaObject.parse(uploaded.body);
      expect(
        readdirSync(join(dataDir, 'media')).filter((f) => media.path.includes(f.split('.')[0] ?? '-')),
      ).toHaveLength(2);
      expectPrivate(dataDir);
    } finally {
      await s.close();
    }
  });

  it('tightens a data dir an older version left open (0755 dirs, 0644 files)', async () => {
    const dataDir = freshDataDir();
    dirs.push(dataDir);
    const first = await startService({ dataDir, port: 0, rateLimit: null });
    await first.close();
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'media'), { recursive: true });
    chmodSync(join(dataDir, 'media'), 0o755);
    for (const name of readdirSync(join(dataDir, 'media'))) chmodSync(join(dataDir, 'media', name), 0o644);
    chmodSync(join(dataDir, 'service.db'), 0o644);
    chmodSync(join(dataDir, 'sandbox.json'), 0o644);
    writeFileSync(join(dataDir, 'sandbox.json.tmp'), '{}', { mode: 0o644 });

    const second = await startService({ dataDir, port: 0, rateLimit: null });
    try {
      expectPrivate(dataDir);
    } finally {
      await second.close();
    }
  });
});
