import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IPC_METHOD_NAMES, ipcMethods, type IpcMethodName } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/errors.js';
import { createAppServices, type AppServices } from '../app-services.js';
import { deepLinkIn, parseDeepLink } from '../desktop/deep-links.js';
import { MemorySecretStore } from '../secrets/memory-secret-store.js';
import { startTestService, type TestService } from './support/service.js';

/*
 * A bounded fuzz of the IPC gate with the app's real services behind it, connected to the real local
 * service: every contract method is fed generated garbage (values of every kind, the method's own
 * field names with wrong values, deep nesting, huge strings, prototype keys) and must answer
 * INVALID_ARGUMENT quickly, as a value; then main must still answer real calls. A second part feeds
 * inputs the schemas accept but that are hostile all the same (files that never end, nesting deep
 * enough to overflow a recursive serializer). Then: postdeck:// links, control characters
 * in every text field, and ids of another brand's objects.
 */

/**
 * A hang detector, not a speed limit: a read that never ends (a device, a pipe)
 * or a loop that never ends never answers, and anything that answers at all does so far within it,
 * however loaded the machine. How fast main answers is `npm run bench`'s business.
 */
const HANG_MS = 20_000;
const RUNS_PER_METHOD = Number(process.env.IPC_FUZZ_RUNS ?? 300);

let svc: TestService;
let app: AppServices;
let dir: string;

beforeAll(async () => {
  svc = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'postdeck-ipc-fuzz-'));
  app = await createAppServices({ dataDir: dir, secretStore: new MemorySecretStore(), apiTimeoutMs: 5_000 });
  const connected = await app.invoke('connectProfile', {
    baseUrl: svc.service.baseUrl,
    apiKey: svc.token('full-test'),
    brandId: svc.brandIds[0],
    storage: 'session',
  });
  if (!connected.ok) throw new Error(`could not connect: ${connected.error.message}`);
});

afterAll(async () => {
  await app?.close();
  await svc?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A file the user chose (as a dialog or a drop registers it): its token. */
async function chosen(path: string): Promise<string> {
  const result = await app.registerFile({ path });
  if (!result.ok) throw new Error(`could not register ${path}: ${result.error.message}`);
  return result.value.token;
}

/** A small PNG's bytes (the upload check sniffs them). */
function pngBytes(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}

/** `work`'s outcome, or a failure naming `what` when it has not settled within HANG_MS (a hang). */
async function noHang<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${HANG_MS} ms: a hang`)), HANG_MS);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Main's answer to `name`, which must come (see HANG_MS). */
const answer = (name: string, input: unknown): Promise<IpcResult<unknown>> =>
  noHang(name, app.invoke(name, input));

/** An object nested `depth` levels deep, built without recursion. */
function nested(depth: number, leaf: unknown = 1, array = false): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = array ? [value] : { a: value };
  return value;
}

/** The field names a method's input schema knows, so garbage also lands on the fields it reads. */
function fieldNames(schema: z.ZodType): string[] {
  let s: unknown = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
  return s instanceof z.ZodObject ? Object.keys(s.shape as Record<string, unknown>) : [];
}

const anything = fc.anything({
  maxDepth: 4,
  maxKeys: 6,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

const hostileValue = fc.oneof(
  anything,
  fc.constantFrom<unknown>(
    nested(20_000),
    nested(20_000, 1, true),
    'x'.repeat(5 * 1024 * 1024),
    'a.'.repeat(200_000),
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    Number.MAX_SAFE_INTEGER + 2,
    '\u0000',
    '\uD800',
    '../../../../etc/passwd',
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: { prototype: { polluted: true } } },
  ),
);

function garbageFor(name: IpcMethodName): fc.Arbitrary<unknown> {
  const fields = fieldNames(ipcMethods[name].input);
  const shaped =
    fields.length === 0
      ? anything
      : fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] });
  return fc.oneof(hostileValue, shaped);
}

describe('the IPC gate, fed generated garbage', () => {
  it('answers every method INVALID_ARGUMENT, never throws nor hangs, and main keeps answering', async () => {
    for (const name of IPC_METHOD_NAMES) {
      const schema = ipcMethods[name].input;
      await fc.assert(
        fc.asyncProperty(garbageFor(name), async (input) => {
          fc.pre(!schema.safeParse(input).success);
          const result = await answer(name, input);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.code).toBe('INVALID_ARGUMENT');
          // Nothing the process holds was polluted through a prototype key.
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns: RUNS_PER_METHOD, seed: 15, endOnFailure: true },
      );
    }
    const profiles = await app.invoke('listProfiles', undefined);
    expect(profiles.ok).toBe(true);
    const now = Date.now();
    const posts = await app.invoke('listPosts', {
      start: new Date(now - 86_400_000).toISOString(),
      end: new Date(now + 86_400_000).toISOString(),
    });
    expect(posts.ok).toBe(true);
  }, 240_000);

  it('refuses an unknown method name of any kind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), anything, async (name, input) => {
        fc.pre(!(IPC_METHOD_NAMES as string[]).includes(name));
        const result = await answer(name, input);
        expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
      }),
      { numRuns: 200, seed: 15 },
    );
  });
});

describe('inputs the schemas accept that are hostile all the same', () => {
  const draft = (settings: Record<string, unknown>) => ({
    brandId: svc.brandIds[0] ?? null,
    blocks: [{ content: 'Hello', media: [] }],
    targets: [
      { integrationId: svc.integrations(0)[0]?.id ?? 'int_x', platform: 'x', settings, blocks: null },
    ],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
  });

  it('refuses settings nested too deep to store, with a sentence, and keeps answering', async () => {
    const result = await answer('saveDraft', draft({ __type: 'x', deep: nested(50_000) }));
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect((await app.invoke('listDrafts', undefined)).ok).toBe(true);
  });

  it("refuses evergreen settings nested deeper than a draft's may be", async () => {
    const result = await answer('saveEvergreenItem', {
      listId: 'list_x',
      versions: ['Hello'],
      media: [],
      targets: [{ integrationId: 'int_x', platform: 'x', settings: { __type: 'x', deep: nested(50_000) } }],
      cooldownDays: 7,
      endRule: { kind: 'never' },
      skipDates: [],
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    if (!result.ok) expect(result.error.message).toMatch(/nest/);
  });

  it('refuses more comment delays than a draft can have blocks', async () => {
    const input = { ...draft({ __type: 'x' }), commentDelays: Array.from({ length: 200_000 }, () => 5) };
    const result = await answer('saveDraft', input);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('does not read a device or a pipe named like an import file', async () => {
    const zero = join(dir, 'endless.csv');
    await symlink('/dev/zero', zero);
    const fifo = join(dir, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    for (const path of [zero, fifo, dir + '/']) {
      // Even chosen by the user (a drop), main refuses to hand out a token for it.
      const result = await noHang(`registerFile ${path}`, app.registerFile({ path }));
      expect(result, path).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
  });

  it('answers a JSON import whose cells nest too deep with a sentence, not an internal error', async () => {
    const path = join(dir, 'deep.json');
    const deep = `[{"text":"Hi","extra":${'['.repeat(200_000)}${']'.repeat(200_000)}}]`;
    await writeFile(path, deep);
    const result = await answer('previewImport', { file: await chosen(path) });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('does not upload a device named like a picture', async () => {
    const zero = join(dir, 'endless.png');
    await symlink('/dev/zero', zero);
    const result = await noHang('registerFile of /dev/zero', app.registerFile({ path: zero }));
    expect(result.ok).toBe(false);
  });
});

describe('file tokens: the window never names a file', () => {
  const csv = () => join(dir, 'tokens.csv');
  const png = () => join(dir, 'tokens.png');
  beforeAll(async () => {
    await writeFile(csv(), 'text,accounts,date\nHello,x,queue\n');
    await writeFile(png(), pngBytes());
  });
  const forged = () => `file_${randomBytes(32).toString('base64url')}`;
  const media = (localPath: string) => ({
    brandId: svc.brandIds[0] ?? null,
    blocks: [
      {
        content: 'With a file',
        media: [{ localPath, mediaId: null, path: null, thumbnail: null, name: 'a.png', kind: 'image' }],
      },
    ],
    targets: [],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
  });

  it('refuses a path string where a token goes, in every method that takes a file', async () => {
    for (const [name, input] of [
      ['previewImport', { file: csv() }],
      ['previewImport', { path: csv() }],
      ['uploadMedia', { file: png() }],
      ['uploadMedia', { path: png() }],
      ['saveDraft', media(png())],
      ['saveDraft', media('../../../../etc/passwd')],
    ] as const) {
      const result = await answer(name, input);
      expect(result, `${name} ${JSON.stringify(input).slice(0, 80)}`).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
    }
  });

  it('refuses a forged token', async () => {
    for (const [name, input] of [
      ['previewImport', { file: forged() }],
      ['uploadMedia', { file: forged() }],
      ['saveDraft', media(forged())],
    ] as const) {
      const result = await answer(name, input);
      expect(result, name).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('reads an import token once: a reused token is refused', async () => {
    const file = await chosen(csv());
    expect((await app.invoke('previewImport', { file })).ok).toBe(true);
    expect(await app.invoke('previewImport', { file })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it("refuses another brand's token", async () => {
    const [first, second] = svc.brandIds;
    if (!first || !second) throw new Error('the sandbox needs two brands');
    const importToken = await chosen(csv());
    const mediaToken = await chosen(png());
    expect((await app.invoke('switchBrand', { brandId: second })).ok).toBe(true);
    try {
      for (const [name, input] of [
        ['previewImport', { file: importToken }],
        ['uploadMedia', { file: mediaToken }],
        ['saveDraft', { ...media(mediaToken), brandId: second }],
      ] as const) {
        const result = await answer(name, input);
        expect(result, name).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      }
    } finally {
      await app.invoke('switchBrand', { brandId: first });
    }
    // Back on its own brand the token still names the file.
    expect((await app.invoke('previewImport', { file: importToken })).ok).toBe(true);
  });

  it("keeps a draft's file in main: the window reads back a token, never the path", async () => {
    const file = await chosen(png());
    const saved = await app.invoke('saveDraft', media(file));
    if (!saved.ok) throw new Error(saved.error.message);
    const draft = saved.value as { id: string; blocks: { media: { localPath: string }[] }[] };
    expect(draft.blocks[0]?.media[0]?.localPath).toMatch(/^file_/);
    const read = await app.invoke('getDraft', { id: draft.id });
    expect(JSON.stringify(read)).not.toContain(dir);
    expect(JSON.stringify(await app.invoke('listDrafts', undefined))).not.toContain(dir);
    await app.invoke('deleteDraft', { id: draft.id });
  });

  it('registers only absolute paths of regular files', async () => {
    for (const input of [
      { path: 'tokens.csv' },
      { path: '' },
      { path: 42 },
      'x',
      null,
      { path: csv(), extra: 1 },
    ]) {
      expect((await app.registerFile(input)).ok, JSON.stringify(input)).toBe(false);
    }
  });
});

describe('postdeck:// links, fuzzed', () => {
  it('never throw: each is a request the window may show, or ignored', () => {
    const escape = fc
      .tuple(fc.constant('%'), fc.array(fc.constantFrom(...'0123456789aAfFzZ%'.split('')), { maxLength: 3 }))
      .map(([p, h]) => p + h.join(''));
    const link = fc
      .tuple(
        fc.constantFrom(
          'postdeck://post/',
          'postdeck://compose?text=',
          'postdeck:',
          'PostDeck://',
          'postdeck://x/',
        ),
        fc.array(fc.oneof(escape, fc.string({ unit: 'binary', maxLength: 5 })), { maxLength: 10 }),
      )
      .map(([head, parts]) => head + parts.join(''));
    let threw = 0;
    fc.assert(
      fc.property(fc.oneof(link, fc.string({ unit: 'binary' }), anything), (l) => {
        try {
          parseDeepLink(l);
          if (typeof l === 'string') deepLinkIn(['postdeck', l]);
        } catch {
          threw++;
        }
      }),
      { numRuns: 3_000, seed: 25 },
    );
    expect(threw).toBe(0);
  });
});

// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Every string (and key) in a value. */
function textsIn(value: unknown): string[] {
  const texts: string[] = [];
  JSON.stringify(value, (key, v: unknown) => {
    texts.push(key);
    if (typeof v === 'string') texts.push(v);
    return v;
  });
  return texts;
}

describe('control characters in every text field', () => {
  it('are stripped before anything is stored: no call answers INTERNAL, and every list reads back clean', async () => {
    const control = fc.constantFrom(
      ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
      '\u007F',
      '\u0085',
      '\u009F',
    );
    const text = fc
      .array(fc.oneof(control, fc.string({ minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join(''));
    const integrationId = svc.integrations(0).find((i) => !i.disconnected)?.id ?? 'int_x';
    const calls: [IpcMethodName, (t: string) => unknown][] = [
      ['saveSnippet', (t) => ({ name: `s${t.replace(/[^A-Za-z0-9]/g, '').slice(0, 30)}`, body: t })],
      ['setSignature', (t) => ({ integrationId, body: t })],
      ['saveEvergreenList', (t) => ({ name: t })],
      [
        'saveDraft',
        (t) => ({
          brandId: null,
          blocks: [{ content: t, media: [] }],
          targets: [{ integrationId, platform: 'x', settings: { __type: 'x', [t]: t }, blocks: null }],
          commentDelays: [],
          shortLink: false,
          date: null,
          replacesGroup: null,
        }),
      ],
      ['searchPosts', (t) => ({ query: t, brandId: null, limit: 5 })],
      ['getDraft', (t) => ({ id: t })],
      ['setBrandTimezone', (t) => ({ brandId: svc.brandIds[0] ?? '', timezone: t })],
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: calls.length - 1 }), text, async (i, t) => {
        const [name, input] = calls[i]!;
        const result = await answer(name, input(t));
        if (!result.ok) expect(result.error.code, `${name}: ${result.error.message}`).not.toBe('INTERNAL');
        else expect(textsIn(result.value).filter((x) => CONTROL.test(x))).toEqual([]);
      }),
      { numRuns: 400, seed: 25 },
    );
    for (const list of ['listSnippets', 'listSignatures', 'listEvergreen', 'listDrafts'] as const) {
      const result = await app.invoke(list, undefined);
      expect(result.ok, list).toBe(true);
      if (result.ok)
        expect(
          textsIn(result.value).filter((x) => CONTROL.test(x)),
          list,
        ).toEqual([]);
    }
  }, 120_000);
});

describe("ids of another brand's objects", () => {
  it('are refused as not found (never INTERNAL, never changed), whatever method names them', async () => {
    const [one, two] = svc.brandIds;
    if (!one || !two) throw new Error('the sandbox has fewer than two brands');
    expect((await app.invoke('switchBrand', { brandId: two })).ok).toBe(true);
    const saved = await app.invoke('saveDraft', {
      brandId: null,
      blocks: [{ content: 'Brand two', media: [] }],
      targets: [],
      commentDelays: [],
      shortLink: false,
      date: null,
      replacesGroup: null,
    });
    const snippet = await app.invoke('saveSnippet', { name: 'brandtwo', body: 'Brand two' });
    if (!saved.ok || !snippet.ok) throw new Error('could not make brand 2 objects');
    const draftId = (saved.value as { id: string }).id;
    const snippetId = (snippet.value as { id: string }).id;
    expect((await app.invoke('switchBrand', { brandId: one })).ok).toBe(true);

    const id = fc.oneof(fc.constantFrom(draftId, snippetId), fc.string({ minLength: 1, maxLength: 40 }));
    const named: [IpcMethodName, (id: string) => unknown][] = [
      ['getDraft', (x) => ({ id: x })],
      ['deleteDraft', (x) => ({ id: x })],
      [
        'saveDraft',
        (x) => ({
          id: x,
          brandId: null,
          blocks: [{ content: 'Mine', media: [] }],
          targets: [],
          commentDelays: [],
          shortLink: false,
          date: null,
          replacesGroup: null,
        }),
      ],
      ['sendDraft', (x) => ({ draftId: x, type: 'draft' })],
      ['makeEvergreen', (x) => ({ draftId: x })],
      ['saveSnippet', (x) => ({ id: x, name: 'mine', body: 'Mine' })],
      ['discardOutbox', (x) => ({ id: x })],
      [
        'reschedulePost',
        (x) => ({ id: `local:${x}`, date: new Date(Date.now() + 86_400_000).toISOString() }),
      ],
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: named.length - 1 }), id, async (i, x) => {
        const [name, input] = named[i]!;
        const result = await answer(name, input(x));
        if (x === draftId || x === snippetId) {
          const draftMethods: IpcMethodName[] = [
            'getDraft',
            'deleteDraft',
            'saveDraft',
            'sendDraft',
            'makeEvergreen',
          ];
          const ownKind =
            name === 'saveSnippet' ? x === snippetId : draftMethods.includes(name) && x === draftId;
          if (ownKind)
            expect(result, `${name} ${x}`).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
        }
        if (!result.ok) expect(result.error.code, `${name}: ${result.error.message}`).not.toBe('INTERNAL');
      }),
      { numRuns: 300, seed: 25 },
    );

    expect((await app.invoke('switchBrand', { brandId: two })).ok).toBe(true);
    expect(await app.invoke('getDraft', { id: draftId })).toMatchObject({
      ok: true,
      value: { blocks: [{ content: 'Brand two' }] },
    });
    const snippets = await app.invoke('listSnippets', undefined);
    expect(snippets).toMatchObject({ ok: true, value: [{ id: snippetId, body: 'Brand two' }] });
    expect((await app.invoke('switchBrand', { brandId: one })).ok).toBe(true);
  }, 120_000);
});
