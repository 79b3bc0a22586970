import { join } from 'node:path';
import fc from 'fast-check';
import Libsql from 'libsql';
import { describe, expect, it } from 'vitest';
import { stripControlChars, withoutControlChars } from '../ipc/control-chars.js';
import { setLogSink } from '../log.js';
import { connectedSuite } from './support/app.js';
import { sentResults } from './support/service.js';

/*
 * One NUL never breaks a brand. libsql cuts bound text at a NUL, so a text holding one was stored
 * cut (a signature "\u0000 sig" stored empty) and the row no longer fit its schema when read back:
 * every send of the brand, the snippets and the evergreen screens answered INTERNAL for good.
 * Against the real local service and a real database file.
 */

// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

describe('withoutControlChars', () => {
  it('strips every control character but tab and line ends, from every string and key, at any depth', () => {
    const controls = fc.constantFrom(
      ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
      '\u007F',
      '\u0085',
      '\u009F',
    );
    const text = fc
      .array(fc.oneof(controls, fc.string({ maxLength: 3 })), { maxLength: 8 })
      .map((parts) => parts.join(''));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(text, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (input) => {
        const texts: string[] = [];
        JSON.stringify(withoutControlChars(input), (key, v: unknown) => {
          texts.push(key);
          if (typeof v === 'string') texts.push(v);
          return v;
        });
        for (const t of texts) expect(CONTROL.test(t), JSON.stringify(t)).toBe(false);
      }),
      { numRuns: 2_000, seed: 25 },
    );
    expect(stripControlChars('a\tb\nc\r\nd\u0000e\u001bf\u0085')).toBe('a\tb\nc\r\ndef');
  });

  it('copes with deep nesting, cycles and prototype keys', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(() => withoutControlChars(deep)).not.toThrow();
    const cyclic: Record<string, unknown> = { name: 'a\u0000' };
    cyclic.self = cyclic;
    const out = withoutControlChars(cyclic) as Record<string, unknown>;
    expect(out.name).toBe('a');
    expect(out.self).toBe(out);
    const polluting = withoutControlChars(JSON.parse('{"__proto__": {"polluted": true}}')) as object;
    expect(Object.getPrototypeOf(polluting)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const date = new Date();
    expect(withoutControlChars(date)).toBe(date);
  });
});

const suite = connectedSuite('nul');

const draftWith = (text: string) =>
  suite.app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [
      { integrationId: suite.acc.id, platform: suite.acc.platform ?? 'x', settings: {}, blocks: null },
    ],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
  });

/** Sends a draft now and answers the text the service got. */
async function sentText(text: string): Promise<string | undefined> {
  const draft = await draftWith(text);
  const [made] = sentResults(
    await suite.app.ok('sendDraft', { draftId: draft.id, type: 'draft', wait: true }),
  );
  return (await suite.svc.client().getPost(made?.postId ?? '')).value[0]?.content;
}

describe('a NUL in a text from the window', () => {
  it('is stripped, so the signature, the snippet and the evergreen list stay usable', async () => {
    expect(await suite.app.ok('setSignature', { integrationId: suite.acc.id, body: '\u0000 sig' })).toEqual([
      { integrationId: suite.acc.id, body: 'sig' },
    ]);
    const text = `Hello\u0000 there\u0007 ${Date.now()}`;
    expect(await sentText(text)).toBe(`${stripControlChars(text)}\n\nsig`);

    const snippet = await suite.app.ok('saveSnippet', { name: 'nul', body: '\u0000#coffee\ttime\nnow' });
    expect(snippet.body).toBe('#coffee\ttime\nnow');
    expect((await suite.app.ok('listSnippets')).map((s) => s.body)).toContain('#coffee\ttime\nnow');

    const list = await suite.app.ok('saveEvergreenList', { name: '\u0000Evergreen\u001b' });
    expect(list.name).toBe('Evergreen');
    expect((await suite.app.ok('listEvergreen')).lists.map((l) => l.name)).toContain('Evergreen');
  });
});

describe('a stored row that does not fit its schema', () => {
  it('is skipped and logged, never fatal to a list or a send', async () => {
    await suite.app.ok('setSignature', { integrationId: suite.acc.id, body: 'kept' });
    await suite.app.ok('saveSnippet', { name: 'broken', body: 'will be emptied' });
    await suite.app.ok('saveEvergreenList', { name: 'Will be emptied' });
    // What an older version stored for a text that began with a NUL: nothing.
    const raw = new Libsql(join(suite.dir, 'postdeck.db'), { timeout: 5_000 });
    try {
      raw.prepare("UPDATE signatures SET body = ''").run();
      raw.prepare("UPDATE snippets SET body = '' WHERE name = 'broken'").run();
      raw.prepare("UPDATE evergreen_lists SET name = '' WHERE name = 'Will be emptied'").run();
    } finally {
      raw.close();
    }
    const lines: string[] = [];
    const restore = setLogSink((_level, line) => lines.push(line), 'warn');
    try {
      expect(await suite.app.ok('listSignatures')).toEqual([]);
      const text = `After ${Date.now()}`;
      expect(await sentText(text)).toBe(text);
      const snippets = await suite.app.ok('listSnippets');
      expect(snippets.map((s) => s.name)).not.toContain('broken');
      expect(snippets.length).toBeGreaterThan(0);
      const evergreen = await suite.app.ok('listEvergreen');
      expect(evergreen.lists.map((l) => l.name)).toContain('Evergreen');
      expect(evergreen.lists.map((l) => l.name)).not.toContain('');
    } finally {
      restore();
    }
    expect(lines.some((l) => /skipped a corrupt row in signatures/.test(l))).toBe(true);
    expect(lines.some((l) => /skipped a corrupt row in snippets/.test(l))).toBe(true);
    expect(lines.some((l) => /skipped a corrupt row in evergreen_lists/.test(l))).toBe(true);
  });
});
