import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { MeResponse } from '../../shared/api/resources.js';
import type { BrandView } from '../../shared/brands/ipc.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { normalizeBaseUrl } from '../api/base-url.js';
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { AppFailure, keychainUnavailable, notConnected } from '../core/app-failure.js';
import type { Emit } from '../core/events.js';
import { createLogger } from '../log.js';
import { profileKeyAccount, type SecretStore } from '../secrets/secret-store.js';
import type { BrandsRepo } from '../store/brands-repo.js';
import type { ProfileRecord, ProfilesRepo } from '../store/profiles-repo.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import type { LearnedIntegration } from '../integrations/integrations-repo.js';
import { keyStatusOf } from './key-status.js';
import { requireTimeZone } from './time-zone.js';

/*
 * Saved connections (base URL, brand, label) and their keys. The key goes
 * into the keychain (or this session's memory) only after GET /me accepted it, and nothing here
 * ever hands it out: callers get an ApiClient that holds it, the renderer gets a KeyStatus.
 */

const log = createLogger('profiles');

const ACTIVE_PROFILE = 'activeProfileId';
const SANDBOX_PROFILE = 'sandboxProfileId';
/** The profiles of the sandbox's other keys, by label (the sandbox's port changes at every start). */
const sandboxOtherProfile = (label: string) => `sandboxOtherProfileId:${label}`;

type KeyStorage = 'keychain' | 'session';

export interface ConnectInput {
  baseUrl: string;
  apiKey: string;
  label?: string;
  brandId?: string;
  storage?: KeyStorage;
}

/** How to reach the built-in sandbox; the service needs a brand on every call, /me included. */
export interface SandboxConnection {
  baseUrl: string;
  apiKey: string;
  brandId?: string;
  /** The accounts the sandbox seeded, per brand its key may act on: known before any post names them. */
  accounts?: { brandId: string; integrations: LearnedIntegration[] }[];
  /** More keys of the same sandbox (another organization), connected beside it, never made active. */
  others?: SandboxOtherKey[];
  /** The seeded accounts' year before the service's window, as a history CSV (imported on first start). */
  pastYear?: SandboxPastYear;
}

/** A year of daily history of the given accounts, ending before the service's window at `now`, as CSV. */
export type SandboxPastYear = (integrations: readonly LearnedIntegration[], now: Date) => string;

/** Another seeded key of the sandbox, at the same address. */
export interface SandboxOtherKey {
  apiKey: string;
  label: string;
  brandId?: string;
  accounts?: { brandId: string; integrations: LearnedIntegration[] }[];
}

export interface ProfileServiceDeps {
  profiles: ProfilesRepo;
  brands: BrandsRepo;
  settings: SettingsRepo;
  keychain: SecretStore;
  session: SecretStore;
  makeClient: (opts: { baseUrl: string; apiKey: string; brandId: string | null }) => ApiClient;
  events: { emit: Emit };
}

/** The active connection as services use it: who, which brand, and a client holding the key. */
export interface ActiveConnection {
  profile: ProfileRecord;
  brandId: string | null;
  api: ApiClient;
}

export class ProfileService {
  /** Clients built from a key already read, so a call does not go to the keychain every time. */
  private readonly clients = new Map<string, ApiClient>();

  constructor(private readonly deps: ProfileServiceDeps) {}

  async list(): Promise<ProfileView[]> {
    const activeId = this.activeId();
    return Promise.all(this.deps.profiles.list().map((p) => this.view(p, p.id === activeId)));
  }

  activeProfile(): ProfileRecord | null {
    const id = this.activeId();
    return id ? this.deps.profiles.get(id) : null;
  }

  /** The active profile with a client for its brand; NOT_CONNECTED when there is none or no key. */
  async active(): Promise<ActiveConnection> {
    const profile = this.activeProfile();
    if (!profile) throw notConnected();
    return { profile, brandId: profile.brandId, api: await this.clientFor(profile) };
  }

  async connect(input: ConnectInput): Promise<ProfileView> {
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    const apiKey = input.apiKey.trim();
    const storage = input.storage ?? 'keychain';
    await this.ensureStorage(storage);
    const me = await this.checkKey(baseUrl, apiKey, input.brandId ?? null);

    // Reconnecting to the same organization at the same address updates that profile, not a twin.
    const existing = this.deps.profiles
      .list()
      .find(
        (p) =>
          p.baseUrl === baseUrl && p.organization?.id === me.organization.id && p.user?.id === me.user.id,
      );
    const id = existing?.id ?? `prof_${randomUUID()}`;
    await this.storeKey(id, apiKey, storage);
    try {
      this.saveProfile(id, baseUrl, input.label ?? existing?.label ?? me.organization.name, me, storage);
    } catch (error) {
      if (!existing) await this.forgetKey(id);
      throw error;
    }
    this.deps.brands.upsert(id, me.brand);
    this.deps.settings.set(ACTIVE_PROFILE, id);
    await this.refreshBrandsQuietly(id);
    this.deps.events.emit('profileChanged', { profileId: id });
    return this.viewById(id);
  }

  async replaceKey(input: { profileId: string; apiKey: string; storage?: KeyStorage }): Promise<ProfileView> {
    const profile = this.require(input.profileId);
    const apiKey = input.apiKey.trim();
    const storage = input.storage ?? profile.keyStorage ?? 'keychain';
    await this.ensureStorage(storage);
    const me = await this.checkKey(profile.baseUrl, apiKey, profile.brandId);
    if (profile.organization && profile.organization.id !== me.organization.id) {
      throw new AppFailure(
        'CONFLICT',
        `This key belongs to the organization "${me.organization.name}", not "${profile.organization.name}": connect it as a new profile instead.`,
      );
    }
    await this.storeKey(profile.id, apiKey, storage);
    this.saveProfile(profile.id, profile.baseUrl, profile.label, me, storage);
    this.deps.events.emit('profileChanged', { profileId: profile.id });
    return this.viewById(profile.id);
  }

  async switchProfile(profileId: string): Promise<ProfileView> {
    this.require(profileId);
    this.deps.settings.set(ACTIVE_PROFILE, profileId);
    this.deps.events.emit('profileChanged', { profileId });
    return this.viewById(profileId);
  }

  async remove(profileId: string): Promise<{ removed: boolean }> {
    const profile = this.deps.profiles.get(profileId);
    if (!profile) return { removed: false };
    await this.forgetKey(profileId);
    const removed = this.deps.profiles.remove(profileId);
    if (this.activeId() === profileId) {
      const next = this.deps.profiles.list()[0] ?? null;
      if (next) this.deps.settings.set(ACTIVE_PROFILE, next.id);
      else this.deps.settings.delete(ACTIVE_PROFILE);
      this.deps.events.emit('profileChanged', { profileId: next?.id ?? null });
    }
    if (this.deps.settings.get(SANDBOX_PROFILE, z.string()) === profileId)
      this.deps.settings.delete(SANDBOX_PROFILE);
    return { removed };
  }

  /** The client of any profile and brand (the outbox sends every brand's work), or null without a key. */
  async apiFor(profileId: string, brandId: string): Promise<ApiClient | null> {
    const profile = this.deps.profiles.get(profileId);
    if (!profile) return null;
    try {
      return await this.clientFor(profile, brandId);
    } catch (error) {
      if (error instanceof AppFailure && error.code === 'NOT_CONNECTED') return null;
      throw error;
    }
  }

  /** What a connection's key may do, as GET /me last said (null: the service did not say). */
  scopesOf(profileId: string): readonly string[] | null {
    return this.deps.profiles.get(profileId)?.scopes ?? null;
  }

  /** The profile and brand the window shows, for the services that act on "the current brand". */
  activeBrand(): { profileId: string; brandId: string } | null {
    const profile = this.activeProfile();
    return profile?.brandId ? { profileId: profile.id, brandId: profile.brandId } : null;
  }

  /** Connects (or reconnects, on its new port) the built-in sandbox with its test key. */
  async connectSandbox(sandbox: SandboxConnection): Promise<ProfileView> {
    const storage: KeyStorage = (await this.deps.keychain.available()) ? 'keychain' : 'session';
    const known = this.deps.settings.get(SANDBOX_PROFILE, z.string());
    const previous = known ? this.deps.profiles.get(known) : null;
    if (previous) {
      const me = await this.checkKey(
        sandbox.baseUrl,
        sandbox.apiKey,
        previous.brandId ?? sandbox.brandId ?? null,
      );
      await this.storeKey(previous.id, sandbox.apiKey, storage);
      this.saveProfile(previous.id, normalizeBaseUrl(sandbox.baseUrl), previous.label, me, storage);
      this.deps.settings.set(ACTIVE_PROFILE, previous.id);
      this.deps.events.emit('profileChanged', { profileId: previous.id });
      return this.viewById(previous.id);
    }
    const view = await this.connect({ ...sandbox, label: 'Local sandbox', storage });
    this.deps.settings.set(SANDBOX_PROFILE, view.id);
    return view;
  }

  /**
   * Connects the sandbox's other keys beside the active profile (another organization's brands, for
   * the all-brands calendar), without making them active. Answers the profile id of each connected
   * key; one that fails is logged and skipped, since the main sandbox works without it.
   */
  async connectSandboxOthers(
    baseUrl: string,
    others: readonly SandboxOtherKey[],
  ): Promise<{ profileId: string; key: SandboxOtherKey }[]> {
    const storage: KeyStorage = (await this.deps.keychain.available()) ? 'keychain' : 'session';
    const url = normalizeBaseUrl(baseUrl);
    const connected: { profileId: string; key: SandboxOtherKey }[] = [];
    for (const other of others) {
      try {
        const setting = sandboxOtherProfile(other.label);
        const known = this.deps.settings.get(setting, z.string());
        const previous = known ? this.deps.profiles.get(known) : null;
        const me = await this.checkKey(url, other.apiKey, previous?.brandId ?? other.brandId ?? null);
        const id = previous?.id ?? `prof_${randomUUID()}`;
        await this.storeKey(id, other.apiKey, storage);
        this.saveProfile(
          id,
          url,
          previous?.label ?? other.label,
          me,
          storage,
          previous?.brandId ?? me.brand.id,
        );
        this.deps.brands.upsert(id, me.brand);
        this.deps.settings.set(setting, id);
        await this.refreshBrandsQuietly(id);
        connected.push({ profileId: id, key: other });
      } catch (error) {
        log.warn('a second sandbox key could not be connected', error);
      }
    }
    return connected;
  }

  /**
   * The built-in sandbox's own address (its origin) when this profile is the sandbox connection,
   * else null: the one private address main may read feeds from, and for that connection only.
   */
  sandboxOrigin(profileId: string): string | null {
    if (this.deps.settings.get(SANDBOX_PROFILE, z.string()) !== profileId) return null;
    const profile = this.deps.profiles.get(profileId);
    if (!profile) return null;
    try {
      return new URL(profile.baseUrl).origin;
    } catch {
      return null;
    }
  }

  /** Whether the active profile is the built-in sandbox (its port changes at every start). */
  activeIsSandbox(): boolean {
    const id = this.activeId();
    return id !== null && this.deps.settings.get(SANDBOX_PROFILE, z.string()) === id;
  }

  async getMe(): Promise<MeResponse> {
    const { profile, api } = await this.active();
    const me = await api.getMe();
    // The answer may arrive after a brand switch: it refreshes who the key is, never which brand is
    // active (writing me.brand back here once undid the user's switch).
    const current = this.deps.profiles.get(profile.id);
    if (current) {
      this.saveProfile(
        current.id,
        current.baseUrl,
        current.label,
        me,
        current.keyStorage ?? 'keychain',
        current.brandId,
      );
    }
    this.deps.brands.upsert(profile.id, me.brand);
    return me;
  }

  /**
   * The brands from the cache at once when it has them, GET /brands refreshing it behind the answer
   * for the next ask; the request is awaited only when nothing is cached yet. The calendar waits on
   * the brand's zone before it draws, and an unreachable service took seconds of retries.
   */
  async listBrands(): Promise<BrandView[]> {
    const { profile, api } = await this.active();
    const refresh = api.listBrands().then(
      (brands) => {
        this.deps.brands.replaceAll(profile.id, brands);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError) || (error.kind !== 'network' && error.kind !== 'timeout'))
          throw error;
        log.info('brands served from the cache', error.message);
      },
    );
    if (this.brandViews(profile.id).length === 0) await refresh;
    else refresh.catch((error: unknown) => log.warn('GET /brands failed', error));
    return this.brandViews(profile.id);
  }

  /** Every later call of this profile carries the new x-brand-id. */
  async switchBrand(brandId: string): Promise<ProfileView> {
    const { profile, api } = await this.active();
    try {
      // The service says whether this key may act on the brand (a key can be limited to some).
      const me = await api.withBrand(brandId).getMe();
      this.deps.brands.upsert(profile.id, me.brand);
    } catch (error) {
      const offline = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
      if (!offline || !this.deps.brands.get(profile.id, brandId)) throw error;
    }
    this.deps.profiles.setBrand(profile.id, brandId);
    this.deps.events.emit('profileChanged', { profileId: profile.id });
    this.deps.events.emit('postsChanged', { brandId, range: null, update: null });
    return this.viewById(profile.id);
  }

  setBrandTimezone(brandId: string, timezone: string | null): BrandView {
    const profile = this.activeProfile();
    if (!profile) throw notConnected();
    requireTimeZone(timezone);
    const brand = this.deps.brands.setTimezone(profile.id, brandId, timezone);
    if (!brand)
      throw new AppFailure(
        'NOT_FOUND',
        'This brand is not known for the active profile: refresh the brand list.',
      );
    this.deps.events.emit('postsChanged', { brandId, range: null, update: null });
    return { id: brand.id, name: brand.name, timezone: brand.timezone, active: brand.id === profile.brandId };
  }

  brandViews(profileId: string): BrandView[] {
    const activeBrand = this.deps.profiles.get(profileId)?.brandId ?? null;
    return this.deps.brands
      .list(profileId)
      .map((b) => ({ id: b.id, name: b.name, timezone: b.timezone, active: b.id === activeBrand }));
  }

  private activeId(): string | null {
    return this.deps.settings.get(ACTIVE_PROFILE, z.string());
  }

  private require(profileId: string): ProfileRecord {
    const profile = this.deps.profiles.get(profileId);
    if (!profile)
      throw new AppFailure('NOT_FOUND', 'This profile no longer exists: refresh the list of connections.');
    return profile;
  }

  private storeOf(storage: KeyStorage): SecretStore {
    return storage === 'keychain' ? this.deps.keychain : this.deps.session;
  }

  private async ensureStorage(storage: KeyStorage): Promise<void> {
    if (storage === 'keychain' && !(await this.deps.keychain.available())) {
      throw keychainUnavailable('no keychain answered');
    }
  }

  /** GET /me with the candidate key: the key is stored only when the service accepted it. */
  private async checkKey(baseUrl: string, apiKey: string, brandId: string | null): Promise<MeResponse> {
    return this.deps.makeClient({ baseUrl, apiKey, brandId }).getMe();
  }

  private async storeKey(profileId: string, apiKey: string, storage: KeyStorage): Promise<void> {
    const account = profileKeyAccount(profileId);
    await this.storeOf(storage).set(account, apiKey);
    // One key per profile: a copy left in the other store would outlive a replaced key.
    if (storage === 'keychain') await this.deps.session.delete(account);
    else await this.deps.keychain.delete(account).catch(() => false);
    this.dropClients(profileId);
  }

  private async forgetKey(profileId: string): Promise<void> {
    const account = profileKeyAccount(profileId);
    await this.deps.session.delete(account);
    await this.deps.keychain.delete(account).catch((error: unknown) => {
      log.warn('could not remove a key from the keychain', error);
      return false;
    });
    this.dropClients(profileId);
  }

  private dropClients(profileId: string): void {
    for (const key of this.clients.keys()) if (key.startsWith(`${profileId}|`)) this.clients.delete(key);
  }

  private async readKey(profile: ProfileRecord): Promise<string | null> {
    const storage = profile.keyStorage ?? 'keychain';
    try {
      return await this.storeOf(storage).get(profileKeyAccount(profile.id));
    } catch (error) {
      log.warn('could not read a key', error);
      return null;
    }
  }

  private async clientFor(
    profile: ProfileRecord,
    brandId: string | null = profile.brandId,
  ): Promise<ApiClient> {
    const cacheKey = `${profile.id}|${profile.baseUrl}|${brandId ?? ''}`;
    const cached = this.clients.get(cacheKey);
    if (cached) return cached;
    const apiKey = await this.readKey(profile);
    if (!apiKey) {
      throw new AppFailure(
        'NOT_CONNECTED',
        profile.keyStorage === 'session'
          ? `The key of "${profile.label}" was kept for the last session only: paste it again to reconnect.`
          : `No key is stored for "${profile.label}" (or the keychain is locked): unlock the keychain or paste the key again.`,
      );
    }
    const client = this.deps.makeClient({ baseUrl: profile.baseUrl, apiKey, brandId });
    this.clients.set(cacheKey, client);
    return client;
  }

  private saveProfile(
    id: string,
    baseUrl: string,
    label: string,
    me: MeResponse,
    storage: KeyStorage,
    brandId: string | null = me.brand.id,
  ): void {
    this.deps.profiles.save({
      id,
      label,
      baseUrl,
      brandId,
      organization: { id: me.organization.id, name: me.organization.name },
      user: { id: me.user.id, email: me.user.email, name: me.user.name },
      scopes: me.apiKey?.scopes ?? null,
      keyStorage: storage,
    });
  }

  private async refreshBrandsQuietly(profileId: string): Promise<void> {
    const profile = this.deps.profiles.get(profileId);
    if (!profile) return;
    try {
      const api = await this.clientFor(profile);
      this.deps.brands.replaceAll(profileId, await api.listBrands());
    } catch (error) {
      log.info('brand list not refreshed after connecting', error);
    }
  }

  private async viewById(id: string): Promise<ProfileView> {
    return this.view(this.require(id), this.activeId() === id);
  }

  private async view(p: ProfileRecord, active: boolean): Promise<ProfileView> {
    const key = await this.readKey(p);
    return {
      id: p.id,
      label: p.label,
      baseUrl: p.baseUrl,
      organization: p.organization,
      user: p.user,
      brandId: p.brandId,
      brandName: p.brandId ? (this.deps.brands.get(p.id, p.brandId)?.name ?? null) : null,
      scopes: p.scopes,
      key: keyStatusOf(key, p.keyStorage),
      active,
    };
  }
}
