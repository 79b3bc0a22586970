import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_METHOD_NAMES, type IpcEventName, type IpcOutput } from '../../shared/ipc/contract.js';
import type { IpcResult } from '../../shared/ipc/errors.js';
import type { BrandScope } from '../../shared/brands/ipc.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { createAppServices, type AppServicesOptions } from '../app-services.js';
import { createSandboxStarter } from '../profiles/sandbox.js';
import { KeytarSecretStore } from '../secrets/keytar-secret-store.js';
import { MemorySecretStore } from '../secrets/memory-secret-store.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { startFaultProxy, type Fault } from '../../test/support/fault-proxy.js';
import {
  inHours,
  queuedMessage,
  sentResults,
  startTestService,
  type TestService,
} from './support/service.js';

/*
 * The app's services as the renderer meets them: every call through invoke() (the same gate as
 * Electron's ipcMain and the test bridge), against the real local service, a real libsql file and
 * the real keychain when one answers.
 */

let svc: TestService;
const cleanup: (() => Promise<unknown>)[] = [];
/** Every result any test got, to prove no key ever left main. */
const seen: unknown[] = [];

const KEYCHAIN_SERVICE = `PostdeckTest-${randomUUID()}`;
const keychain = new KeytarSecretStore({ service: KEYCHAIN_SERVICE, timeoutMs: 4_000 });
const keychainWorks = await keychain.available();
if (!keychainWorks) console.log('app-services tests keep keys in memory: no OS keychain answered.');
const secretStore: SecretStore = keychainWorks ? keychain : new MemorySecretStore();

/** A keychain that is not there, as on a Linux box without a secret service. */
class MissingKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  async available() {
    return false;
  }
  async get(): Promise<string | null> {
    return null;
  }
  async set(): Promise<void> {
    throw new Error('no keychain');
  }
  async delete() {
    return false;
  }
}

async function open(extra: Partial<AppServicesOptions> = {}, dataDir?: string) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'postdeck-app-')));
  const services = await createAppServices({ dataDir: dir, secretStore, apiTimeoutMs: 5_000, ...extra });
  const events: { name: IpcEventName; payload: unknown }[] = [];
  services.onEvent((name, payload) => events.push({ name, payload }));
  cleanup.push(() => services.close());
  if (!dataDir) cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const call = async (name: string, input?: unknown): Promise<IpcResult<unknown>> => {
    const result = await services.invoke(name, input);
    seen.push(result);
    return result;
  };
  const ok = async <T = unknown>(name: string, input?: unknown): Promise<T> => {
    const result = await call(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  const fails = async (name: string, input?: unknown) => {
    const result = await call(name, input);
    if (result.ok) throw new Error(`${name} unexpectedly succeeded`);
    return result.error;
  };
  return { services, dir, events, call, ok, fails };
}

type Opened = Awaited<ReturnType<typeof open>>;

beforeAll(async () => {
  svc = await startTestService({ allowPrivateUrls: true });
});

afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
  await svc?.close();
  // Leave no test entry behind in a developer's real keychain.
  if (keychainWorks) {
    for (const c of await keytar.findCredentials(KEYCHAIN_SERVICE))
      await keytar.deletePassword(KEYCHAIN_SERVICE, c.account);
  }
});

const connectInput = (
  label: Parameters<TestService['token']>[0] = 'full-test',
  extra: Record<string, unknown> = {},
) => ({
  baseUrl: svc.service.baseUrl,
  apiKey: svc.token(label),
  brandId: svc.brandIds[0],
  ...extra,
});

/** A small real PNG on disk. */
async function samplePng(dir: string): Promise<string> {
  const path = join(dir, `sample-${randomUUID()}.png`);
  await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toFile(path);
  return path;
}

const BAD_INPUTS: unknown[] = [42, 'text', null, [], { zzz: 1 }];

describe('every IPC method', () => {
  let app: Opened;
  beforeAll(async () => {
    app = await open();
  });

  it('answers INVALID_ARGUMENT to bad arguments and keeps working', async () => {
    for (const name of IPC_METHOD_NAMES) {
      for (const bad of BAD_INPUTS) {
        const error = await app.fails(name, bad);
        expect(error.code, `${name}(${JSON.stringify(bad)})`).toBe('INVALID_ARGUMENT');
        expect(error.message).toContain(name);
      }
      expect((await app.call('listProfiles')).ok).toBe(true);
    }
  });

  it('refuses an unknown method', async () => {
    expect((await app.fails('deleteEverything', {})).code).toBe('INVALID_ARGUMENT');
  });

  it('answers NOT_CONNECTED before any connection', async () => {
    for (const name of ['getMe', 'listBrands', 'listPosts', 'listDrafts', 'listIntegrations'] as const) {
      const input = name === 'listPosts' ? { start: inHours(-1), end: inHours(1) } : undefined;
      expect((await app.fails(name, input)).code, name).toBe('NOT_CONNECTED');
    }
  });
});

describe('connecting', () => {
  it('refuses plain http to another machine before sending the key anywhere', async () => {
    const app = await open();
    const error = await app.fails('connectProfile', {
      ...connectInput(),
      baseUrl: 'http://api.example.com/v1',
    });
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/https/);
  });

  it('refuses a revoked key with what to do, and stores nothing', async () => {
    const app = await open();
    const error = await app.fails('connectProfile', connectInput('revoked'));
    expect(error).toMatchObject({ code: 'API', status: 401, apiCode: 'INVALID_API_KEY' });
    expect(error.message).toMatch(/Settings > API Keys/);
    expect(await app.ok('listProfiles')).toEqual([]);
  });

  it('creates its data folder, and an unreachable service on any call switches the app to offline', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'postdeck-app-'));
    cleanup.push(() => rm(parent, { recursive: true, force: true }));
    const own = await startTestService();
    const app = await open({}, join(parent, 'not', 'yet', 'there'));
    await app.ok('connectProfile', { baseUrl: own.service.baseUrl, apiKey: own.token('full-test') });
    expect(await app.ok('getSyncStatus')).toMatchObject({ online: true });
    await own.close();
    const error = await app.fails('getMe');
    expect(error.code).toBe('OFFLINE');
    expect(await app.ok('getSyncStatus')).toMatchObject({ online: false });
  });

  it('a busy or failing service keeps a post in the outbox and says so, without making the app offline', async () => {
    const own = await startTestService();
    cleanup.push(() => own.close());
    const proxy = await startFaultProxy({
      target: own.service.baseUrl,
      seed: 30,
      rate: 0,
      retryAfterSeconds: 1,
    });
    cleanup.push(() => proxy.close());
    const app = await open();
    await app.ok('connectProfile', { baseUrl: proxy.baseUrl, apiKey: own.token('full-test') });
    const x = own.integrations(0).find((i) => i.platform === 'x' && !i.disconnected)!;
    const send = async (fault: Fault) => {
      proxy.override(({ method, url }) => (method === 'POST' && url.endsWith('/posts') ? fault : null));
      const draft = await app.ok<{ id: string }>('saveDraft', {
        brandId: own.brandIds[0],
        blocks: [{ content: `Kept ${fault} ${randomUUID()}`, media: [] }],
        targets: [{ integrationId: x.id, platform: 'x', settings: {}, blocks: null }],
        commentDelays: [],
        shortLink: false,
        date: inHours(20),
        replacesGroup: null,
      });
      // Queued is an answer (the composer's sendDraft, waiting), not an OFFLINE error.
      const answer = await app.ok<IpcOutput<'sendDraft'>>('sendDraft', {
        wait: true,
        draftId: draft.id,
        type: 'schedule',
      });
      const { online } = await app.ok<{ online: boolean }>('getSyncStatus');
      return { queued: answer.outcome.kind === 'queued', message: queuedMessage(answer), online };
    };
    expect(await send('rateLimited')).toEqual({
      queued: true,
      message: 'The service is busy; your post is queued and will go out shortly.',
      online: true,
    });
    expect(await send('serverError')).toMatchObject({
      queued: true,
      message: expect.stringMatching(/^The service had a problem .*queued and will go out shortly\.$/),
      online: true,
    });
    // No connection at all is offline, as before.
    expect(await send('resetBeforeForward')).toMatchObject({ queued: true, online: false });
  });

  it('connects without a Brand ID and takes the brand GET /me names', async () => {
    const app = await open();
    const view = await app.ok<ProfileView>('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: svc.token('full-test'),
    });
    const brand1 = svc.service.sandbox.organizations[0]?.brands[0];
    expect(view.brandId).toBe(brand1?.id);
    expect(view.brandName).toBe(brand1?.name);
  });

  it('offers session-only storage when no keychain works, and keeps the key off the disk', async () => {
    const app = await open({ secretStore: new MissingKeychain() });
    const error = await app.fails('connectProfile', connectInput());
    expect(error.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(error.message).toMatch(/this session only/);
    const view = await app.ok<ProfileView>(
      'connectProfile',
      connectInput('full-test', { storage: 'session' }),
    );
    expect(view.key).toMatchObject({ set: true, storage: 'session', mode: 'test' });
    await app.services.close();

    // A restart forgets a session key: the profile stays, asking for the key again.
    const again = await open({ secretStore: new MissingKeychain() }, app.dir);
    const [profile] = await again.ok<ProfileView[]>('listProfiles');
    expect(profile?.key).toMatchObject({ set: false, storage: 'session' });
    const missing = await again.fails('getMe');
    expect(missing.code).toBe('NOT_CONNECTED');
    expect(missing.message).toMatch(/paste it again/);
  });
});

describe('a connected profile', () => {
  let app: Opened;
  let profile: ProfileView;
  beforeAll(async () => {
    app = await open();
    profile = await app.ok<ProfileView>('connectProfile', connectInput('full-test', { label: 'Agency' }));
  });

  it('shows organization, brand, user and key status, never the key', async () => {
    expect(profile).toMatchObject({ label: 'Agency', active: true, brandId: svc.brandIds[0] });
    expect(profile.organization?.id).toMatch(/^org_/);
    expect(profile.user?.email).toContain('@');
    expect(profile.brandName).toBeTruthy();
    expect(profile.key).toEqual({
      set: true,
      mode: 'test',
      last4: svc.token('full-test').slice(-4),
      storage: 'keychain',
    });
    expect(profile.scopes).toContain('posts:write');
    expect(app.events.some((e) => e.name === 'profileChanged')).toBe(true);
  });

  it('keeps the key in the secret store, not in the data folder', async () => {
    const token = svc.token('full-test');
    expect(await secretStore.get(`profile:${profile.id}`)).toBe(token);
    for (const file of await readdir(app.dir)) {
      const bytes = await readFile(join(app.dir, file));
      expect(bytes.includes(Buffer.from(token)), file).toBe(false);
    }
  });

  it('lists brands and switches the brand of every later call', async () => {
    const brands = await app.ok<{ id: string; active: boolean }[]>('listBrands');
    expect(brands.map((b) => b.id).sort()).toEqual([...svc.brandIds].sort());
    expect(brands.find((b) => b.active)?.id).toBe(svc.brandIds[0]);
    const switched = await app.ok<ProfileView>('switchBrand', { brandId: svc.brandIds[1] });
    expect(switched.brandId).toBe(svc.brandIds[1]);
    expect((await app.ok<{ brand: { id: string } }>('getMe')).brand.id).toBe(svc.brandIds[1]);
    // The switch pulls the brand in the background (its answer is written by the pull worker);
    // the calendar reads the cache once that pull landed.
    await app.services.pulled();
    const posts = await app.ok<{ posts: { integration: { id: string } }[] }>('listPosts', {
      start: inHours(-24 * 20),
      end: inHours(24 * 40),
    });
    const second = new Set(svc.integrations(1).map((i) => i.id));
    expect(posts.posts.length).toBeGreaterThan(0);
    expect(posts.posts.every((p) => second.has(p.integration.id))).toBe(true);
    await app.ok('switchBrand', { brandId: svc.brandIds[0] });
  });

  it('keeps a brand switch when an older GET /me answers after it', async () => {
    const first = svc.brandIds[0] as string;
    // GET /me for the first brand answers late, as on a slow network right after connecting.
    const slowFetch: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const brand = new Headers(init?.headers).get('x-brand-id');
      if (url.endsWith('/me') && brand === first) await new Promise((r) => setTimeout(r, 400));
      return fetch(input, init);
    };
    const slow = await open({ fetch: slowFetch });
    await slow.ok('connectProfile', connectInput('full-test', { storage: 'session' }));
    const late = slow.ok('getMe');
    await new Promise((r) => setTimeout(r, 50));
    await slow.ok('switchBrand', { brandId: svc.brandIds[1] });
    await late;
    expect((await slow.ok<ProfileView[]>('listProfiles'))[0]?.brandId).toBe(svc.brandIds[1]);
  });

  it('refuses a brand of another organization', async () => {
    const foreign = svc.service.sandbox.organizations[1]!.brands[0]!.id;
    const error = await app.fails('switchBrand', { brandId: foreign });
    expect(error.apiCode).toBe('BRAND_NOT_ALLOWED');
    expect((await app.ok<ProfileView[]>('listProfiles'))[0]?.brandId).toBe(svc.brandIds[0]);
  });

  it('sets a display time zone per brand, refusing names that are not zones', async () => {
    const brand = await app.ok<{ timezone: string }>('setBrandTimezone', {
      brandId: svc.brandIds[0],
      timezone: 'Europe/Paris',
    });
    expect(brand.timezone).toBe('Europe/Paris');
    expect(
      (await app.fails('setBrandTimezone', { brandId: svc.brandIds[0], timezone: 'Mars/Olympus' })).code,
    ).toBe('INVALID_ARGUMENT');
    expect((await app.fails('setBrandTimezone', { brandId: 'brand_unknown', timezone: null })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('reads posts, one post, integrations learned from them, and analytics', async () => {
    const window = { start: inHours(-24 * 20), end: inHours(24 * 40) };
    // From the cache at once; syncNow waits for the pull of what was asked for.
    await app.ok('listPosts', window);
    await app.ok('syncNow');
    const range = await app.ok<{ source: string; posts: { id: string }[] }>('listPosts', window);
    expect(range.source).toBe('server');
    const detail = await app.ok<{ id: string }>('getPost', { id: range.posts[0]!.id });
    expect(detail.id).toBe(range.posts[0]!.id);
    const integrations = await app.ok<{ id: string; source: string }[]>('listIntegrations');
    expect(integrations.some((i) => i.source === 'learned')).toBe(true);
    const analytics = await app.ok<{ integration: { id: string } }>('getProfileAnalytics', {
      integrationId: integrations[0]!.id,
    });
    expect(analytics.integration.id).toBe(integrations[0]!.id);
    const added = await app.ok<{ source: string }>('addIntegration', {
      id: 'int_manual_1',
      platform: 'bluesky',
      name: 'Manual',
    });
    expect(added.source).toBe('added');
  });

  it('uploads from a URL and keeps the media for reuse', async () => {
    const stored = await svc.client().uploadMedia({ path: await samplePng(app.dir) });
    const media = await app.ok<{ id: string }>('uploadMediaFromUrl', { url: stored.path });
    expect(media.id).toMatch(/^media_/);
    expect((await app.ok<{ id: string }[]>('listMedia')).map((m) => m.id)).toContain(media.id);
  });

  it('sends a draft straight away and answers the server result', async () => {
    const x = svc.integrations(0).find((i) => i.platform === 'x' && !i.disconnected)!;
    const tag = `now ${randomUUID()}`;
    const draft = await app.ok<{ id: string }>('saveDraft', {
      brandId: svc.brandIds[0],
      blocks: [{ content: tag, media: [] }],
      targets: [{ integrationId: x.id, platform: 'x', settings: {}, blocks: null }],
      commentDelays: [],
      shortLink: false,
      date: inHours(20),
      replacesGroup: null,
    });
    const created = sentResults(
      await app.ok<IpcOutput<'sendDraft'>>('sendDraft', { draftId: draft.id, type: 'schedule', wait: true }),
    );
    expect(created).toHaveLength(1);
    expect((await app.ok<{ id: string }[]>('listDrafts')).map((d) => d.id)).not.toContain(draft.id);
    const onServer = await svc.client().listPosts(inHours(19), inHours(21));
    expect(onServer.filter((p) => p.content === tag)).toHaveLength(1);

    const tooLong = await app.ok<{ id: string }>('saveDraft', {
      brandId: svc.brandIds[0],
      blocks: [{ content: 'y'.repeat(400), media: [] }],
      targets: [{ integrationId: x.id, platform: 'x', settings: {}, blocks: null }],
      commentDelays: [],
      shortLink: false,
      date: inHours(20),
      replacesGroup: null,
    });
    const refused = await app.fails('sendDraft', { draftId: tooLong.id, type: 'schedule', wait: true });
    expect(refused.code).toBe('INVALID_ARGUMENT');
    expect(refused.message).toMatch(/cannot be sent yet/);
  });

  it('answers every contract method with a real handler', async () => {
    const inputs: Record<string, unknown> = {
      getDraft: { id: 'missing' },
      deleteDraft: { id: 'missing' },
      reschedulePost: { id: 'post_missing', date: inHours(30) },
      deleteGroup: { group: 'group_missing' },
      sendDraft: { draftId: 'missing', type: 'schedule' },
      uploadMedia: { path: join(app.dir, 'missing.png') },
      uploadMediaFromUrl: { url: 'http://127.0.0.1:1/nothing.png' },
      cancelUpload: { uploadId: 'missing' },
      retryOutbox: { id: 'missing' },
      discardOutbox: { id: 'missing' },
      resolveMissedTime: { id: 'missing', action: 'now' },
      openExternal: { url: 'https://example.com' },
    };
    for (const name of ['listMedia', 'getSyncStatus', 'listOutbox', 'syncNow', ...Object.keys(inputs)]) {
      const result = await app.call(name, inputs[name]);
      if (!result.ok) {
        expect(result.error.code, `${name}: ${result.error.message}`).not.toBe('INTERNAL');
        expect(result.error.message).not.toMatch(/not available/);
      }
    }
  });

  it('keeps several profiles and switches between them', async () => {
    const otherOrg = svc.service.sandbox.organizations[1]!;
    const second = await app.ok<ProfileView>('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: svc.token('other-org'),
      brandId: otherOrg.brands[0]!.id,
      label: 'Second client',
    });
    expect(second.organization?.id).toBe(otherOrg.id);
    let all = await app.ok<ProfileView[]>('listProfiles');
    expect(all.map((p) => [p.label, p.active])).toEqual([
      ['Agency', false],
      ['Second client', true],
    ]);
    expect((await app.ok<{ organization: { id: string } }>('getMe')).organization.id).toBe(otherOrg.id);
    await app.ok('switchProfile', { profileId: profile.id });
    all = await app.ok<ProfileView[]>('listProfiles');
    expect(all.find((p) => p.active)?.id).toBe(profile.id);
    expect((await app.ok<{ brand: { id: string } }>('getMe')).brand.id).toBe(svc.brandIds[0]);
    expect((await app.fails('switchProfile', { profileId: 'prof_gone' })).code).toBe('NOT_FOUND');
  });

  it('replaces the key after checking it, and refuses a key of another organization', async () => {
    const live = await app.ok<ProfileView>('replaceKey', {
      profileId: profile.id,
      apiKey: svc.token('full-live'),
    });
    expect(live.key).toMatchObject({ set: true, mode: 'live', last4: svc.token('full-live').slice(-4) });
    const error = await app.fails('replaceKey', { profileId: profile.id, apiKey: svc.token('other-org') });
    expect(error.code).toBe('API');
    expect((await app.ok<ProfileView[]>('listProfiles'))[0]?.key.mode).toBe('live');
  });

  it('removes a profile and its key', async () => {
    const other = await open();
    const view = await other.ok<ProfileView>('connectProfile', connectInput('scheduler'));
    expect(await other.ok('removeProfile', { profileId: view.id })).toEqual({ removed: true });
    expect(await secretStore.get(`profile:${view.id}`)).toBeNull();
    expect(await other.ok('listProfiles')).toEqual([]);
    expect(await other.ok('removeProfile', { profileId: view.id })).toEqual({ removed: false });
  });
});

describe('the built-in sandbox', () => {
  it('starts in-process and connects with its test key, reusing the profile on the next start', async () => {
    const sandboxDir = await mkdtemp(join(tmpdir(), 'postdeck-sandbox-'));
    const starter = createSandboxStarter(sandboxDir);
    cleanup.push(
      () => rm(sandboxDir, { recursive: true, force: true }),
      () => starter.stop(),
    );
    const app = await open({ startSandbox: () => starter.start() });
    const first = await app.ok<ProfileView>('startSandbox');
    expect(first).toMatchObject({ label: 'Local sandbox', active: true, key: { set: true, mode: 'test' } });
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const again = await app.ok<ProfileView>('startSandbox');
    expect(again.id).toBe(first.id);
    // Issue 27 on purpose: the sandbox's second organization is connected beside it (not active),
    // once, so the all-brands calendar has two connections and three brands on first start.
    const profiles = await app.ok<ProfileView[]>('listProfiles');
    expect(profiles).toHaveLength(2);
    expect(profiles.filter((p) => p.active).map((p) => p.id)).toEqual([first.id]);
    const scope = await app.ok<BrandScope>('getBrandScope');
    expect(scope.brands.map((b) => b.name)).toEqual(['Harbor Coffee', 'Pine Trail Outfitters', 'Lumen Labs']);
    expect(new Set(scope.brands.map((b) => b.profileId)).size).toBe(2);
    expect(new Set(scope.brands.map((b) => b.color)).size).toBe(3);
  });

  it('comes back on its new port when the app starts again with the sandbox active', async () => {
    const sandboxDir = await mkdtemp(join(tmpdir(), 'postdeck-sandbox-'));
    cleanup.push(() => rm(sandboxDir, { recursive: true, force: true }));
    const firstRun = createSandboxStarter(sandboxDir);
    const app = await open({ startSandbox: () => firstRun.start() });
    const before = await app.ok<ProfileView>('startSandbox');
    await app.services.close();
    await firstRun.stop();

    const secondRun = createSandboxStarter(sandboxDir);
    cleanup.push(() => secondRun.stop());
    const again = await open({ startSandbox: () => secondRun.start() }, app.dir);
    const me = await again.ok<{ brand: { id: string } }>('getMe');
    expect(me.brand.id).toBe(before.brandId);
    const [profile] = await again.ok<ProfileView[]>('listProfiles');
    expect(profile?.id).toBe(before.id);
  });

  it('says so plainly where the sandbox is not part of the build', async () => {
    const app = await open();
    expect((await app.fails('startSandbox')).message).toMatch(/sandbox/);
  });
});

describe('the key never reaches the renderer', () => {
  it('appears in no IPC result of this whole file', () => {
    const text = JSON.stringify(seen);
    expect(seen.length).toBeGreaterThan(50);
    for (const key of svc.service.sandbox.keys) expect(text).not.toContain(key.token);
  });
});

describe('all brands', () => {
  const range = () => ({
    start: new Date(Date.now() - 20 * 86_400_000).toISOString(),
    end: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  });

  it('shows every brand of every connection once chosen, remembers it, and writes a post under its own brand only when shown', async () => {
    const app = await open();
    const otherOrg = svc.service.sandbox.organizations[1]!;
    await app.ok('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: svc.token('other-org'),
      brandId: otherOrg.brands[0]!.id,
    });
    await app.ok('connectProfile', connectInput('full-test'));
    const lumen = otherOrg.brands[0]!.id;

    // One brand: only the active brand's posts, and another connection's post cannot be moved.
    expect((await app.ok<BrandScope>('getBrandScope')).all).toBe(false);
    await app.ok('listPosts', range());
    await app.ok('syncNow');
    const one = await app.ok<{ posts: CalendarPost[] }>('listPosts', range());
    expect(new Set(one.posts.map((p) => p.brandId))).toEqual(new Set([svc.brandIds[0]]));

    await app.ok('setAllBrands', { all: true });
    await app.ok('listPosts', range());
    await app.ok('syncNow');
    const all = await app.ok<{ posts: CalendarPost[] }>('listPosts', range());
    expect(new Set(all.posts.map((p) => p.brandId))).toEqual(new Set([...svc.brandIds, lumen]));
    const lumenPost = all.posts.find((p) => p.brandId === lumen && p.state === 'scheduled')!;
    expect(lumenPost.profileId).toBeTruthy();
    const brand = { profileId: lumenPost.profileId!, brandId: lumen };
    const later = new Date(Date.parse(lumenPost.publishDate) + 3_600_000).toISOString();
    const moved = await app.ok<{ posts: CalendarPost[] }>('reschedulePost', {
      id: lumenPost.id,
      date: later,
      brand,
    });
    expect(moved.posts.map((p) => [p.id, p.brandId, p.publishDate])).toEqual([[lumenPost.id, lumen, later]]);

    // Its details open too, read under its own brand (the active brand is another connection's).
    expect((await app.ok<{ id: string }>('getPost', { id: lumenPost.id })).id).toBe(lumenPost.id);

    // Remembered by main across a restart.
    await app.services.close();
    const again = await open({}, app.dir);
    expect((await again.ok<BrandScope>('getBrandScope')).all).toBe(true);
    await again.ok('setAllBrands', { all: false });
    const refused = await again.fails('reschedulePost', { id: lumenPost.id, date: later, brand });
    expect(refused.message).toMatch(/another brand/);
  });

  it('applies one bulk change to posts of two connections, each under its own brand, and one undo takes it all back', async () => {
    const proxy = await startFaultProxy({ target: svc.service.baseUrl, seed: 27, rate: 0 });
    cleanup.push(() => proxy.close());
    const app = await open();
    const otherOrg = svc.service.sandbox.organizations[1]!;
    const lumen = otherOrg.brands[0]!.id;
    await app.ok('connectProfile', {
      baseUrl: proxy.baseUrl,
      apiKey: svc.token('other-org'),
      brandId: lumen,
    });
    await app.ok('connectProfile', { ...connectInput('full-test'), baseUrl: proxy.baseUrl });
    await app.ok('setAllBrands', { all: true });
    await app.ok('listPosts', range());
    await app.ok('syncNow');
    const all = await app.ok<{ posts: CalendarPost[] }>('listPosts', range());
    const soon = Date.now() + 2 * 86_400_000;
    const pick = (brandId: string) =>
      all.posts.find(
        (p) => p.brandId === brandId && p.state === 'scheduled' && Date.parse(p.publishDate) > soon,
      )!;
    const picked = [pick(svc.brandIds[0]!), pick(lumen)];
    const hour = 3_600_000;
    const moves = picked.map((p) => ({
      id: p.id,
      from: p.publishDate,
      to: new Date(Date.parse(p.publishDate) + hour).toISOString(),
      brand: { profileId: p.profileId!, brandId: p.brandId! },
    }));
    const applied = await app.ok<{
      batchId: string;
      queued: number;
      refused: unknown[];
      posts: CalendarPost[];
    }>('applyBulkChange', { moves, deleteGroups: [] });
    expect(applied.queued).toBe(2);
    expect(applied.refused).toEqual([]);
    expect(applied.posts.map((p) => [p.id, p.brandId, p.publishDate]).sort()).toEqual(
      moves.map((m) => [m.id, m.brand.brandId, m.to]).sort(),
    );

    const onService = async (post: CalendarPost) => {
      const client =
        post.brandId === lumen
          ? svc.client('other-org', { brandId: lumen })
          : svc.client('full-test', { brandId: post.brandId! });
      return (await client.getPost(post.id)).publishDate;
    };
    const sent = async (want: (p: CalendarPost, i: number) => string) => {
      for (let tries = 0; tries < 60; tries += 1) {
        await app.ok('syncNow');
        const now = await Promise.all(picked.map(onService));
        if (now.every((d, i) => Date.parse(d) === Date.parse(want(picked[i]!, i)))) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('the service never showed the bulk change');
    };
    await sent((_p, i) => moves[i]!.to);
    // Each PUT went out under its own post's brand header.
    for (const p of picked) {
      const writes = proxy.log.filter((r) => r.method === 'PUT' && r.url.includes(`/posts/${p.id}/date`));
      expect(writes.length).toBeGreaterThan(0);
      expect(new Set(writes.map((w) => w.brandId))).toEqual(new Set([p.brandId]));
    }

    // "Next free slots" reads each account's slots under its own brand: Lumen has none of its own,
    // so none of the active brand's (Harbor's default) either.
    const lumenAccount = picked[1]!.integration.id;
    const lumenRef = { profileId: picked[1]!.profileId!, brandId: lumen };
    await app.ok('setQueueSlots', { integrationId: null, slots: [{ weekday: 1, time: '09:00' }] });
    expect(
      (await app.ok<{ slots: unknown[] }>('getQueueSlots', { integrationId: lumenAccount })).slots,
    ).toHaveLength(1);
    expect(
      (await app.ok<{ slots: unknown[] }>('getQueueSlots', { integrationId: lumenAccount, brand: lumenRef }))
        .slots,
    ).toEqual([]);
    // The plan's clash gap is each brand's own too: the active brand's 90 is not Lumen's.
    await app.ok('setClashSettings', { gapMinutes: 90 });
    expect(await app.ok('getClashSettings', { brand: lumenRef })).toEqual({
      gapMinutes: 60,
      isDefault: true,
    });
    expect(await app.ok('getClashSettings', {})).toEqual({ gapMinutes: 90, isDefault: false });
    // Lumen's own gap is set under Lumen (its row in Settings), and the active brand's stays.
    expect(await app.ok('setClashSettings', { gapMinutes: 15, brand: lumenRef })).toEqual({
      gapMinutes: 15,
      isDefault: false,
    });
    expect(await app.ok('getClashSettings', { brand: lumenRef })).toEqual({
      gapMinutes: 15,
      isDefault: false,
    });
    expect(await app.ok('getClashSettings', {})).toEqual({ gapMinutes: 90, isDefault: false });
    await app.ok('setClashSettings', { gapMinutes: null, brand: lumenRef });
    // So are its review settings: approval turned on for Lumen only.
    expect(await app.ok('setReviewSettings', { needsApproval: true, brand: lumenRef })).toEqual({
      needsApproval: true,
      colour: null,
      // A brand that never set approval steps has one.
      flow: [{ name: 'Approval', approvers: [], rule: 'any' }],
      timeResets: false,
    });
    expect(await app.ok('getReviewSettings', { brand: lumenRef })).toMatchObject({ needsApproval: true });
    expect(await app.ok('getReviewSettings', {})).toMatchObject({ needsApproval: false });
    await app.ok('setReviewSettings', { needsApproval: false, brand: lumenRef });
    // A verdict on Lumen's post from the all-brands view is recorded under Lumen.
    const lumenPostId = picked[1]!.id;
    expect((await app.fails('setReviewState', { postId: lumenPostId, state: 'approved' })).code).toBe(
      'NOT_FOUND',
    );
    const reviewed = await app.ok<{ posts: { id: string; review?: { state: string } }[] }>('setReviewState', {
      postId: lumenPostId,
      state: 'approved',
      brand: lumenRef,
    });
    expect(reviewed.posts.find((p) => p.id === lumenPostId)?.review?.state).toBe('approved');

    const undone = await app.ok<{ restored: number; notRestored: unknown[] }>('undoBulkChange', {
      batchId: applied.batchId,
    });
    expect(undone).toMatchObject({ restored: 2, notRestored: [] });
    await sent((p) => p.publishDate);
    expect((await app.fails('undoBulkChange', { batchId: applied.batchId })).message).toMatch(/already/);
    // One brand on screen again: another brand's slots are not read.
    await app.ok('setAllBrands', { all: false });
    const refused = await app.fails('getQueueSlots', { integrationId: lumenAccount, brand: lumenRef });
    expect(refused.message).toMatch(/another brand/);
    expect((await app.fails('getClashSettings', { brand: lumenRef })).message).toMatch(/another brand/);
    const notSet = await app.fails('setClashSettings', { gapMinutes: 5, brand: lumenRef });
    expect(notSet.message).toMatch(/another brand/);
    expect((await app.fails('getReviewSettings', { brand: lumenRef })).message).toMatch(/another brand/);
    const notReviewed = await app.fails('setReviewSettings', { needsApproval: true, brand: lumenRef });
    expect(notReviewed.message).toMatch(/another brand/);
    expect(await app.ok('getClashSettings', {})).toEqual({ gapMinutes: 90, isDefault: false });
  });

  it('keeps a brand the key may not act on marked across a restart, before any network, until a pull of it works', async () => {
    const pine = svc.brandIds[1]!;
    const markOf = async (app: Opened) =>
      (await app.ok<BrandScope>('getBrandScope')).brands.find((b) => b.brandId === pine)?.problem ?? null;
    const waitFor = async (what: string, check: () => Promise<boolean>) => {
      for (const end = Date.now() + 20_000; !(await check());) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // The brand1-only key lists both brands of its organization but may act on the first only.
    const app = await open();
    const profile = await app.ok<ProfileView>('connectProfile', connectInput('brand1-only'));
    await app.ok('setAllBrands', { all: true });
    await waitFor('Pine Trail marked', async () => (await markOf(app)) !== null);
    expect(await markOf(app)).toMatch(/may not act on this brand: ask an owner/);
    const marked = (await app.ok<BrandScope>('getBrandScope')).brands.filter((b) => b.problem !== null);
    expect(marked.map((b) => b.brandId)).toEqual([pine]);
    await app.services.close();

    // The next start: no request is answered until the test lets it, and the mark is there already.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: typeof fetch = async (input, init) => {
      await gate;
      return fetch(input, init);
    };
    const again = await open({ fetch: held }, app.dir);
    expect(await markOf(again)).toMatch(/may not act on this brand/);
    release();

    // A key that may act on it, as the sentence asks: the next pull of the brand clears the mark,
    // in the database too.
    await again.ok('replaceKey', { profileId: profile.id, apiKey: svc.token('full-test') });
    await waitFor('the mark cleared', async () => (await markOf(again)) === null);
    await again.services.close();
    const third = await open({}, app.dir);
    expect(await markOf(third)).toBeNull();
  });
});
