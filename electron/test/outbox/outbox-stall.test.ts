import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { join } from 'node:path';
import type { Fault, FaultProxy } from '../../../test/support/fault-proxy.js';
import { OutboxRepo, type OutboxRecord } from '../../outbox/outbox-repo.js';
import { inMinutes, proxiedHarness, until, type Harness } from '../support/sync-harness.js';

/*
 * A request that hangs stops holding its outbox slot after `stallMs` (a hang costs
 * one slot, not the queue), while it runs out the client's timeout; nothing of it is sent again
 * before then, and the order of operations sharing a key (an upload before the post that uses it,
 * a group's move before its delete) holds through it.
 */

let h: Harness | null = null;
let proxy: FaultProxy | null = null;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  h = null;
  proxy = null;
});

const TIMEOUT_MS = 4_000;

/** The engine talks through a fault proxy (no random faults: each test says which request hangs). */
const stallHarness = (slots: number) =>
  proxiedHarness({ seed: 30, timeoutMs: TIMEOUT_MS, retries: 0, engine: { slots, stallMs: 150 } });

/** Hangs the first `n` requests that `matches`; forwards everything else. */
function hangFirst(p: FaultProxy, n: number, matches: (req: { method: string; url: string }) => boolean) {
  let hung = 0;
  p.override((req): Fault | null => {
    if (hung >= n || !matches(req)) return null;
    hung++;
    return 'hang';
  });
}

const isCreate = (req: { method: string; url: string }) =>
  req.method === 'POST' && /\/posts(\?|$)/.test(req.url);
const queued = (x: Harness) => new OutboxRepo(x.db).list();
const textOf = (op: OutboxRecord) =>
  op.kind === 'create' ? (op.payload.targets[0]?.blocks[0]?.content ?? '') : '';

async function copiesOnServer(x: Harness, tag: string): Promise<Map<string, number>> {
  const copies = new Map<string, number>();
  for (const p of await x.listOnServer())
    if (p.content?.includes(tag)) copies.set(p.content, (copies.get(p.content) ?? 0) + 1);
  return copies;
}

describe('a hung request lends its outbox slot', () => {
  it('the next create is confirmed while the hung one runs out its timeout, and each reaches the service once', async () => {
    ({ h, proxy } = await stallHarness(1));
    const tag = `stall-${Date.now()}`;
    hangFirst(proxy, 1, isCreate);
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`A ${tag}`),
      type: 'schedule',
      date: inMinutes(600),
    });
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`B ${tag}`),
      type: 'schedule',
      date: inMinutes(601),
    });

    // One slot: before, B waited for A's timeout (4 s); now A's slot is lent after 150 ms.
    await until('B confirmed', () => !queued(h!).some((op) => textOf(op) === `B ${tag}`), 3_000);
    const a = queued(h).find((op) => textOf(op) === `A ${tag}`);
    // A is still on its first attempt, in flight: it was not sent a second time meanwhile.
    expect(a).toMatchObject({ status: 'sending', attempts: 1 });

    await until('A confirmed', () => queued(h!).length === 0, 10_000);
    expect(Object.fromEntries(await copiesOnServer(h, tag))).toEqual({ [`A ${tag}`]: 1, [`B ${tag}`]: 1 });
    // A's hung request was never forwarded; after its timeout it was looked for, then sent once.
    expect(proxy.log.filter((r) => isCreate(r) && r.fault === null)).toHaveLength(2);
  });

  it('lends at most as many slots as it has: a third hang waits for a timeout', async () => {
    ({ h, proxy } = await stallHarness(1));
    const tag = `stall-bound-${Date.now()}`;
    hangFirst(proxy, 3, isCreate);
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, queued(h!).filter((op) => op.status === 'sending').length);
    }, 20);
    try {
      for (let i = 0; i < 4; i++)
        await h.posts.sendDraft(h.brand, {
          draftId: h.draft(`${i} ${tag}`),
          type: 'schedule',
          date: inMinutes(600 + i),
        });
      // Two hang (one working slot and one lent); the third create waits for the first timeout.
      await until(
        'two creates hanging',
        () => proxy!.log.filter((r) => r.fault === 'hang').length === 2,
        2_000,
      );
      await new Promise((r) => setTimeout(r, 800));
      expect(proxy.log.filter((r) => isCreate(r))).toHaveLength(2);
      await until('all confirmed', () => queued(h!).length === 0, 20_000);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBe(2);
    expect([...(await copiesOnServer(h, tag)).values()]).toEqual([1, 1, 1, 1]);
  });

  it("a hung upload still goes before the thread that uses it, and the thread's blocks stay in order", async () => {
    ({ h, proxy } = await stallHarness(4));
    const path = join(h.dataDir, 'photo.png');
    await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toFile(path);
    hangFirst(proxy, 1, (req) => req.method === 'POST' && req.url.includes('/media/upload'));
    const tag = `stall-upload-${Date.now()}`;
    const media = [
      {
        localPath: path,
        mediaId: null,
        path: null,
        thumbnail: null,
        name: 'photo.png',
        kind: 'image' as const,
      },
    ];
    const draftId = h.draft(`First ${tag}`, {
      blocks: [
        { content: `First ${tag}`, media },
        { content: `Second ${tag}`, media: [] },
        { content: `Third ${tag}`, media: [] },
      ],
    });
    await h.posts.sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(600) });
    expect(queued(h).map((o) => o.kind)).toEqual(['upload', 'create']);

    await until('the upload hangs', () => proxy!.log.some((r) => r.fault === 'hang'), 2_000);
    // Its slot is lent, but the create shares the draft's key: it waits for the upload.
    await new Promise((r) => setTimeout(r, 600));
    expect(proxy.log.filter(isCreate)).toHaveLength(0);

    await until('both confirmed', () => queued(h!).length === 0, 15_000);
    const [post] = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    const detail = await h.api().getPost(post!.id);
    expect(detail.value.map((b) => b.content)).toEqual([`First ${tag}`, `Second ${tag}`, `Third ${tag}`]);
    expect(detail.value[0]?.image?.map((i) => i.id)).toEqual(h.engine.listMedia(h.brand).map((m) => m.id));
  });

  it("a group's delete waits behind its hung move, and goes after it", async () => {
    ({ h, proxy } = await stallHarness(4));
    const tag = `stall-group-${Date.now()}`;
    const [made] = await h.api().createPosts({
      type: 'schedule',
      date: inMinutes(300),
      shortLink: false,
      posts: [
        {
          integration: { id: h.integrationId },
          value: [{ content: `Moved ${tag}` }],
          settings: { __type: 'x' },
        },
      ],
    });
    await h.fresh({ start: inMinutes(-60), end: inMinutes(60 * 24) });
    hangFirst(proxy, 1, (req) => req.url.includes('/date'));
    h.posts.reschedulePost(h.brand, { id: made!.postId, date: inMinutes(400) });
    await until('the move hangs', () => proxy!.log.some((r) => r.fault === 'hang'), 2_000);
    h.posts.deleteGroup(h.brand, { group: made!.group });
    await new Promise((r) => setTimeout(r, 600));
    // The move is in flight (stalled), so the delete of its group has not gone yet.
    expect(proxy.log.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await until('both done', () => queued(h!).length === 0, 15_000);
    const order = proxy.log.filter((r) => r.fault === null && r.method !== 'GET').map((r) => r.method);
    expect(order).toEqual(['PUT', 'DELETE']);
    expect((await h.listOnServer()).some((p) => p.content?.includes(tag))).toBe(false);
  });
});
