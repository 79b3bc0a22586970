import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requireBrand } from '../../core/active-brand.js';
import { DraftsService } from '../../drafts/drafts-service.js';
import { IntegrationsRepo } from '../../integrations/integrations-repo.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { BrandsRepo } from '../../store/brands-repo.js';
import { OutboxRepo } from '../../outbox/outbox-repo.js';
import { PostsCache } from '../../store/posts-cache.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { saveTestProfile } from '../support/database.js';

let dir = '';
let db: AppDatabase;
let clock = Date.parse('2030-05-01T10:00:00.000Z');
const now = () => new Date(clock);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'postdeck-repos-'));
  db = openDatabase(join(dir, 'postdeck.db'), { onCorruptRow: () => undefined });
  const profiles = new ProfilesRepo(db, now);
  for (const id of ['p1', 'p2']) saveTestProfile(profiles, id);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const draftInput = (content: string) => ({
  brandId: null,
  blocks: [{ content, media: [] }],
  targets: [],
  commentDelays: [],
  shortLink: false,
  date: null,
  replacesGroup: null,
});

describe('drafts', () => {
  it('autosaves: creates with an id, updates in place keeping its creation time, lists newest first per brand', () => {
    const drafts = new DraftsService({ db, now });
    const p1 = { profileId: 'p1', brandId: 'b1' };
    const a = drafts.saveDraft(p1, draftInput('first'));
    clock += 1000;
    const b = drafts.saveDraft(p1, draftInput('second'));
    clock += 1000;
    const a2 = drafts.saveDraft(p1, { ...draftInput('first, edited'), id: a.id });
    expect(a2).toMatchObject({ id: a.id, brandId: 'b1', createdAt: a.createdAt });
    expect(a2.updatedAt > a.updatedAt).toBe(true);
    expect(drafts.listDrafts(p1).map((d) => d.blocks[0]?.content)).toEqual(['first, edited', 'second']);
    expect(drafts.getDraft(p1, { id: b.id }).id).toBe(b.id);
    expect(drafts.deleteDraft(p1, { id: b.id })).toEqual({ deleted: true });
    expect(() => drafts.getDraft(p1, { id: b.id })).toThrow(/no longer exists/);
  });

  it("keeps each profile's drafts apart", () => {
    const drafts = new DraftsService({ db, now });
    const one = { profileId: 'p1', brandId: 'b1' };
    const two = { profileId: 'p2', brandId: 'b1' };
    const mine = drafts.saveDraft(one, draftInput('mine'));
    expect(drafts.listDrafts(two)).toEqual([]);
    expect(() => drafts.saveDraft(two, { ...draftInput('overwrite'), id: mine.id })).toThrow(
      /another account/,
    );
    expect(drafts.getDraft(one, { id: mine.id }).blocks[0]?.content).toBe('mine');
  });

  it('asks to connect first when no profile is active', () => {
    // A call made before any connection has no brand: dispatch hands the handler null.
    expect(() => requireBrand({ brand: null })).toThrow(/connect/i);
  });
});

describe('integrations', () => {
  it('learns accounts without erasing what the user typed, and keeps them per brand', () => {
    const repo = new IntegrationsRepo(db, now);
    repo.add('p1', 'b1', { id: 'int_1', platform: 'x', name: '' });
    repo.learn('p1', 'b1', [{ id: 'int_1', platform: 'x', name: 'Harbor', picture: 'https://cdn/x.png' }]);
    repo.learn('p1', 'b1', [
      { id: 'int_1', name: '' },
      { id: 'int_2', platform: 'mastodon', name: 'Odd' },
    ]);
    expect(repo.list('p1', 'b1')).toEqual([
      {
        id: 'int_1',
        platform: 'x',
        name: 'Harbor',
        picture: 'https://cdn/x.png',
        disconnected: false,
        source: 'added',
      },
      // A platform this build does not know is kept, shown without a platform.
      { id: 'int_2', platform: null, name: 'Odd', picture: null, disconnected: false, source: 'learned' },
    ]);
    expect(repo.list('p1', 'b2')).toEqual([]);
  });
});

describe('brands', () => {
  it("replaces the server's list and keeps each surviving brand's timezone", () => {
    const brands = new BrandsRepo(db);
    brands.replaceAll('p1', [
      { id: 'b1', name: 'One' },
      { id: 'b2', name: 'Two' },
    ]);
    brands.setTimezone('p1', 'b2', 'Europe/Paris');
    const after = brands.replaceAll('p1', [
      { id: 'b2', name: 'Two renamed' },
      { id: 'b3', name: 'Three' },
    ]);
    expect(after).toEqual([
      { profileId: 'p1', id: 'b2', name: 'Two renamed', timezone: 'Europe/Paris' },
      { profileId: 'p1', id: 'b3', name: 'Three', timezone: null },
    ]);
  });
});

describe('outbox repository', () => {
  it('marks operations cut off while sending as maybe-sent, and skips a corrupt row without losing the others', () => {
    const outbox = new OutboxRepo(db, now);
    const base = { profileId: 'p1', brandId: 'b1', key: 'group:g1', summary: 's', marker: 'm' };
    outbox.add({ ...base, id: 'a', op: { kind: 'deleteGroup', payload: { group: 'g1' } } });
    outbox.add({ ...base, id: 'b', op: { kind: 'deleteGroup', payload: { group: 'g2' } } });
    outbox.update('a', { status: 'sending' });
    expect(outbox.recoverInterrupted()).toBe(1);
    expect(outbox.get('a')).toMatchObject({ status: 'pending', maybeSent: true });

    db.sql.prepare(`UPDATE outbox SET payload_json = '{"group": 42}' WHERE id = 'b'`).run();
    expect(outbox.list().map((o) => o.id)).toEqual(['a']);
    expect(db.corruptRows.map((r) => `${r.table}:${r.key}`)).toEqual(['outbox:b']);
  });

  it('lists what is due by index: first of its key, pending, due; held keys and unavailable brands left out', () => {
    const outbox = new OutboxRepo(db, now);
    const add = (id: string, key: string, profileId = 'p1', brandId = 'b1') =>
      outbox.add({
        id,
        profileId,
        brandId,
        key,
        summary: id,
        marker: id,
        op: { kind: 'deleteGroup', payload: { group: id } },
      });
    add('a1', 'group:a'); // due (never tried)
    add('a2', 'group:a'); // behind a1, same key
    add('b1', 'group:b'); // waiting until later
    add('c1', 'group:c'); // retry wait over, a second ago
    add('d1', 'group:d'); // stopped: the one behind it waits for the user
    add('d2', 'group:d');
    add('e1', 'group:e', 'p2'); // another profile (a held key below)
    add('f1', 'group:f', 'p1', 'b2'); // another brand (no key below)
    add('g1', 'group:g'); // sending: nothing of its key goes meanwhile
    add('g2', 'group:g');
    outbox.update('b1', { nextAttemptMs: clock + 60_000 });
    outbox.update('c1', { nextAttemptMs: clock - 1_000 });
    outbox.update('d1', { status: 'failed' });
    outbox.update('g1', { status: 'sending' });
    const none: { heldProfiles: string[]; unavailable: string[] } = { heldProfiles: [], unavailable: [] };
    const ids = (skip = none, limit = 10) => outbox.dueHeads(clock, skip, limit).map((o) => o.id);

    // Never tried first (in the queue's order), then those whose wait ended earliest.
    expect(ids()).toEqual(['a1', 'e1', 'f1', 'c1']);
    expect(ids(none, 2)).toEqual(['a1', 'e1']);
    expect(ids({ heldProfiles: ['p2'], unavailable: ['p1\u0000b2'] })).toEqual(['a1', 'c1']);
    expect(outbox.nextDueMs(clock, none)).toBe(clock + 60_000);
    outbox.remove('a1');
    expect(ids()).toEqual(['a2', 'e1', 'f1', 'c1']);
  });

  it('removes cached posts with their profile (no orphans)', () => {
    const cache = new PostsCache(db);
    cache.upsert(
      'p2',
      'b1',
      [{ id: 'post_1', state: 'QUEUE', publishDate: '2030-05-02T10:00:00.000Z', integration: { id: 'i' } }],
      now().toISOString(),
    );
    new ProfilesRepo(db, now).remove('p2');
    expect(cache.get('p2', 'b1', 'post_1')).toBeNull();
  });
});
