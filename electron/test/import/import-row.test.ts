import { describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { checkRow, type RowContext } from '../../import/import-row.js';
import { watchTwitterText } from '../../../test/support/counting.js';

const account = (
  id: string,
  platform: IntegrationView['platform'],
  name: string,
  disconnected = false,
): IntegrationView => ({
  id,
  platform,
  name,
  picture: null,
  disconnected,
  source: 'learned',
});

const ctx: RowContext = {
  integrations: [
    account('x1', 'x', 'Harbor Coffee'),
    account('yt1', 'youtube', 'Harbor Coffee TV'),
    account('tt1', 'tiktok', 'harborcoffee'),
    account('bs1', 'bluesky', 'harborcoffee'),
    account('fb2', 'facebook', 'Old Page', true),
  ],
  timezone: 'Europe/Paris',
  now: Date.parse('2026-11-22T00:00:00Z'),
  imported: () => false,
  hasSlots: (id) => id !== 'bs1',
};

const fields = (cells: Record<string, string>) => checkRow(0, cells, ctx).view.problems.map((p) => p.field);

describe('checkRow', () => {
  it('reads a good row: account by name, local time in the brand zone, thread blocks', () => {
    const row = checkRow(
      3,
      { text: 'First\n---\nSecond', text_2: 'Third', accounts: 'harbor coffee', date: '2026-12-01 09:30' },
      ctx,
    );
    expect(row.view.problems).toEqual([]);
    expect(row.view.date).toBe('2026-12-01T08:30:00.000Z');
    expect(row.view.accounts.map((a) => a.id)).toEqual(['x1']);
    expect(row.blocks.map((b) => b.content)).toEqual(['First', 'Second', 'Third']);
    expect(row.view.queue).toBe(false);
  });

  it('accepts ISO times with an offset, a separate time column, and "queue"', () => {
    expect(checkRow(0, { text: 'a', accounts: 'x1', date: '2026-12-01T09:30:00+01:00' }, ctx).view.date).toBe(
      '2026-12-01T08:30:00.000Z',
    );
    expect(checkRow(0, { text: 'a', accounts: 'x1', date: '2026-12-01', time: '10:00' }, ctx).view.date).toBe(
      '2026-12-01T09:00:00.000Z',
    );
    const queued = checkRow(0, { text: 'a', accounts: 'x1', date: 'Queue' }, ctx).view;
    expect(queued).toMatchObject({ queue: true, date: null, problems: [] });
  });

  it('puts every problem on its column', () => {
    expect(fields({ text: 'a', accounts: 'nobody', date: '2026-12-01 09:30' })).toEqual(['accounts']);
    expect(fields({ text: 'a', accounts: 'harborcoffee', date: 'queue' })).toEqual(['accounts']); // two accounts share it
    expect(fields({ text: 'a', accounts: 'fb2', date: 'queue' })).toEqual(['accounts']);
    expect(fields({ text: 'a', accounts: 'x1', date: '2020-01-01 09:00' })).toEqual(['date']);
    expect(fields({ text: 'a', accounts: 'x1', date: '31/12/2026' })).toEqual(['date']);
    expect(fields({ text: 'a', accounts: 'x1', date: '2026-02-30 09:00' })).toEqual(['date']);
    expect(fields({ text: 'a', accounts: 'x1', date: '' })).toEqual(['date']);
    expect(fields({ text: 'a', accounts: 'bs1', date: 'queue' })).toEqual(['date']); // no posting slots
    expect(fields({ text: 'x'.repeat(281), accounts: 'x1', date: 'queue' })).toEqual(['text']);
    expect(fields({ text: 'a', accounts: 'x1', date: 'queue', media: 'not a url' })).toEqual(['media']);
    expect(fields({ text: 'a', accounts: 'x1', date: 'queue', settings: '{oops' })).toEqual(['settings']);
  });

  it('refuses an X text too long to be a post at once, as the service does', () => {
    // "a." repeated is quadratic for twitter-text: a crafted CSV cell froze the main process.
    // Refused by its length before twitter-text sees any of it (its speed: bench/text.bench.ts).
    const parsed = watchTwitterText();
    for (const text of ['a.'.repeat(24_600), 'a.'.repeat(32_000)]) {
      const problems = checkRow(0, { text, accounts: 'x1', date: 'queue' }, ctx).view.problems;
      expect(parsed.lengths(), `${text.length} units`).toEqual([]);
      expect(problems).toEqual([{ field: 'text', message: expect.stringContaining('too long to count') }]);
    }
  });

  it('checks per-platform settings from settings.<platform>.<field> columns and JSON, media kinds from URLs', () => {
    const missing = fields({
      text: 'Launch',
      accounts: 'yt1',
      date: 'queue',
      media: 'https://cdn.example.com/a.mp4',
    });
    expect(missing).toEqual(expect.arrayContaining(['settings.youtube.title', 'settings.youtube.type']));
    const good = checkRow(
      0,
      {
        text: 'Launch',
        accounts: 'yt1',
        date: 'queue',
        media: 'https://cdn.example.com/a.mp4',
        'settings.youtube.title': 'Our launch',
        settings: '{"youtube": {"type": "public"}}',
      },
      ctx,
    );
    expect(good.view.problems).toEqual([]);
    expect(good.targets[0]?.settings).toMatchObject({
      __type: 'youtube',
      title: 'Our launch',
      type: 'public',
    });
    expect(good.blocks[0]?.media[0]).toMatchObject({ kind: 'video', path: 'https://cdn.example.com/a.mp4' });
    // An image where YouTube needs a video.
    const image = fields({
      text: 'L',
      accounts: 'yt1',
      date: 'queue',
      media: 'https://cdn.example.com/a.png',
      'settings.youtube.title': 'Title',
      'settings.youtube.type': 'public',
    });
    expect(image).toEqual(['media']);
    // Booleans as text for TikTok.
    const tiktok = checkRow(
      0,
      {
        text: 'Clip',
        accounts: 'tt1',
        date: 'queue',
        media: 'https://cdn.example.com/c.mov',
        settings: JSON.stringify({
          tiktok: {
            privacy_level: 'SELF_ONLY',
            autoAddMusic: 'no',
            content_posting_method: 'UPLOAD',
            brand_content_toggle: false,
            brand_organic_toggle: false,
          },
        }),
        'settings.tiktok.duet': 'false',
        'settings.tiktok.stitch': 'true',
        'settings.tiktok.comment': 'true',
      },
      ctx,
    );
    expect(tiktok.view.problems).toEqual([]);
  });

  it('gives the same fingerprint to the same accounts, time and text, in any account order', () => {
    const two = [account('a', 'x', 'A'), account('b', 'bluesky', 'B')];
    const c = { ...ctx, integrations: two };
    const one = checkRow(0, { text: 'Hi', accounts: 'a;b', date: '2026-12-01 09:30' }, c).fingerprint;
    expect(checkRow(9, { text: 'Hi ', accounts: 'b; a', date: '2026-12-01 09:30' }, c).fingerprint).toBe(one);
    expect(checkRow(0, { text: 'Hi', accounts: 'a;b', date: '2026-12-01 09:31' }, c).fingerprint).not.toBe(
      one,
    );
    expect(checkRow(0, { text: 'Hi!', accounts: 'a;b', date: '2026-12-01 09:30' }, c).fingerprint).not.toBe(
      one,
    );
  });

  it('finds an exported file’s accounts by the names beside their ids when the ids are another service’s', () => {
    const row = checkRow(
      0,
      {
        text: 'a',
        accounts: 'int_old1;int_old2',
        account_names: 'Harbor Coffee;Harbor Coffee TV',
        date: '2026-12-01 09:30',
      },
      ctx,
    ).view;
    expect(row.accounts.map((a) => a.id)).toEqual(['x1', 'yt1']);
    // A name that is not unique does not guess.
    expect(
      fields({ text: 'a', accounts: 'int_old3', account_names: 'harborcoffee', date: '2026-12-01 09:30' }),
    ).toContain('accounts');
  });

  it('finds a row already there (past, or on a disconnected account) and shows it at its time', () => {
    const seen: [readonly string[], string, readonly string[]][] = [];
    const present: RowContext['present'] = (ids, date, texts) => {
      seen.push([ids, date, texts]);
      return true;
    };
    const row = checkRow(
      0,
      { text: 'Old\n---\nThread', accounts: 'fb2;x1', date: '2026-11-01 09:30' },
      { ...ctx, present },
    );
    expect(seen).toEqual([[['fb2', 'x1'], '2026-11-01T08:30:00.000Z', ['Old', 'Thread']]]);
    expect(row.present).toBe(true);
    expect(row.view).toMatchObject({ alreadyImported: true, date: '2026-11-01T08:30:00.000Z' });
  });
});
