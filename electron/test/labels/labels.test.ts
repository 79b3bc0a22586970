import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../shared/ipc/models.js';
import { subjectOfPost } from '../../../shared/labels/model.js';
import { inHours, sentResults, startTestService, type TestService } from '../support.js';
import { openConnectedApp, type ConnectedApp } from '../queue/app-harness.js';

/*
 * Labels, campaigns and notes against the real local service and a real database file: kept per
 * brand on this device, never sent, and carried from a draft to the group the service gives it,
 * whether the post goes at once, through the outbox, or as an edit of an existing post.
 */

let svc: TestService;
let app: ConnectedApp;
let acc: IntegrationView;

beforeAll(async () => {
  svc = await startTestService();
  app = await openConnectedApp(svc);
  acc = app.textAccounts.find((a) => a.platform === 'x') ?? (app.textAccounts[0] as IntegrationView);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await svc?.close();
});

const draftWith = (text: string, replacesGroup: string | null = null) =>
  app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [{ integrationId: acc.id, platform: acc.platform ?? 'x', settings: {}, blocks: null }],
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
  const view = await app.ok('listLabels');
  const names = new Map(view.labels.map((l) => [l.id, l.name]));
  return (view.assignments[subject] ?? []).map((id) => names.get(id) ?? '?').sort();
}

describe('labels', () => {
  it('creates, renames, recolours, dates and deletes labels, names unique whatever their case', async () => {
    const sale = await app.ok('saveLabel', { name: 'Spring sale', color: 'green', campaign: null });
    await app.ok('saveLabel', { name: 'Hiring', color: 'blue', campaign: null });
    expect((await app.ok('listLabels')).labels.map((l) => l.name)).toEqual(['Hiring', 'Spring sale']);
    expect((await app.fails('saveLabel', { name: 'SPRING SALE', color: 'red', campaign: null })).code).toBe(
      'CONFLICT',
    );
    expect((await app.fails('saveLabel', { name: 'a, b', color: 'red', campaign: null })).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect(
      (
        await app.fails('saveLabel', {
          name: 'Backwards',
          color: 'red',
          campaign: { start: '2026-05-10', end: '2026-05-01' },
        })
      ).code,
    ).toBe('INVALID_ARGUMENT');
    const renamed = await app.ok('saveLabel', {
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
    await app.ok('setPostLabels', { subjects: ['some-group'], add: [sale.id], remove: [] });
    expect(await labelsOf('some-group')).toEqual(['Summer sale']);
    expect(await app.ok('deleteLabel', { id: sale.id })).toEqual({ deleted: true });
    expect(await labelsOf('some-group')).toEqual([]);
    expect((await app.fails('setPostLabels', { subjects: ['x'], add: [sale.id], remove: [] })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('carries a draft’s labels and notes to the group the service makes, and sends neither', async () => {
    const label = await app.ok('saveLabel', { name: 'Launch', color: 'purple', campaign: null });
    const text = `Launch day ${Date.now()}`;
    const draft = await draftWith(text);
    const subject = `draft:${draft.id}`;
    await app.ok('setPostLabels', { subjects: [subject], add: [label.id], remove: [] });
    const note = await app.ok('addNote', { subject, body: 'Check the price with Ana before it goes out' });
    expect(note.author).not.toBe('');
    const [result] = sentResults(await app.ok('createPostsNow', { draftId: draft.id, type: 'draft' }));
    const group = result?.group ?? '';
    expect(await labelsOf(group)).toEqual(['Launch']);
    expect((await app.ok('listNotes', { subject: group })).map((n) => n.body)).toEqual([
      'Check the price with Ana before it goes out',
    ]);
    expect(await labelsOf(subject)).toEqual([]);
    // The service got the text only.
    const [onService] = (await svc.client().getPost(result?.postId ?? '')).value;
    expect(onService?.content).toBe(text);
    expect(JSON.stringify(onService)).not.toMatch(/Launch"|Ana/);
  });

  it('shows a queued post’s labels at once, and keeps them when the outbox confirms it', async () => {
    const label = await app.ok('saveLabel', { name: 'Queued', color: 'teal', campaign: null });
    const draft = await draftWith(`Queued post ${Date.now()}`);
    await app.ok('setPostLabels', { subjects: [`draft:${draft.id}`], add: [label.id], remove: [] });
    await app.ok('addNote', { subject: `draft:${draft.id}`, body: 'Waiting for the photo' });
    const date = inHours(30);
    const written = await app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date });
    const local = written.posts.find((p) => p.localOnly);
    expect(local).toBeDefined();
    const localSubject = subjectOfPost(local ?? { id: '', group: null });
    expect(localSubject).toBe(`local:${written.outboxId}`);
    expect(await labelsOf(localSubject)).toEqual(['Queued']);
    expect((await app.ok('listLabels')).noteCounts[localSubject]).toBe(1);
    // A label given to the local post lands on its draft, so it survives the confirmation too.
    const extra = await app.ok('saveLabel', { name: 'Extra', color: 'pink', campaign: null });
    await app.ok('setPostLabels', { subjects: [localSubject], add: [extra.id], remove: [] });

    await app.ok('syncNow');
    let confirmed = (await app.ok('listPosts', around())).posts.find(
      (p) => p.content === draft.blocks[0]?.content && !p.localOnly,
    );
    for (let i = 0; i < 100 && !confirmed; i++) {
      await new Promise((r) => setTimeout(r, 100));
      confirmed = (await app.ok('listPosts', around())).posts.find(
        (p) => p.content === draft.blocks[0]?.content && !p.localOnly,
      );
    }
    expect(confirmed?.group).toBeTruthy();
    const group = subjectOfPost(confirmed ?? { id: '', group: null });
    expect(await labelsOf(group)).toEqual(['Extra', 'Queued']);
    expect((await app.ok('listNotes', { subject: group })).map((n) => n.body)).toEqual([
      'Waiting for the photo',
    ]);
  });

  it('keeps labels through an edit (a new group) and a move', async () => {
    const label = await app.ok('saveLabel', { name: 'Evergreen tip', color: 'yellow', campaign: null });
    const first = await draftWith(`Tip ${Date.now()}`);
    const [made] = sentResults(
      await app.ok('createPostsNow', { draftId: first.id, type: 'schedule', date: inHours(40) }),
    );
    const oldGroup = made?.group ?? '';
    await app.ok('setPostLabels', { subjects: [oldGroup], add: [label.id], remove: [] });
    await app.ok('reschedulePost', { id: made?.postId ?? '', date: inHours(41) });
    await app.ok('syncNow');
    expect(await labelsOf(oldGroup)).toEqual(['Evergreen tip']);

    const edit = await draftWith(`Tip, edited ${Date.now()}`, oldGroup);
    const [edited] = sentResults(
      await app.ok('createPostsNow', { draftId: edit.id, type: 'schedule', date: inHours(42) }),
    );
    expect(edited?.group).not.toBe(oldGroup);
    expect(await labelsOf(edited?.group ?? '')).toEqual(['Evergreen tip']);
  });
});

describe('search by label and by note', () => {
  it('finds posts with label:, alone or with words, and posts by the words of their notes', async () => {
    const label = await app.ok('saveLabel', { name: 'Black Friday', color: 'red', campaign: null });
    const tagged = await draftWith(`Doors open at nine ${Date.now()}`);
    const [a] = sentResults(await app.ok('createPostsNow', { draftId: tagged.id, type: 'draft' }));
    const other = await draftWith(`Doors close at five ${Date.now()}`);
    const [b] = sentResults(await app.ok('createPostsNow', { draftId: other.id, type: 'draft' }));
    await app.ok('setPostLabels', { subjects: [a?.group ?? ''], add: [label.id], remove: [] });

    const ids = async (query: string) =>
      (await app.ok('searchPosts', { query })).hits.filter((h) => h.source === 'post').map((h) => h.id);
    expect(await ids('label:"Black Friday"')).toEqual([a?.postId]);
    expect(await ids('label:"black friday" doors')).toEqual([a?.postId]);
    expect((await ids('doors')).sort()).toEqual([a?.postId, b?.postId].sort());
    const unknown = await app.ok('searchPosts', { query: 'label:Nope' });
    expect(unknown.hits).toEqual([]);
    expect(unknown.notice).toMatch(/No label is called “Nope”/);
    expect(
      (await app.ok('searchPostMatches', { query: 'label:"Black Friday"' })).posts.map((p) => p.id),
    ).toEqual([a?.postId]);

    await app.ok('addNote', { subject: b?.group ?? '', body: 'Legal asked to reword the second line' });
    const byNote = await app.ok('searchPosts', { query: 'reword' });
    expect(byNote.hits.map((h) => [h.id, h.matchedIn])).toEqual([[b?.postId, 'note']]);
    expect(byNote.hits[0]?.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['reword']);
    expect(byNote.hits[0]?.snippet.map((s) => s.text).join('')).toMatch(
      /^Doors close at five \d+ · Note: Legal asked to reword the second line$/,
    );
  });
});
