import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_KEPT_MS, BulkBatchesRepo } from '../../bulk/bulk-batches-repo.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { saveTestProfile } from '../support/database.js';

/* Changes kept for undo are let go of once they are too old to undo, so the table does not grow forever. */

let dir = '';
let db: AppDatabase;
let clock = Date.parse('2030-05-01T10:00:00.000Z');
const scope = { profileId: 'p1', brandId: 'b1' };
const undo = {
  moves: [{ postId: 'p', from: '2030-05-02T10:00:00.000Z', to: '2030-05-03T10:00:00.000Z' }],
  deletes: [],
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'postdeck-batches-'));
  db = openDatabase(join(dir, 'postdeck.db'));
  saveTestProfile(new ProfilesRepo(db, () => new Date(clock)), 'p1');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('bulk change batches', () => {
  it('keeps a week of changes to undo and lets go of older ones when the next is kept', () => {
    const repo = new BulkBatchesRepo(db, () => new Date(clock));
    const old = repo.add(scope, undo);
    clock += BATCH_KEPT_MS - 60_000;
    const recent = repo.add(scope, undo);
    expect(repo.get(old)).not.toBeNull();
    clock += 120_000;
    const newest = repo.add(scope, undo);
    expect(repo.get(old)).toBeNull();
    expect(repo.get(recent)?.undo).toEqual(undo);
    expect(repo.get(newest)).not.toBeNull();
    const count = db.sql.prepare('SELECT COUNT(*) AS n FROM bulk_batches').get() as { n: number };
    expect(count.n).toBe(2);
  });
});
