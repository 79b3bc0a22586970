import { afterEach, describe, expect, it } from 'vitest';
import type { FaultProxy } from '../../../test/support/fault-proxy.js';
import { DEFAULT_LINK_RULES } from '../../../shared/links/model.js';
import { LinkRulesStore } from '../../links/link-rules.js';
import { SettingsRepo } from '../../store/settings-repo.js';
import { inMinutes, proxiedHarness, until, type Harness } from '../support/sync-harness.js';

/*
 * The tracked copy is what the outbox sends and what it looks for: a create whose answer was cut
 * after the service took it is found again by its tracked text, never sent a second time; and
 * since a lookup compares texts with their links set aside (the service may shorten them), rules
 * changed before a later lookup cannot make it miss the post and send it again.
 */

let h: Harness | null = null;
let proxy: FaultProxy | null = null;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  h = null;
  proxy = null;
});

describe('tracked links through a cut answer', () => {
  it('a create the service took but whose answer was lost is found by its tracked text: one post', async () => {
    const f = await proxiedHarness({ seed: 39, timeoutMs: 600, retries: 0 });
    h = f.h;
    proxy = f.proxy;
    new LinkRulesStore(new SettingsRepo(h.db)).set(h.brand, { ...DEFAULT_LINK_RULES, enabled: true });
    const tag = `cut-${Date.now()}`;
    let cut = false;
    proxy.override(({ method, url }) => {
      if (method !== 'POST' || url !== '/v1/posts' || cut) return null;
      cut = true;
      return 'truncatedOk';
    });
    const { outboxId } = await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Menu ${tag} https://shop.example.com/spring`),
      type: 'schedule',
      date: inMinutes(600),
    });
    const onService = async () => (await h!.listOnServer()).filter((p) => p.content?.includes(tag));
    await until(
      'the outbox confirmed it',
      () => !h!.engine.listOutbox().some((o) => o.id === outboxId),
      20_000,
    );
    expect(cut).toBe(true);
    const posts = await onService();
    expect(posts.map((p) => p.content)).toEqual([
      `Menu ${tag} https://shop.example.com/spring?utm_source=x&utm_medium=social`,
    ]);
  });

  it('rules changed between a lost answer and the retry: the post is looked for as first sent, and is not sent twice', async () => {
    const f = await proxiedHarness({ seed: 40, timeoutMs: 600, retries: 0 });
    h = f.h;
    proxy = f.proxy;
    const rules = new LinkRulesStore(new SettingsRepo(h.db));
    rules.set(h.brand, { ...DEFAULT_LINK_RULES, enabled: true });
    const tag = `changed-${Date.now()}`;
    let cut = false;
    let lookups = 0;
    proxy.override(({ method, url }) => {
      // The lookup that follows the lost answer fails too, so it is made again on a later attempt.
      if (cut && method === 'GET' && url.startsWith('/v1/posts?') && lookups++ < 2)
        return 'resetBeforeForward';
      if (method !== 'POST' || url !== '/v1/posts' || cut) return null;
      cut = true;
      // While the answer is lost, the user turns tracking off.
      rules.set(h!.brand, { ...DEFAULT_LINK_RULES, enabled: false });
      return 'truncatedOk';
    });
    const { outboxId } = await h.posts.sendDraft(h.brand, {
      draftId: h.draft(`Menu ${tag} https://shop.example.com/spring`),
      type: 'schedule',
      date: inMinutes(600),
    });
    await until(
      'the outbox confirmed it',
      () => !h!.engine.listOutbox().some((o) => o.id === outboxId),
      20_000,
    );
    expect(cut).toBe(true);
    expect(lookups).toBeGreaterThan(0);
    const posts = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    expect(posts.map((p) => p.content)).toEqual([
      `Menu ${tag} https://shop.example.com/spring?utm_source=x&utm_medium=social`,
    ]);
  });
});
