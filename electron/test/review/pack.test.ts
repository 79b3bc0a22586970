import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { packAssets, packHtml } from '../../review/pack-page.js';
import { ReviewPackService } from '../../review/review-pack.js';
import { harness, inMinutes, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * The review pack's file: one page whose only script and stylesheet are named by hash in its CSP,
 * whose data cannot end its element early (a post's `</script>`), and whose posts carry what the
 * reviewer saw. The page itself is checked in a browser, offline, by e2e/review.spec.ts.
 */

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const HOSTILE =
  '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2"> & "quotes"';

describe('review pack file', () => {
  it('holds its script by hash, its data escaped, and one entry per post group', async () => {
    h = await harness();
    const tag = `pack-${Date.now()}`;
    await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`${HOSTILE} ${tag}`),
      type: 'schedule',
      date: inMinutes(90),
    });
    await until('sent', () => h!.engine.listOutbox().length === 0);
    const range = { start: new Date().toISOString(), end: inMinutes(60 * 24) };
    await h.fresh(range);
    const active = { profileId: PROFILE_ID, brandId: h.brandId };
    const service = new ReviewPackService({
      now: () => new Date(),
      timezone: () => 'UTC',
      brandName: () => 'Harbor <Coffee>',
      lens: h.review,
      postsInRange: (r) => h!.engine.listPosts(h!.brand, r).posts.filter((p) => p.content.includes(tag)),
      postsById: () => [],
      outboxOp: () => null,
      detail: (id) => h!.engine.getPost(h!.brand, { id }),
      savedDetail: () => null,
      record: () => undefined,
    });
    const { data } = await service.build(active, await service['o'].postsInRange(range), range);
    expect(data.posts).toHaveLength(1);
    expect(data.posts[0]!.accounts[0]!.blocks[0]!.text).toContain(HOSTILE);
    const assets = await packAssets();
    const html = packHtml(data, assets);
    const hash = (t: string) => createHash('sha256').update(t).digest('base64');
    const csp = (
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? ''
    ).replaceAll('&#39;', "'");
    expect(csp).toContain(`script-src 'sha256-${hash(assets.js)}'`);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain('img-src data:');
    expect(csp).not.toContain('unsafe-inline');
    // The data element holds no '<' at all, so the post's </script> cannot end it: it reads back whole.
    const embedded = /<script type="application\/json" id="pack-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toEqual(data);
    expect(html).not.toContain('window.__pwned = 1</script>');
    expect(html).toContain('<title>Harbor &lt;Coffee&gt;: posts for review');
  });
});
