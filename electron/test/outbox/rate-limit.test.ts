import { afterEach, describe, expect, it } from 'vitest';
import { harness, inMinutes, until, type Harness } from '../support/sync-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('outbox under rate limiting', () => {
  it('confirms every queued create exactly once while the service answers 429', async () => {
    h = await harness({ service: { rateLimit: { count: 3, seconds: 1 } } });
    const tag = `rate-${Date.now()}`;
    const count = 9;
    for (let i = 0; i < count; i++) {
      await h.posts.sendDraft(h.brand, {
        draftId: h.draft(`Post ${i} ${tag}`),
        type: 'schedule',
        date: inMinutes(60 + i),
      });
    }
    let limited = false;
    await until(
      'all confirmed',
      () => {
        const ops = h!.engine.listOutbox();
        limited ||= ops.some((o) => /limit/i.test(o.lastError ?? ''));
        return ops.length === 0;
      },
      30_000,
    );
    expect(limited).toBe(true);

    const contents = (await h.listOnServer()).map((p) => p.content ?? '').filter((c) => c.includes(tag));
    expect(contents.sort()).toEqual(Array.from({ length: count }, (_, i) => `Post ${i} ${tag}`).sort());
  });
});
