import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { subjectOfPost } from '../../../shared/labels/model.js';
import { inHours, sentResults } from '../support/service.js';
import { connectedSuite } from '../support/app.js';

/*
 * Labels, campaigns and notes against the real local service and a real database file: kept per
 * brand on this device, never sent, and carried from a draft to the group the service gives it,
 * whether the post goes at once, through the outbox, or as an edit of an existing post.
 */

const suite = connectedSuite('labels', { saves: true });

/** Waits until the calendar shows `text` confirmed by the service (the outbox sent it). */
async function confirmedPost(text: string) {
  await suite.app.ok('syncNow');
  for (let i = 0; i < 100; i++) {
    const found = (await suite.app.ok('listPosts', around())).posts.find(
      (p) => p.content === text && !p.localOnly,
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`"${text}" was not confirmed`);
}

const draftWith = (text: string, replacesGroup: string | null = null) =>
  suite.app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [
      { integrationId: suite.acc.id, platform: suite.acc.platform ?? 'x', settings: {}, blocks: null },
    ],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup,
  });

const around = () => ({
  start: new Date(Date.now() - 86_400_000).toISOString(),
  end: new Date(Date.now() + 3 * 86_400_000).toISOString(),
});

async function labelsOf(subject: string): Promise<string[]> {
  const view = await suite.app.ok('listLabels');
  const names = new Map(view.labels.map((l) => [l.id, l.name]));
  return (view.assignments[subject] ?? []).map((id) => names.get(id) ?? '?').sort();
}

describe('labels', () => {
  it('creates, renames, recolours, dates and deletes labels, names unique whatever their case', async () => {
    const sale = await suite.app.ok('saveLabel', { name: 'Spring sale', color: 'green', campaign: null });
    await suite.app.ok('saveLabel', { name: 'Hiring', color: 'blue', campaign: null });
    expect((await suite.app.ok('listLabels')).labels.map((l) => l.name)).toEqual(['Hiring', 'Spring sale']);
    expect(
      (await suite.app.fails('saveLabel', { name: 'SPRING SALE', color: 'red', campaign: null })).code,
    ).toBe('CONFLICT');
    expect((await suite.app.fails('saveLabel', { name: 'a, b', color: 'red', campaign: null })).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect(
      (
        await suite.app.fails('saveLabel', {
          name: 'Backwards',
          color: 'red',
          campaign: { start: '2026-05-10', end: '2026-05-01' },
        })
      ).code,
    ).toBe('INVALID_ARGUMENT');
    const renamed = await suite.app.ok('saveLabel', {
      id: sale.id,
      name: 'Summer sale',
      color: 'orange',
      campaign: { start: '2026-06-01', end: '2026-06-30' },
    });
    expect(renamed).toEqual({
      id: sale.id,
      name: 'Summer sale',
      color: 'orange',
      campaign: { start: '2026-06-01', end: '2026-06-30' },
    });
    await suite.app.ok('setPostLabels', { subjects: ['some-group'], add: [sale.id], remove: [] });
    expect(await labelsOf('some-group')).toEqual(['Summer sale']);
    expect(await suite.app.ok('deleteLabel', { id: sale.id })).toEqual({ deleted: true });
    expect(await labelsOf('some-group')).toEqual([]);
    expect(
      (await suite.app.fails('setPostLabels', { subjects: ['x'], add: [sale.id], remove: [] })).code,
    ).toBe('NOT_FOUND');
  });

  it('carries a draft’s labels and notes to the group the service makes, and sends neither', async () => {
    const label = await suite.app.ok('saveLabel', { name: 'Launch', color: 'purple', campaign: null });
    const text = `Launch day ${Date.now()}`;
    const draft = await draftWith(text);
    const subject = `draft:${draft.id}`;
    await suite.app.ok('setPostLabels', { subjects: [subject], add: [label.id], remove: [] });
    const note = await suite.app.ok('addNote', {
      subject,
      body: 'Check the price with Ana before it goes out',
    });
    expect(note.author).not.toBe('');
    const [result] = sentResults(
      await suite.app.ok('sendDraft', { draftId: draft.id, type: 'draft', wait: true }),
    );
    const group = result?.group ?? '';
    expect(await labelsOf(group)).toEqual(['Launch']);
    expect((await suite.app.ok('listNotes', { subject: group })).map((n) => n.body)).toEqual([
      'Check the price with Ana before it goes out',
    ]);
    expect(await labelsOf(subject)).toEqual([]);
    // The service got the text only.
    const [onService] = (await suite.svc.client().getPost(result?.postId ?? '')).value;
    expect(onService?.content).toBe(text);
    expect(JSON.stringify(onService)).not.toMatch(/Launch"|Ana/);
  });

  it('shows a queued post’s labels at once, and keeps them when the outbox confirms it', async () => {
    const label = await suite.app.ok('saveLabel', { name: 'Queued', color: 'teal', campaign: null });
    const draft = await draftWith(`Queued post ${Date.now()}`);
    await suite.app.ok('setPostLabels', { subjects: [`draft:${draft.id}`], add: [label.id], remove: [] });
    await suite.app.ok('addNote', { subject: `draft:${draft.id}`, body: 'Waiting for the photo' });
    const date = inHours(30);
    const written = await suite.app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date });
    const local = written.posts.find((p) => p.localOnly);
    expect(local).toBeDefined();
    const localSubject = subjectOfPost(local ?? { id: '', group: null });
    expect(localSubject).toBe(`local:${written.outboxId}`);
    expect(await labelsOf(localSubject)).toEqual(['Queued']);
    expect((await suite.app.ok('listLabels')).noteCounts[localSubject]).toBe(1);
    // A label given to the local post lands on its draft, so it survives the confirmation too.
    const extra = await suite.app.ok('saveLabel', { name: 'Extra', color: 'pink', campaign: null });
    await suite.app.ok('setPostLabels', { subjects: [localSubject], add: [extra.id], remove: [] });

    const confirmed = await confirmedPost(draft.blocks[0]?.content ?? '');
    expect(confirmed.group).toBeTruthy();
    const group = subjectOfPost(confirmed);
    expect(await labelsOf(group)).toEqual(['Extra', 'Queued']);
    expect((await suite.app.ok('listNotes', { subject: group })).map((n) => n.body)).toEqual([
      'Waiting for the photo',
    ]);
  });

  it('keeps labels through an edit (a new group) and a move', async () => {
    const label = await suite.app.ok('saveLabel', { name: 'Evergreen tip', color: 'yellow', campaign: null });
    const first = await draftWith(`Tip ${Date.now()}`);
    const [made] = sentResults(
      await suite.app.ok('sendDraft', { draftId: first.id, type: 'schedule', date: inHours(40), wait: true }),
    );
    const oldGroup = made?.group ?? '';
    await suite.app.ok('setPostLabels', { subjects: [oldGroup], add: [label.id], remove: [] });
    await suite.app.ok('reschedulePost', { id: made?.postId ?? '', date: inHours(41) });
    await suite.app.ok('syncNow');
    expect(await labelsOf(oldGroup)).toEqual(['Evergreen tip']);

    const edit = await draftWith(`Tip, edited ${Date.now()}`, oldGroup);
    const [edited] = sentResults(
      await suite.app.ok('sendDraft', { draftId: edit.id, type: 'schedule', date: inHours(42), wait: true }),
    );
    expect(edited?.group).not.toBe(oldGroup);
    expect(await labelsOf(edited?.group ?? '')).toEqual(['Evergreen tip']);
  });
});

describe('search by label and by note', () => {
  it('finds posts with label:, alone or with words, and posts by the words of their notes', async () => {
    const label = await suite.app.ok('saveLabel', { name: 'Black Friday', color: 'red', campaign: null });
    const tagged = await draftWith(`Doors open at nine ${Date.now()}`);
    const [a] = sentResults(
      await suite.app.ok('sendDraft', { draftId: tagged.id, type: 'draft', wait: true }),
    );
    const other = await draftWith(`Doors close at five ${Date.now()}`);
    const [b] = sentResults(
      await suite.app.ok('sendDraft', { draftId: other.id, type: 'draft', wait: true }),
    );
    await suite.app.ok('setPostLabels', { subjects: [a?.group ?? ''], add: [label.id], remove: [] });

    const ids = async (query: string) =>
      (await suite.app.ok('searchPosts', { query })).hits.filter((h) => h.source === 'post').map((h) => h.id);
    expect(await ids('label:"Black Friday"')).toEqual([a?.postId]);
    expect(await ids('label:"black friday" doors')).toEqual([a?.postId]);
    expect((await ids('doors')).sort()).toEqual([a?.postId, b?.postId].sort());
    const unknown = await suite.app.ok('searchPosts', { query: 'label:Nope' });
    expect(unknown.hits).toEqual([]);
    expect(unknown.notice).toMatch(/No label is called “Nope”/);
    expect(
      (await suite.app.ok('searchPostMatches', { query: 'label:"Black Friday"' })).posts.map((p) => p.id),
    ).toEqual([a?.postId]);

    await suite.app.ok('addNote', { subject: b?.group ?? '', body: 'Legal asked to reword the second line' });
    const byNote = await suite.app.ok('searchPosts', { query: 'reword' });
    expect(byNote.hits.map((h) => [h.id, h.matchedIn])).toEqual([[b?.postId, 'note']]);
    expect(byNote.hits[0]?.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['reword']);
    expect(byNote.hits[0]?.snippet.map((s) => s.text).join('')).toMatch(
      /^Doors close at five \d+ · Note: Legal asked to reword the second line$/,
    );
  });
});

describe('export and import', () => {
  it('writes a group’s labels and notes as their own columns, and a file without any stays as it was', async () => {
    const label = await suite.app.ok('saveLabel', { name: 'Exported', color: 'grey', campaign: null });
    const draft = await draftWith(`Export me ${Date.now()}`);
    const [made] = sentResults(
      await suite.app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date: inHours(50), wait: true }),
    );
    await suite.app.ok('setPostLabels', { subjects: [made?.group ?? ''], add: [label.id], remove: [] });
    await suite.app.ok('addNote', { subject: made?.group ?? '', body: 'Approved by\nthe owner' });
    const csv = await suite.app.ok('exportPosts', {
      format: 'csv',
      scope: { kind: 'posts', postIds: [made?.postId ?? ''] },
    });
    const text = await readFile(csv.path ?? '', 'utf8');
    const [header, row] = text.trim().split(/\r?\n(?=[^,]*,)/u);
    expect(header).toMatch(/,labels,notes$/);
    expect(row).toContain('Exported');
    expect(row).toMatch(/, 20\d\d-\d\d-\d\dT[^:]+:\d\d:\d\d\.\d+Z: Approved by the owner/);
    const json = await suite.app.ok('exportPosts', {
      format: 'json',
      scope: { kind: 'posts', postIds: [made?.postId ?? ''] },
    });
    const {
      posts: [obj],
    } = JSON.parse(await readFile(json.path ?? '', 'utf8')) as {
      posts: { labels?: string[]; notes?: string[] }[];
    };
    expect(obj?.labels).toEqual(['Exported']);
    expect(obj?.notes?.[0]).toMatch(/: Approved by the owner$/);

    const plain = await draftWith(`No labels ${Date.now()}`);
    const [bare] = sentResults(
      await suite.app.ok('sendDraft', { draftId: plain.id, type: 'schedule', date: inHours(51), wait: true }),
    );
    const none = await suite.app.ok('exportPosts', {
      format: 'csv',
      scope: { kind: 'posts', postIds: [bare?.postId ?? ''] },
    });
    expect((await readFile(none.path ?? '', 'utf8')).split(/\r?\n/u)[0]).toMatch(/,post_ids,brand$/);
  });

  it('imports a labels column: known labels by name, new ones made, and the labels follow the posts to the service', async () => {
    await suite.app.ok('saveLabel', { name: 'Imported', color: 'blue', campaign: null });
    const text = `From a file ${Date.now()}`;
    const path = join(suite.dir, 'with-labels.csv');
    await writeFile(
      path,
      `text,accounts,date,labels\n${text},${suite.acc.id},${inHours(60)},imported; Brand new\n`,
    );
    const preview = await suite.app.ok('previewImport', { file: await suite.app.chosen(path) });
    expect(preview.rows[0]?.problems).toEqual([]);
    const run = await suite.app.ok('runImport', { importId: preview.importId, drop: [] });
    expect(run.created).toBe(1);
    const post = await confirmedPost(text);
    expect(await labelsOf(subjectOfPost(post))).toEqual(['Brand new', 'Imported']);

    const bad = join(suite.dir, 'bad-label.csv');
    await writeFile(
      bad,
      `text,accounts,date,labels\nBad label ${Date.now()},${suite.acc.id},${inHours(61)},"a:b"\n`,
    );
    const badPreview = await suite.app.ok('previewImport', { file: await suite.app.chosen(bad) });
    const badRun = await suite.app.ok('runImport', { importId: badPreview.importId, drop: [] });
    expect(badRun.created).toBe(0);
    expect(badRun.failed[0]?.message).toMatch(/labels: “a:b”: .*cannot hold/);
  });
});
