import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { IPC_METHOD_NAMES, ipcMethods } from '../../shared/ipc/contract.js';
import { ApiError } from '../api/errors.js';
import { AppFailure } from '../core/app-failure.js';
import { vouchKeyFree } from '../core/key-free.js';
import type { CallContext, IpcHandlers } from '../core/call-context.js';
import { BRAND_NOUNS, type BrandNamingMethod, type CallScope } from '../ipc/call-brand.js';
import { dispatch } from '../ipc/dispatch.js';

/* The IPC gate alone: validation, error mapping and redaction, with handlers that fail on purpose. */

const KEY = 'pst_live_abcdefghijklmnop1234';

function handlersThatThrow(error: unknown): IpcHandlers {
  return Object.fromEntries(
    IPC_METHOD_NAMES.map((name) => [
      name,
      async () => {
        throw error;
      },
    ]),
  ) as unknown as IpcHandlers;
}

const ctx = { caller: 'test' as const };

describe('dispatch', () => {
  it('refuses an unknown method, even one named like an Object property', async () => {
    const handlers = handlersThatThrow(new Error('never'));
    for (const name of ['nope', 'constructor', '__proto__', 'toString']) {
      const result = await dispatch(handlers, name, {}, ctx);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('INVALID_ARGUMENT');
    }
  });

  it('names the bad field', async () => {
    const result = await dispatch(handlersThatThrow(new Error('never')), 'switchBrand', { brandId: 7 }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    if (!result.ok) {
      expect(result.error.message).toMatch(/switchBrand: brandId:/);
      expect(result.error.issues?.[0]).toMatchObject({ target: null, path: 'brandId' });
    }
  });

  it('passes an AppFailure through with its code', async () => {
    const result = await dispatch(
      handlersThatThrow(new AppFailure('NOT_FOUND', 'Gone: refresh.')),
      'getDraft',
      { id: 'd1' },
      ctx,
    );
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Gone: refresh.' } });
  });

  it('maps an API refusal with status, code and issues', async () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'Platform validation failed',
      message: 'Fix the problems listed.',
      issues: [{ target: 0, path: 'value.0.content', message: `too long ${KEY}` }],
    });
    const result = await dispatch(handlersThatThrow(error), 'getPost', { id: 'p' }, ctx);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'API',
        status: 400,
        apiCode: 'Platform validation failed',
        issues: [{ target: 0, path: 'value.0.content' }],
      },
    });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('maps unreachable and timed-out calls to OFFLINE', async () => {
    for (const kind of ['network', 'timeout'] as const) {
      const result = await dispatch(
        handlersThatThrow(new ApiError({ kind, message: 'Could not reach: check the base URL.' })),
        'getMe',
        undefined,
        ctx,
      );
      expect(result).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });
    }
  });

  it('turns anything else into INTERNAL with the key redacted, and never throws', async () => {
    for (const thrown of [new Error(`boom with ${KEY}`), `a string ${KEY}`, null, { weird: true }]) {
      const result = await dispatch(handlersThatThrow(thrown), 'listProfiles', undefined, ctx);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INTERNAL');
        expect(result.error.message).toMatch(/Try again/);
      }
      expect(JSON.stringify(result)).not.toContain(KEY);
    }
  });

  it('redacts a key even from a successful answer', async () => {
    const handlers = handlersThatThrow(new Error('unused'));
    (handlers as unknown as Record<string, unknown>).getMe = async () => ({ note: [`oops ${KEY}`], n: 1 });
    const result = await dispatch(handlers, 'getMe', undefined, ctx);
    expect(result).toEqual({ ok: true, value: { note: ['oops pst_live_[redacted]'], n: 1 } });
  });

  it('finds a key deep in a large answer, in a value or a key, and leaves a clean one as it is', async () => {
    const handlers = handlersThatThrow(new Error('unused'));
    const posts = Array.from({ length: 5_000 }, (_, i) => ({ id: `post_${i}`, tags: ['a', { n: i }] }));
    const clean = { posts };
    (handlers as unknown as Record<string, unknown>).getMe = async () => clean;
    const kept = await dispatch(handlers, 'getMe', undefined, ctx);
    expect(kept.ok && kept.value).toBe(clean);
    const deep = { posts: [...posts, { id: 'last', tags: ['a', { note: `see ${KEY}` }] }] };
    (handlers as unknown as Record<string, unknown>).getMe = async () => deep;
    const redacted = await dispatch(handlers, 'getMe', undefined, ctx);
    expect(JSON.stringify(redacted)).not.toContain(KEY);
    expect(JSON.stringify(redacted)).toContain('see pst_live_[redacted]');
    (handlers as unknown as Record<string, unknown>).getMe = async () => ({ byKey: { [KEY]: 1 } });
    expect(JSON.stringify(await dispatch(handlers, 'getMe', undefined, ctx))).not.toContain(KEY);
  });

  it('steps over a value vouched free of keys, and still redacts one that holds a key', async () => {
    const handlers = handlersThatThrow(new Error('unused'));
    const day = Object.freeze({ date: '2030-05-01', metrics: Object.freeze({ impressions: 1 }) });
    expect(vouchKeyFree(day)).toBe(true);
    // Not frozen all the way down: it could change after the walk, so it is never vouched for.
    expect(vouchKeyFree(Object.freeze({ metrics: { impressions: 1 } }))).toBe(false);
    const held = Object.freeze({ content: Object.freeze([`see ${KEY}`]) });
    expect(vouchKeyFree(held)).toBe(false);
    (handlers as unknown as Record<string, unknown>).getMe = async () => ({ days: [day], posts: [held] });
    const result = await dispatch(handlers, 'getMe', undefined, ctx);
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(result).toEqual({
      ok: true,
      value: { days: [day], posts: [{ content: ['see pst_live_[redacted]'] }] },
    });
  });

  it('runs the handler with the parsed input', async () => {
    const handlers = handlersThatThrow(new Error('unused'));
    (handlers as unknown as Record<string, unknown>).getPost = async (input: { id: string }) => ({
      seen: input.id,
    });
    expect(await dispatch(handlers, 'getPost', { id: 'post_1' }, ctx)).toEqual({
      ok: true,
      value: { seen: 'post_1' },
    });
  });
});

/* Which brand a call acts on: decided once, by dispatch, before any handler runs. */
describe('the brand a call acts on', () => {
  const ACTIVE = { profileId: 'org-a', brandId: 'brand-harbor' };
  const SHOWN = { profileId: 'org-a', brandId: 'brand-north' };
  const HIDDEN = { profileId: 'org-b', brandId: 'brand-river' };
  const scope: CallScope = {
    active: () => ACTIVE,
    isShown: (ref) => [ACTIVE, SHOWN].some((b) => b.profileId === ref.profileId && b.brandId === ref.brandId),
  };

  /** A valid input of each method that may name a brand, without the brand. */
  const SAMPLES: Record<BrandNamingMethod, Record<string, unknown>> = {
    reschedulePost: { id: 'p1', date: '2026-12-01T09:00:00.000Z' },
    deleteGroup: { group: 'g1' },
    showPosts: { ids: ['p1'] },
    setReviewState: { postId: 'p1', state: 'approved' },
    getReviewSettings: {},
    setReviewSettings: {},
    getQueueSlots: { integrationId: null },
    listLabels: {},
    listNotes: { subject: 'g1' },
    addNote: { subject: 'g1', body: 'A note' },
    deleteNote: { id: 'n1' },
    getClashSettings: {},
    setClashSettings: { gapMinutes: null },
    listCategories: {},
    listPostActivity: { postId: 'p1' },
    listBrandActivity: {},
    exportActivity: {},
  };

  /** The methods whose input schema has a `brand` field, read from the contract itself. */
  const naming = IPC_METHOD_NAMES.filter((name) => {
    let schema: unknown = ipcMethods[name].input;
    if (schema instanceof z.ZodOptional) schema = schema.unwrap();
    return schema instanceof z.ZodObject && 'brand' in schema.shape;
  });

  it('knows every method whose input may name a brand, with its own noun', () => {
    expect(naming.length).toBeGreaterThan(0);
    expect([...naming].sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(Object.keys(BRAND_NOUNS).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it('refuses a named brand the calendar does not show, for every method that may name one', async () => {
    for (const name of naming) {
      const ran = vi.fn();
      const handlers = handlersThatThrow(new Error('never'));
      (handlers as unknown as Record<string, unknown>)[name] = ran;
      const input = { ...SAMPLES[name as BrandNamingMethod], brand: HIDDEN };
      const result = await dispatch(handlers, name, input, ctx, scope);
      const noun = BRAND_NOUNS[name as BrandNamingMethod];
      expect(result, name).toEqual({
        ok: false,
        error: {
          code: 'NOT_FOUND',
          message: `This ${noun} belongs to another brand; switch to that brand to change it.`,
        },
      });
      expect(ran, name).not.toHaveBeenCalled();
    }
  });

  it('hands the handler the brand named when shown, else the active one, else none', async () => {
    const seen: unknown[] = [];
    const handlers = handlersThatThrow(new Error('never'));
    (handlers as unknown as Record<string, unknown>).listLabels = async (_: unknown, c: CallContext) => {
      seen.push(c);
      return { labels: [], assignments: {}, noteCounts: {} };
    };
    await dispatch(handlers, 'listLabels', { brand: SHOWN }, ctx, scope);
    await dispatch(handlers, 'listLabels', {}, ctx, scope);
    await dispatch(handlers, 'listLabels', {}, ctx);
    expect(seen).toEqual([
      { caller: 'test', brand: SHOWN },
      { caller: 'test', brand: ACTIVE },
      { caller: 'test', brand: null },
    ]);
  });
});
