import { afterEach, describe, expect, it } from 'vitest';
import { harness, until, type Harness } from '../support/sync-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** One service minute, in milliseconds, so a comment's delay passes in a test's time. */
const MINUTE_MS = 200;

describe('first comment against the local service', () => {
  it('is sent as the second block, after its post by its delay, and only to the accounts that take one', async () => {
    h = await harness({ service: { minuteMs: MINUTE_MS, tickMs: 50 } });
    const integrations = h.service!.sandbox.organizations[0]!.brands[0]!.integrations;
    const linkedin = integrations.find((i) => i.platform === 'linkedin' && !i.disconnected)!;
    const tag = `first-comment-${Date.now()}`;
    const draftId = h.draft(`Autumn menu ${tag}`, {
      targets: [
        { integrationId: linkedin.id, platform: 'linkedin', settings: {}, blocks: null },
        { integrationId: h.integrationId, platform: 'x', settings: {}, blocks: null },
      ],
      firstComment: { content: `Menu: example.com/menu #coffee ${tag}`, delay: 2 },
    });
    await h.posts.sendDraft(h.brand, { draftId, type: 'now' });
    await until('the outbox is empty', () => h!.engine.listOutbox().length === 0);

    const mine = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    expect(mine).toHaveLength(2);
    const onLinkedIn = mine.find((p) => p.integration.id === linkedin.id)!;
    const onX = mine.find((p) => p.integration.id === h!.integrationId)!;

    let detail = await h.api().getPost(onLinkedIn.id);
    await until('the comment is published', async () => {
      detail = await h!.api().getPost(onLinkedIn.id);
      return detail.value[1]?.publishedAt != null;
    });
    expect(detail.value.map((b) => b.content)).toEqual([
      `Autumn menu ${tag}`,
      `Menu: example.com/menu #coffee ${tag}`,
    ]);
    expect(detail.commentDelays).toEqual([2]);
    const postAt = Date.parse(detail.value[0]!.publishedAt as string);
    const commentAt = Date.parse(detail.value[1]!.publishedAt as string);
    expect(commentAt - postAt).toBeGreaterThanOrEqual(2 * MINUTE_MS);

    // X takes no first comment: its post is the text alone.
    const x = await h.api().getPost(onX.id);
    expect(x.value.map((b) => b.content)).toEqual([`Autumn menu ${tag}`]);
    expect(x.commentDelays ?? []).toEqual([]);
  });
});
