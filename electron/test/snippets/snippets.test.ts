import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { sentResults, startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * Snippets and signatures against the real local service and database file: snippets per brand
 * with unique names, and the account's signature on what reaches the service unless the post
 * leaves it off.
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

const draftWith = (text: string, signature?: boolean) =>
  app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [{ integrationId: acc.id, platform: acc.platform ?? 'x', settings: {}, blocks: null }],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
    ...(signature === undefined ? {} : { signature }),
  });

describe('snippets', () => {
  it('keeps snippets per brand, names unique whatever their case', async () => {
    const tags = await app.ok('saveSnippet', { name: 'tags', body: '#coffee #barista' });
    await app.ok('saveSnippet', { name: 'hours', body: 'Open 7–19.' });
    expect((await app.ok('listSnippets')).map((s) => s.name)).toEqual(['hours', 'tags']);
    expect((await app.fails('saveSnippet', { name: 'TAGS', body: 'x' })).message).toMatch(
      /already called \/tags/,
    );
    expect((await app.fails('saveSnippet', { name: 'two words', body: 'x' })).code).toBe('INVALID_ARGUMENT');
    await app.ok('saveSnippet', { id: tags.id, name: 'tags', body: '#coffee' });
    expect((await app.ok('listSnippets')).find((s) => s.id === tags.id)?.body).toBe('#coffee');
    expect(await app.ok('deleteSnippet', { id: tags.id })).toEqual({ deleted: true });
  });
});

describe('signatures', () => {
  it('appends the account’s signature to what is sent, unless the post leaves it off', async () => {
    await app.ok('setSignature', { integrationId: acc.id, body: '— Harbor Coffee' });
    expect(await app.ok('listSignatures')).toEqual([{ integrationId: acc.id, body: '— Harbor Coffee' }]);
    const signed = await draftWith(`Signed ${Date.now()}`);
    const plain = await draftWith(`Plain ${Date.now()}`, false);
    const [a] = sentResults(await app.ok('sendDraft', { draftId: signed.id, type: 'draft', wait: true }));
    const [b] = sentResults(await app.ok('sendDraft', { draftId: plain.id, type: 'draft', wait: true }));
    const api = svc.client();
    expect((await api.getPost(a?.postId ?? '')).value[0]?.content).toBe(
      `${signed.blocks[0]?.content}\n\n— Harbor Coffee`,
    );
    expect((await api.getPost(b?.postId ?? '')).value[0]?.content).toBe(plain.blocks[0]?.content);

    // Over the limit only with the signature: refused before sending, as the composer counts it.
    const long = await draftWith('x'.repeat(270));
    expect((await app.fails('sendDraft', { draftId: long.id, type: 'draft', wait: true })).code).toBe(
      'INVALID_ARGUMENT',
    );
    await app.ok('setSignature', { integrationId: acc.id, body: null });
    expect(await app.ok('listSignatures')).toEqual([]);
  });
});
