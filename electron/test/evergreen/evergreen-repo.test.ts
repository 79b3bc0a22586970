import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EvergreenRepo } from '../../evergreen/evergreen-repo.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { saveTestProfile } from '../support/database.js';

/*
 * The guarantee behind "a repeat is made once": two connections to one database file (a second
 * process, or the app after a restart) cannot both claim a post's slot, nor both give out one
 * repeat number.
 */

let dir = '';
let a: AppDatabase;
let b: AppDatabase;
const now = () => new Date('2030-05-01T10:00:00.000Z');
const scope = { profileId: 'p1', brandId: 'b1' };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'postdeck-evergreen-'));
  a = openDatabase(join(dir, 'postdeck.db'));
  saveTestProfile(new ProfilesRepo(a, now), 'p1');
  b = openDatabase(join(dir, 'postdeck.db'));
});
afterEach(() => {
  a.close();
  b.close();
  rmSync(dir, { recursive: true, force: true });
});

const fill = (slotMs: number, repeat: number) => ({
  itemId: 'item-1',
  integrationId: 'acc-1',
  slotMs,
  repeat,
  of: 10,
  version: 0,
});

describe('evergreen repeats', () => {
  it('are claimed once per slot and once per number, across connections', () => {
    const first = new EvergreenRepo(a, now);
    const second = new EvergreenRepo(b, now);
    const slot = Date.parse('2030-05-02T07:15:00.000Z');
    expect(a.tx(() => first.claimFill(scope, fill(slot, 1), 'outbox-1'))).toBe(true);
    // The same slot again, whatever number the other run gave it.
    expect(b.tx(() => second.claimFill(scope, fill(slot, 1), 'outbox-2'))).toBe(false);
    expect(b.tx(() => second.claimFill(scope, fill(slot, 2), 'outbox-2'))).toBe(false);
    // Repeat 1 already exists: another slot cannot be repeat 1 too.
    expect(b.tx(() => second.claimFill(scope, fill(slot + 86_400_000, 1), 'outbox-3'))).toBe(false);
    expect(b.tx(() => second.claimFill(scope, fill(slot + 86_400_000, 2), 'outbox-3'))).toBe(true);
    expect(first.fills(scope).map((f) => [f.slotMs, f.repeat, f.outboxId])).toEqual([
      [slot, 1, 'outbox-1'],
      [slot + 86_400_000, 2, 'outbox-3'],
    ]);
  });
});
