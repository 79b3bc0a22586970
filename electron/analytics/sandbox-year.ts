import { z } from 'zod';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { SandboxPastYear } from '../profiles/profile-service.js';
import type { LearnedIntegration } from '../integrations/integrations-repo.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { createLogger } from '../log.js';
import type { HistoryImport } from './history-import.js';

const log = createLogger('analytics');

/** The built-in sandbox's brands, with their seeded accounts, and how it tells their past year. */
export interface SandboxYear {
  brands: readonly (BrandRef & { integrations: readonly LearnedIntegration[] })[];
  pastYear?: SandboxPastYear;
}

/** Set once a brand's year is in: a restart (or a second start of the sandbox) imports nothing. */
const doneKey = (b: BrandRef) => `analyticsSandboxYear:${b.profileId}:${b.brandId}`;

/**
 * On the sandbox's first start, a year of plausible history for each of its brands, before the
 * service's own window, written as a history CSV and imported by the same door a user's file uses,
 * so every chart and every comparison with a year before has numbers at once. Once per brand of
 * each sandbox connection; a failure is logged and tried again at the next start.
 */
export function importSandboxYear(
  year: SandboxYear,
  deps: { importer: HistoryImport; settings: SettingsRepo; now: () => Date },
): void {
  if (!year.pastYear) return;
  for (const brand of year.brands) {
    const ref = { profileId: brand.profileId, brandId: brand.brandId };
    if (deps.settings.get(doneKey(ref), z.literal(true))) continue;
    try {
      const result = deps.importer.importText(ref, year.pastYear(brand.integrations, deps.now()));
      deps.settings.set(doneKey(ref), true);
      if (result.refusedCount > 0)
        log.warn(`the sandbox's year left ${result.refusedCount} rows out`, result.refused.slice(0, 3));
    } catch (error) {
      log.warn("the sandbox's year of history could not be imported", error);
    }
  }
}
