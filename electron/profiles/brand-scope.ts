import { z } from 'zod';
import { autoBrandColor } from '../../shared/brands/colors.js';
import { brandSyncProblemSentence, type BrandSyncProblem } from '../../shared/brands/sync-problem.js';
import type { BrandEntry, BrandScope } from '../../shared/brands/ipc.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { Emit } from '../core/events.js';
import type { BrandsRepo } from '../store/brands-repo.js';
import type { ProfilesRepo } from '../store/profiles-repo.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { requireTimeZone } from './time-zone.js';

/*
 * Whether the calendar shows the active brand or every brand of every connection the app holds,
 * each brand's colour, and what keeps a brand from syncing. Main owns the choice and
 * remembers it; the window asks for it (getBrandScope) and is told when it changes.
 */

const ALL_BRANDS_SETTING = 'calendar.allBrands';
const DISPLAY_ZONE_SETTING = 'calendar.allBrandsZone';

export interface BrandScopeDeps {
  profiles: ProfilesRepo;
  brands: BrandsRepo;
  settings: SettingsRepo;
  /** The brand the window shows when it shows one. */
  active: () => ActiveBrand | null;
  emit: Emit;
}

export class BrandScopeService {
  constructor(private readonly d: BrandScopeDeps) {}

  isAll(): boolean {
    return this.d.settings.get(ALL_BRANDS_SETTING, z.boolean()) === true && this.d.active() !== null;
  }

  view(): BrandScope {
    return {
      all: this.isAll(),
      displayZone: this.d.settings.get(DISPLAY_ZONE_SETTING, z.string()),
      brands: this.entries(),
    };
  }

  setAll(all: boolean): BrandScope {
    this.d.settings.set(ALL_BRANDS_SETTING, all);
    return this.changed();
  }

  setDisplayZone(timezone: string | null): BrandScope {
    requireTimeZone(timezone);
    if (timezone === null) this.d.settings.delete(DISPLAY_ZONE_SETTING);
    else this.d.settings.set(DISPLAY_ZONE_SETTING, timezone);
    return this.changed();
  }

  setColor(ref: BrandRef, color: string | null): BrandScope {
    if (!this.d.brands.setColor(ref.profileId, ref.brandId, color?.toLowerCase() ?? null))
      throw new AppFailure('NOT_FOUND', 'This brand is not known any more: refresh the brand list.');
    return this.changed();
  }

  /** The brands the calendar shows: every brand of every connection, or the active one. */
  shown(): ActiveBrand[] {
    const active = this.d.active();
    if (!active) return [];
    if (!this.isAll()) return [active];
    return this.d.brands.listAll().map((b) => ({ profileId: b.profileId, brandId: b.id }));
  }

  /** Every brand the app holds, with its name (what a search's `brand:` looks among). */
  known(): (BrandRef & { name: string })[] {
    return this.d.brands.listAll().map((b) => ({ profileId: b.profileId, brandId: b.id, name: b.name }));
  }

  /** The brands the calendar shows, with their names. */
  shownNamed(): (BrandRef & { name: string })[] {
    const known = this.known();
    return this.shown().map(
      (s) => known.find((b) => b.profileId === s.profileId && b.brandId === s.brandId) ?? { ...s, name: '' },
    );
  }

  /** Whether a brand is one the calendar shows (a write of its posts is then allowed). */
  isShown(ref: BrandRef): boolean {
    return this.shown().some((b) => b.profileId === ref.profileId && b.brandId === ref.brandId);
  }

  /**
   * Marks a brand as not syncing (null: it syncs again), in the database: the mark shows at the next
   * start before any network, until a pull of the brand works. Announced when it changes.
   */
  setProblem(ref: BrandRef, problem: BrandSyncProblem | null): void {
    if (this.d.brands.setSyncProblem(ref.profileId, ref.brandId, problem)) this.changed();
  }

  private changed(): BrandScope {
    const scope = this.view();
    this.d.emit('brandScopeChanged', scope);
    return scope;
  }

  private entries(): BrandEntry[] {
    const labels = new Map(this.d.profiles.list().map((p) => [p.id, p.label]));
    return this.d.brands.listAll().map((b, i) => ({
      profileId: b.profileId,
      brandId: b.id,
      name: b.name,
      connection: labels.get(b.profileId) ?? '',
      color: b.color ?? autoBrandColor(i),
      colorChosen: b.color !== null,
      timezone: b.timezone,
      problem: b.syncProblem ? brandSyncProblemSentence(b.syncProblem) : null,
    }));
  }
}
