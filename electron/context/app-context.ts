import type { ClockPreference, DesktopSettings } from '../../shared/desktop/ipc.js';
import type { IpcEventName, IpcMethodName } from '../../shared/ipc/contract.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { IpcHandlers } from '../core/call-context.js';
import type { Emit } from '../core/events.js';
import type { DraftsRepo } from '../drafts/drafts-repo.js';
import type { ChooseSavePath } from '../export/export-service.js';
import type { FileGrants } from '../files/file-grants.js';
import type { IntegrationsRepo } from '../integrations/integrations-repo.js';
import type { LabelsRepo } from '../labels/labels-repo.js';
import type { CategoriesRepo } from '../categories/categories-repo.js';
import type { ActivityLog } from '../activity/activity-log.js';
import type { DiagnosticsSource } from '../logs/diagnostics.js';
import type { PostCommands } from '../posts/post-commands.js';
import type { BrandScopeService } from '../profiles/brand-scope.js';
import type { ProfileService, SandboxConnection } from '../profiles/profile-service.js';
import type { ReviewLens } from '../review/review-lens.js';
import type { SnippetsRepo } from '../snippets/snippets-repo.js';
import type { AppDatabase } from '../store/database.js';
import type { BrandsRepo } from '../store/brands-repo.js';
import type { OutboxReads } from '../outbox/outbox-repo.js';
import type { PostsCacheReads } from '../store/posts-cache.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import type { SyncEngine } from '../sync/sync-engine.js';

/*
 * What every feature's setup<Feature>(context) builds from: the database, the clock, the events,
 * the repositories (built once by the composition root), the posts commands and sync reads, the
 * brand scope, and what the host (Electron or the test bridge) lends. A feature takes what it
 * needs from here and builds nothing that another feature also builds.
 */

/** What the host lends the app: Electron's dialogs and shell, or the test bridge's stand-ins. */
export interface HostOptions {
  fetch?: typeof fetch;
  /** Starts the built-in local service (and says which brand its key acts on); absent where it cannot run. */
  startSandbox?: () => Promise<SandboxConnection>;
  /** Opens an http(s) link in the system browser (Electron: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** Versions and the log file for the About / diagnostics view (no log file in unit tests). */
  diagnostics?: DiagnosticsSource;
  /** Applies changed desktop settings (Electron: the login item); absent in the test bridge. */
  applyDesktopSettings?: (settings: DesktopSettings) => void;
  /** Shows a folder in the file manager (Electron: shell.openPath). */
  openFolder?: (path: string) => Promise<void>;
  /** Asks where to save an export (Electron: a save dialog; the test bridge: a folder of the test). */
  chooseSavePath?: ChooseSavePath;
  /** Asks for a folder (Electron: an open dialog; the test bridge: a folder of the test); null: cancelled. */
  chooseFolder?: () => Promise<string | null>;
  /** Renders a review pack's page as a PDF (Electron: printToPDF; the test bridge: Chromium's page.pdf). */
  printToPdf?: (html: string) => Promise<Uint8Array>;
  /** Shows an exported file in the file manager (Electron: shell.showItemInFolder). */
  showInFolder?: (path: string) => void;
  /** The OS's 12/24-hour setting (Electron adds macOS's; tests pass their own). Default: this machine's. */
  systemClock?: () => Promise<ClockPreference>;
}

/** The repositories, one of each for the whole app. */
export interface AppRepos {
  brands: BrandsRepo;
  settings: SettingsRepo;
  drafts: DraftsRepo;
  snippets: SnippetsRepo;
  integrations: IntegrationsRepo;
  labels: LabelsRepo;
  categories: CategoriesRepo;
  /** The activity log: read here; written only by the posts module and the outbox, with each change. */
  activity: ActivityLog;
  /** Read-only views: only the posts module writes the outbox and the posts cache. */
  outbox: OutboxReads;
  cache: PostsCacheReads;
}

export interface AppContext {
  db: AppDatabase;
  now: () => Date;
  events: {
    emit: Emit;
    on(listener: (name: IpcEventName, payload: unknown) => void): () => void;
  };
  host: HostOptions;
  repos: AppRepos;
  profiles: ProfileService;
  brandScope: BrandScopeService;
  /** The brand the window shows: what a background job acts on (a call's brand is in its context). */
  activeBrand: () => ActiveBrand | null;
  /** A brand's name as the service gave it, for files and sentences. */
  brandName: (brand: ActiveBrand) => string;
  files: FileGrants;
  /** The one door for changing a post. */
  posts: PostCommands;
  /** Reads, pulls and the outbox worker. */
  sync: SyncEngine;
  review: ReviewLens;
}

/** What a feature's setup answers: its share of the handlers, and its background job if it has one. */
export interface FeatureSetup<K extends IpcMethodName> {
  handlers: Pick<IpcHandlers, K>;
  start?(): void;
  stop?(): Promise<void>;
}
