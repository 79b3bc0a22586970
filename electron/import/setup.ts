import type { MediaObject } from '../../shared/api/resources.js';
import { requireBrand, type ActiveBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import type { IntegrationsService } from '../integrations/integrations-service.js';
import type { QueueService } from '../queue/queue-service.js';
import { FingerprintsRepo } from './fingerprints-repo.js';
import { ImportService } from './import-service.js';

/** Spreadsheet and CSV imports: a preview checked row by row, then every good row queued once. */
export function setupImport(
  { db, now, repos, posts, events, files }: AppContext,
  needs: {
    integrations: IntegrationsService;
    queue: QueueService;
    uploadFromUrl: (brand: ActiveBrand, url: string) => Promise<MediaObject>;
  },
): FeatureSetup<'previewImport' | 'editImportRow' | 'runImport'> {
  const imports = new ImportService({
    fingerprints: new FingerprintsRepo(db, now),
    cache: repos.cache,
    posts,
    now,
    emit: events.emit,
    integrations: (brand) => needs.integrations.listIntegrations(brand),
    queue: needs.queue,
    uploadFromUrl: needs.uploadFromUrl,
    labelDrafts: (a, draftIds, names) => repos.labels.labelDrafts(a, draftIds, names),
  });
  return {
    handlers: {
      previewImport: ({ file }, ctx) => {
        const brand = requireBrand(ctx);
        return imports.previewImport(brand, { path: files.take(brand, file) });
      },
      editImportRow: async (input) => imports.editImportRow(input),
      runImport: (input, ctx) => imports.runImport(ctx.brand, input),
    },
  };
}
