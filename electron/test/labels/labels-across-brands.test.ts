import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../../shared/posts/ipc.js';
import { subjectOfPost, type LabelsView } from '../../../shared/labels/model.js';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * A label change from the bulk bar of the all-brands view, against the real local
 * service and a real database file: each picked post is labelled under its own brand, with that
 * brand's label of the same name, or one made there in the same colour.
 */

let svc: TestService;
let app: ConnectedApp;

beforeAll(async () => {
  svc = await startTestService();
  app = await openConnectedApp(svc);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await svc?.close();
});

const range = () => ({
  start: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  end: new Date(Date.now() + 60 * 86_400_000).toISOString(),
});

function namesOf(view: LabelsView, subject: string): string[] {
  const names = new Map(view.labels.map((l) => [l.id, l.name]));
  return (view.assignments[subject] ?? []).map((id) => names.get(id) ?? '?').sort();
}

describe('labels across brands', () => {
  it("labels a two-brand selection under each post's own brand, and takes the label off both", async () => {
    const [harbor, pine] = svc.brandIds as [string, string];
    await app.ok('setAllBrands', { all: true });
    await app.ok('listPosts', range());
    await app.ok('syncNow');
    const { posts } = await app.ok('listPosts', range());
    const pick = (brandId: string) => posts.find((p) => p.brandId === brandId && !p.localOnly)!;
    const picked: CalendarPost[] = [pick(harbor), pick(pine)];
    expect(picked.every(Boolean)).toBe(true);
    const profileId = picked[0]!.profileId!;
    const ref = (brandId: string) => ({ profileId, brandId });

    // Harbor (the active brand) has "Spring sale" and "Launch"; Pine already has a "Launch" too.
    const sale = await app.ok('saveLabel', { name: 'Spring sale', color: 'green', campaign: null });
    const launch = await app.ok('saveLabel', { name: 'Launch', color: 'red', campaign: null });
    const pineLaunch = (
      await app.ok('setPostLabelsAcrossBrands', {
        groups: [{ brand: ref(pine), subjects: ['seed:pine'] }],
        add: [launch.id],
        remove: [],
      })
    )[0]!.view.labels[0]!;
    expect(pineLaunch.name).toBe('Launch');

    const groups = picked.map((p) => ({ brand: ref(p.brandId!), subjects: [subjectOfPost(p)] }));
    const answer = await app.ok('setPostLabelsAcrossBrands', {
      groups,
      add: [sale.id, launch.id],
      remove: [],
    });
    expect(answer.map((a) => a.brand.brandId).sort()).toEqual([harbor, pine].sort());

    // Each post carries the labels under its own brand, read as that brand's.
    const harborView = await app.ok('listLabels', { brand: ref(harbor) });
    const pineView = await app.ok('listLabels', { brand: ref(pine) });
    expect(namesOf(harborView, subjectOfPost(picked[0]!))).toEqual(['Launch', 'Spring sale']);
    expect(namesOf(pineView, subjectOfPost(picked[1]!))).toEqual(['Launch', 'Spring sale']);
    // Not under the active brand for Pine's post.
    expect(namesOf(harborView, subjectOfPost(picked[1]!))).toEqual([]);
    // Pine's own "Launch" is used (one label of that name), and "Spring sale" made there, green.
    expect(pineView.labels.map((l) => [l.name, l.color])).toEqual([
      ['Launch', 'red'],
      ['Spring sale', 'green'],
    ]);
    expect(pineView.labels.find((l) => l.name === 'Launch')!.id).toBe(pineLaunch.id);
    expect(pineView.labels.find((l) => l.name === 'Spring sale')!.id).not.toBe(sale.id);
    // What the default read (the active brand's) says is unchanged by Pine's labels.
    expect((await app.ok('listLabels')).labels.map((l) => l.name)).toEqual(['Launch', 'Spring sale']);

    // Taking a label off the selection takes it off under each brand.
    await app.ok('setPostLabelsAcrossBrands', { groups, add: [], remove: [sale.id] });
    expect(namesOf(await app.ok('listLabels', { brand: ref(pine) }), subjectOfPost(picked[1]!))).toEqual([
      'Launch',
    ]);
    expect(namesOf(await app.ok('listLabels', { brand: ref(harbor) }), subjectOfPost(picked[0]!))).toEqual([
      'Launch',
    ]);

    // A label only Pine has (the bulk bar offers every picked brand's labels) labels both posts:
    // Pine's own, and one of the same name made under Harbor.
    const hiring = await app.ok('saveLabel', { name: 'Hiring', color: 'teal', campaign: null });
    await app.ok('setPostLabelsAcrossBrands', {
      groups: [{ brand: ref(pine), subjects: ['seed:pine'] }],
      add: [hiring.id],
      remove: [],
    });
    await app.ok('deleteLabel', { id: hiring.id });
    const pineHiring = (await app.ok('listLabels', { brand: ref(pine) })).labels.find(
      (l) => l.name === 'Hiring',
    )!;
    expect((await app.ok('listLabels')).labels.map((l) => l.name)).not.toContain('Hiring');
    await app.ok('setPostLabelsAcrossBrands', { groups, add: [pineHiring.id], remove: [] });
    expect(namesOf(await app.ok('listLabels', { brand: ref(pine) }), subjectOfPost(picked[1]!))).toContain(
      'Hiring',
    );
    const harborNow = await app.ok('listLabels', { brand: ref(harbor) });
    expect(namesOf(harborNow, subjectOfPost(picked[0]!))).toContain('Hiring');
    expect(harborNow.labels.find((l) => l.name === 'Hiring')).toMatchObject({ color: 'teal' });
    await app.ok('setPostLabelsAcrossBrands', { groups, add: [], remove: [pineHiring.id] });
    expect(namesOf(await app.ok('listLabels', { brand: ref(harbor) }), subjectOfPost(picked[0]!))).toEqual([
      'Launch',
    ]);

    // A note on Pine's post from the all-brands view is Pine's: read under Pine, not the active brand.
    const pineSubject = subjectOfPost(picked[1]!);
    const note = await app.ok('addNote', {
      subject: pineSubject,
      body: 'Check the trail map',
      brand: ref(pine),
    });
    expect(
      (await app.ok('listNotes', { subject: pineSubject, brand: ref(pine) })).map((n) => n.body),
    ).toEqual(['Check the trail map']);
    expect(await app.ok('listNotes', { subject: pineSubject })).toEqual([]);
    expect((await app.ok('listLabels', { brand: ref(pine) })).noteCounts[pineSubject]).toBe(1);
    expect(await app.ok('deleteNote', { id: note.id })).toEqual({ deleted: false });
    expect(await app.ok('deleteNote', { id: note.id, brand: ref(pine) })).toEqual({ deleted: true });

    // One brand on screen: another brand's labels are neither read nor changed.
    await app.ok('setAllBrands', { all: false });
    expect((await app.fails('listLabels', { brand: ref(pine) })).message).toMatch(/another brand/);
    const refused = await app.fails('setPostLabelsAcrossBrands', { groups, add: [sale.id], remove: [] });
    expect(refused.message).toMatch(/another brand/);
    const noteRefused = await app.fails('addNote', { subject: 'x', body: 'no', brand: ref(pine) });
    expect(noteRefused.message).toMatch(/another brand/);
    expect((await app.fails('listNotes', { subject: 'x', brand: ref(pine) })).message).toMatch(
      /another brand/,
    );
  });
});
