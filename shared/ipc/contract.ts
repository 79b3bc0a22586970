import { z } from 'zod';
import {
  AnalyticsResponse,
  IsoDateTime,
  MediaObject,
  MeResponse,
  PostCreateResponse,
  PostDetail,
} from '../api/resources.js';
import { PlatformType } from '../platforms/types.js';
import type { IpcResult } from './errors.js';
import { BRAND_COLOR_PATTERN } from '../brands/colors.js';
import {
  BrandRef,
  BrandScope,
  BrandView,
  Draft,
  DraftInput,
  ExportFormat,
  ExportResult,
  ExportScope,
  FileToken,
  ImportPreview,
  localFilesAreTokens,
  ImportResult,
  ImportRowView,
  IntegrationView,
  LibraryMedia,
  MediaTag,
  OutboxItemView,
  PostRange,
  PostRangeResult,
  PostsNow,
  PostsWritten,
  ProfileView,
  QueueSlotsView,
  SendDraftInput,
  SearchQuery,
  SearchPostMatches,
  SearchResult,
  SyncStatus,
  WriteResult,
} from './models.js';
import { QueueSlots } from '../queue/slots.js';
import { MAX_REVIEW_COMMENT, ReviewImportSummary, ReviewState } from '../review/model.js';
import { MAX_IMPORT_CELL_CHARS } from '../posts-file/columns.js';
import { BulkApplyInput, BulkApplyResult, BulkUndoResult } from '../bulk/plan.js';
import { ClashGapMinutes } from '../clash/clashes.js';
import { Signature, Snippet, SnippetInput } from '../snippets/model.js';
import {
  EvergreenFill,
  EvergreenItem,
  EvergreenItemInput,
  EvergreenList,
  RepeatView,
} from '../evergreen/model.js';
import {
  LabelInput,
  LabelsView,
  Label,
  MAX_LABEL_SUBJECTS,
  NoteBody,
  PostNote,
  Subject,
} from '../labels/model.js';

/*
 * The IPC contract: every method the renderer may call and every event main sends. The preload
 * builds `window.api` from this list, main registers one validated handler per entry, and the
 * browser test bridge is built from it too, so the three can never disagree.
 */

const None = z.object({}).strict().optional();
const Id = z.string().min(1).max(200);
const BaseUrl = z.string().min(1).max(2000);
const ApiKey = z.string().min(8).max(500);

/** How Postdeck behaves as a desktop app; main applies them (tray, login item). */
export const DesktopSettings = z.object({
  /** Closing the last window leaves Postdeck in the tray (menu bar) so the outbox keeps sending. */
  keepRunningInBackground: z.boolean(),
  openAtLogin: z.boolean(),
});
export type DesktopSettings = z.infer<typeof DesktopSettings>;

/** The OS's 12/24-hour clock where it is set apart from the language; null: the language decides. */
export const ClockPreference = z.object({ hour12: z.boolean().nullable() });
export type ClockPreference = z.infer<typeof ClockPreference>;

/** What main asks the window to open: a post (notification, postdeck://post/…), the composer, the outbox. */
export const OpenRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), postId: Id }),
  z.object({ kind: z.literal('compose'), text: z.string().max(100_000) }),
  z.object({ kind: z.literal('outbox') }),
]);
export type OpenRequest = z.infer<typeof OpenRequest>;

/** What the About / diagnostics view shows: which build runs where, and the log's last lines. */
export const Diagnostics = z.object({
  versions: z.object({
    app: z.string(),
    /** Null outside Electron (the browser test bridge). */
    electron: z.string().nullable(),
    chromium: z.string().nullable(),
    node: z.string(),
    os: z.string(),
  }),
  /** The folder of the log files, the home folder shown as ~; null where nothing is written. */
  logFolder: z.string().nullable(),
  logLines: z.array(z.string()),
});
export type Diagnostics = z.infer<typeof Diagnostics>;

/** A brand's review settings: posts wait for approval before they are sent; the colour packs show. */
export const ReviewSettingsView = z.object({
  needsApproval: z.boolean(),
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable(),
});
export type ReviewSettingsView = z.infer<typeof ReviewSettingsView>;

/** The composer's copy of the draft it sends, saved first by main, so a send is one call. */
const composerCopy = { draft: DraftInput.superRefine(localFilesAreTokens).optional() };
const isNamedDraft = (input: { draftId: string; draft?: { id?: string } }) =>
  !input.draft?.id || input.draft.id === input.draftId;
const NOT_NAMED_DRAFT = { message: 'The draft sent is not the draft named.', path: ['draft', 'id'] };

const m = <I extends z.ZodType, R extends z.ZodType>(input: I, result: R, doc: string) => ({
  input,
  result,
  doc,
});

export const ipcMethods = {
  // Profiles and the key (the key goes in, never comes out).
  listProfiles: m(None, z.array(ProfileView), 'Every saved connection, the active one marked.'),
  connectProfile: m(
    z.object({
      baseUrl: BaseUrl,
      apiKey: ApiKey,
      label: z.string().max(100).optional(),
      brandId: Id.optional(),
      /** 'session' keeps the key in memory only, for machines without a keychain. */
      storage: z.enum(['keychain', 'session']).optional(),
    }),
    ProfileView,
    'Checks the key with GET /me, stores it in the keychain, and makes the profile active.',
  ),
  replaceKey: m(
    z.object({ profileId: Id, apiKey: ApiKey, storage: z.enum(['keychain', 'session']).optional() }),
    ProfileView,
    'Swaps the key of a profile after checking it.',
  ),
  switchProfile: m(z.object({ profileId: Id }), ProfileView, 'Makes another profile active.'),
  removeProfile: m(
    z.object({ profileId: Id }),
    z.object({ removed: z.boolean() }),
    'Deletes a profile and its key.',
  ),
  startSandbox: m(
    None,
    ProfileView,
    'Starts the built-in local service and connects to it with its test key.',
  ),
  getMe: m(None, MeResponse, 'GET /me for the active profile and brand.'),

  // Brands.
  listBrands: m(None, z.array(BrandView), 'Brands of the active profile (GET /brands, cached).'),
  switchBrand: m(z.object({ brandId: Id }), ProfileView, 'Changes x-brand-id for every later call.'),
  setBrandTimezone: m(
    z.object({ brandId: Id, timezone: z.string().max(100).nullable() }),
    BrandView,
    "Sets the brand's display timezone (IANA name), or null for the system's.",
  ),

  getBrandScope: m(None, BrandScope, 'One brand or all brands, and every brand of every connection.'),
  setAllBrands: m(
    z.object({ all: z.boolean() }),
    BrandScope,
    'Shows every brand of every connection in the calendar, or the active brand only; remembered.',
  ),
  setBrandColor: m(
    BrandRef.extend({ color: z.string().regex(BRAND_COLOR_PATTERN).nullable() }),
    BrandScope,
    "Sets a brand's colour (#rrggbb), or null to have one picked automatically.",
  ),
  setDisplayZone: m(
    z.object({ timezone: z.string().max(100).nullable() }),
    BrandScope,
    "Sets the all-brands view's display zone (IANA name), or null for the system's.",
  ),

  // Integrations (no endpoint lists them: learned from posts or added by id).
  listIntegrations: m(None, z.array(IntegrationView), 'Connected accounts known for the active brand.'),
  addIntegration: m(
    z.object({ id: Id, platform: PlatformType, name: z.string().max(200).optional() }),
    IntegrationView,
    'Adds an account by its id and platform.',
  ),

  // Posts: reads come from the cache when offline; writes go through the outbox.
  listPosts: m(
    PostRange,
    PostRangeResult,
    'Posts of the active brand (of every brand, in the all-brands view) in a range, from the cache at once; main pulls the range and its neighbours behind it.',
  ),
  getPost: m(z.object({ id: Id }), PostDetail, 'GET /posts/:id.'),
  reschedulePost: m(
    z.object({ id: Id, date: IsoDateTime, brand: BrandRef.optional() }),
    WriteResult,
    'Queues PUT /posts/:id/date; answers the post at its new time, as the calendar shows it now.',
  ),
  deleteGroup: m(
    z.object({ group: Id, brand: BrandRef.optional() }),
    WriteResult,
    "Queues DELETE /posts/:group; answers the group's posts as hidden.",
  ),
  sendDraft: m(
    SendDraftInput.extend(composerCopy).refine(isNamedDraft, NOT_NAMED_DRAFT),
    WriteResult.extend({
      outcome: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('sent'), results: PostCreateResponse }),
        /** Not waited for, held for approval, offline, or still on its way: `message` says so. */
        z.object({ kind: z.literal('queued'), outboxId: z.string(), message: z.string() }),
      ]),
    }),
    "Queues the create (and, for an edit, the delete of the old group) for a local draft, saving the given copy first; with wait, answers the service's result (issues[] beside the fields) or that the post waits in the outbox and why; with its posts as shown.",
  ),

  // Local drafts.
  listDrafts: m(None, z.array(Draft), 'Local drafts of the active brand, newest first.'),
  getDraft: m(z.object({ id: Id }), Draft, 'One local draft.'),
  saveDraft: m(
    DraftInput.superRefine(localFilesAreTokens),
    Draft,
    'Creates or updates a local draft (autosave); its local files are named by file tokens.',
  ),
  deleteDraft: m(z.object({ id: Id }), z.object({ deleted: z.boolean() }), 'Deletes a local draft.'),

  // Media: files reach main as tokens of files the user chose (never paths, never bytes).
  uploadMedia: m(
    z.object({ file: FileToken }),
    z.object({ uploadId: z.string() }),
    'Starts a streamed upload; progress comes as uploadProgress events.',
  ),
  uploadMediaFromUrl: m(
    z.object({ url: z.url({ protocol: /^https?$/ }) }),
    MediaObject,
    'POST /media/upload-from-url.',
  ),
  cancelUpload: m(z.object({ uploadId: Id }), z.object({ cancelled: z.boolean() }), 'Stops an upload.'),
  listMedia: m(None, z.array(MediaObject), 'Media already uploaded for the active brand, for reuse.'),
  // Media library (search, tags, uses).
  listMediaLibrary: m(
    None,
    z.array(LibraryMedia),
    'Every media of the active brand with size, dimensions, tags and the posts using it.',
  ),
  setMediaTags: m(
    z.object({ mediaId: Id, tags: z.array(MediaTag).max(20) }),
    LibraryMedia,
    'Replaces the tags of one media (kept locally).',
  ),

  // Outbox and sync.
  getSyncStatus: m(None, SyncStatus, 'Online state and outbox counts.'),
  listOutbox: m(None, z.array(OutboxItemView), 'Operations not yet confirmed by the service.'),
  retryOutbox: m(z.object({ id: Id }), OutboxItemView, 'Sends a failed operation again.'),
  discardOutbox: m(
    z.object({ id: Id }),
    z.object({ discarded: z.boolean(), puttingRight: z.boolean().optional() }),
    'Drops an operation never sent; one that may already be on the service (mayBeOut) is looked up and put right there first (puttingRight), then leaves the outbox.',
  ),
  resolveMissedTime: m(
    z.object({ id: Id, action: z.enum(['now', 'reschedule']), date: IsoDateTime.optional() }),
    OutboxItemView,
    'For a scheduled time that passed offline: post now, or move to a new time.',
  ),
  syncNow: m(None, SyncStatus, 'Flushes the outbox and refreshes the visible range now.'),

  // Posting queue: weekly slots per account (null = the brand default), and sending at the next free one.
  getQueueSlots: m(
    z.object({ integrationId: Id.nullable(), brand: BrandRef.optional() }),
    QueueSlotsView,
    "An account's slots, or the brand default's; of the brand named (one the calendar shows), else the active brand's.",
  ),
  setQueueSlots: m(
    z.object({ integrationId: Id.nullable(), slots: QueueSlots.nullable() }),
    QueueSlotsView,
    "Saves an account's slots (null: follow the brand default again).",
  ),
  copyQueueSlots: m(
    z.object({ from: Id.nullable(), to: z.array(Id).min(1).max(100) }),
    z.object({ copied: z.number().int() }),
    'Gives other accounts the same slots.',
  ),
  previewQueue: m(
    z.object({
      integrationIds: z.array(Id).min(1).max(100),
      count: z.number().int().min(1).max(50).optional(),
    }),
    z.object({
      timezone: z.string(),
      accounts: z.array(z.object({ integrationId: z.string(), dates: z.array(IsoDateTime) })),
    }),
    'The next free slots of each account, shown before "Add to queue" sends anything.',
  ),
  queueDraft: m(
    z.object({ draftId: Id, ...composerCopy }).refine(isNamedDraft, NOT_NAMED_DRAFT),
    PostsWritten.extend({
      slots: z.array(z.object({ integrationId: z.string(), date: IsoDateTime, outboxId: z.string() })),
    }),
    'Schedules a draft at the next free slot of each account, through the outbox (one create per distinct time).',
  ),
  moveToNextFreeSlot: m(
    z.object({ id: Id }),
    WriteResult.extend({ date: IsoDateTime }),
    "Reschedules a post to its account's next free slot.",
  ),

  shuffleQueue: m(
    z.object({ integrationId: Id }),
    PostsWritten.extend({ moved: z.number().int() }),
    "Shuffles an account's scheduled posts among the slot times they already occupy.",
  ),

  // Evergreen lists: posts that go again into free queue slots, each repeat created once through the outbox.
  listEvergreen: m(
    None,
    z.object({ lists: z.array(EvergreenList), items: z.array(EvergreenItem), timezone: z.string() }),
    "The brand's evergreen lists and their posts.",
  ),
  saveEvergreenList: m(
    z.object({ id: Id.optional(), name: EvergreenList.shape.name }),
    EvergreenList,
    'Creates (off) or renames a list.',
  ),
  setEvergreenListEnabled: m(
    z.object({ id: Id, enabled: z.boolean() }),
    PostsWritten.extend({ list: EvergreenList, created: z.number().int() }),
    'Turns a list on (its repeats are queued at once) or pauses it (repeats already made stay).',
  ),
  deleteEvergreenList: m(
    z.object({ id: Id }),
    z.object({ deleted: z.boolean() }),
    'Deletes a list and its posts; repeats already made stay.',
  ),
  saveEvergreenItem: m(
    EvergreenItemInput,
    EvergreenItem,
    'Creates or updates an evergreen post after checking every version.',
  ),
  deleteEvergreenItem: m(
    z.object({ id: Id }),
    z.object({ deleted: z.boolean() }),
    'Deletes an evergreen post.',
  ),
  makeEvergreen: m(
    z
      .object({ postId: Id.optional(), draftId: Id.optional(), listId: Id.optional() })
      .refine((v) => (v.postId === undefined) !== (v.draftId === undefined), 'Give a post or a draft.'),
    EvergreenItem,
    'Makes a post or a local draft an evergreen post, in a paused list (a new one when none is paused).',
  ),
  previewEvergreen: m(
    z.object({ listId: Id, days: z.number().int().min(1).max(92).optional() }),
    z.object({ timezone: z.string(), fills: z.array(EvergreenFill.extend({ existing: z.boolean() })) }),
    "The next weeks of a list's repeats (made and to come), as if it were on.",
  ),
  runEvergreen: m(
    None,
    PostsWritten.extend({ created: z.number().int() }),
    'Queues the repeats now due (main also runs it itself).',
  ),
  listRepeats: m(None, z.array(RepeatView), 'Repeats made, for the calendar’s marks.'),

  // Snippets (per brand, typed as /name in the composer) and signatures (per account, appended when sent).
  listSnippets: m(None, z.array(Snippet), "The brand's saved snippets, by name."),
  saveSnippet: m(SnippetInput, Snippet, 'Creates or updates a snippet (names are unique per brand).'),
  deleteSnippet: m(z.object({ id: Id }), z.object({ deleted: z.boolean() }), 'Deletes a snippet.'),
  listSignatures: m(None, z.array(Signature), "The brand's accounts' signatures."),
  setSignature: m(
    z.object({ integrationId: Id, body: z.string().max(2_000).nullable() }),
    z.array(Signature),
    "Sets an account's signature (null or blank: none).",
  ),

  // Labels, campaigns and notes on post groups: kept on this device, never sent to the service.
  listLabels: m(
    z.object({ brand: BrandRef.optional() }).strict().optional(),
    LabelsView,
    "A brand's labels and campaigns, which post groups carry which, and how many notes each has: the brand named (one the calendar shows), else the active brand's.",
  ),
  saveLabel: m(LabelInput, Label, 'Creates a label, or renames, recolours or dates (a campaign) one.'),
  deleteLabel: m(
    z.object({ id: Id }),
    z.object({ deleted: z.boolean() }),
    'Deletes a label; the posts that carried it lose it.',
  ),
  setPostLabels: m(
    z.object({
      subjects: z.array(Subject).min(1).max(MAX_LABEL_SUBJECTS),
      add: z.array(Id).max(100),
      remove: z.array(Id).max(100),
    }),
    LabelsView,
    'Adds and removes labels on post groups or drafts (local only; nothing goes to the outbox).',
  ),
  setPostLabelsAcrossBrands: m(
    z
      .object({
        groups: z
          .array(z.object({ brand: BrandRef, subjects: z.array(Subject).min(1).max(MAX_LABEL_SUBJECTS) }))
          .min(1)
          .max(200),
        add: z.array(Id).max(100),
        remove: z.array(Id).max(100),
      })
      .refine((v) => v.groups.reduce((n, g) => n + g.subjects.length, 0) <= MAX_LABEL_SUBJECTS, {
        message: `A label change may name at most ${MAX_LABEL_SUBJECTS} posts.`,
      }),
    z.array(z.object({ brand: BrandRef, view: LabelsView })),
    "Adds and removes labels (the active brand's or a named brand's) on post groups of several brands (the all-brands view), each under its own brand: its label of the same name, made there (same colour) when missing; one transaction. Answers each brand's labels.",
  ),
  labelsOfPosts: m(
    z.object({ postIds: z.array(Id).max(1_000) }),
    z.record(z.string(), z.array(z.string())),
    "The labels (by id) of each post's group, for posts the service named (analytics by label).",
  ),
  listNotes: m(
    z.object({ subject: Subject, brand: BrandRef.optional() }).strict(),
    z.array(PostNote),
    "A post group's notes, oldest first: of the brand named (a post of the all-brands view; one the calendar shows), else the active brand's.",
  ),
  addNote: m(
    z.object({ subject: Subject, body: NoteBody, brand: BrandRef.optional() }).strict(),
    PostNote,
    "Adds an internal note to a post group of the brand named (one the calendar shows) or the active brand, signed with the connection's user name (never sent).",
  ),
  deleteNote: m(
    z.object({ id: Id, brand: BrandRef.optional() }).strict(),
    z.object({ deleted: z.boolean() }),
    'Deletes a note of the brand named (one the calendar shows) or the active brand.',
  ),

  // Bulk import: read and checked in main, in chunks, with importProgress events.
  previewImport: m(
    z.object({ file: FileToken }),
    ImportPreview,
    'Reads a CSV or JSON file of posts and checks every row; nothing is sent.',
  ),
  editImportRow: m(
    z.object({
      importId: Id,
      index: z.number().int().min(0),
      cells: z.record(z.string().max(200), z.string().max(MAX_IMPORT_CELL_CHARS)),
    }),
    ImportRowView,
    'Changes cells of one previewed row and checks it again.',
  ),
  runImport: m(
    z.object({ importId: Id, drop: z.array(z.number().int().min(0)).max(100_000) }),
    ImportResult.extend(PostsWritten.shape),
    'Sends every kept row without problems through the outbox; rows imported before are skipped.',
  ),

  // Export: main writes the file (after a save dialog) in the format import reads back.
  exportPosts: m(
    z.object({ format: ExportFormat, scope: ExportScope }),
    ExportResult,
    'Writes posts of the active brand as .ics, CSV or JSON where the user chooses; CSV and JSON import back unchanged.',
  ),
  showExportedFile: m(
    z.object({ fileToken: z.string().min(1).max(100) }),
    z.object({ shown: z.boolean() }),
    'Shows the file the last export wrote in the system file manager, by the token exportPosts answered (never a path from the window).',
  ),
  // Client review (shared/review/): states kept on this device, packs made by main, replies read by main.
  setReviewState: m(
    z.object({
      postId: Id,
      state: ReviewState,
      comment: z.string().max(MAX_REVIEW_COMMENT).nullable().optional(),
      /** The post's own brand (a post of the all-brands view; one the calendar shows). */
      brand: BrandRef.optional(),
    }),
    PostsWritten,
    "Sets a post group's review state (and the comment of a change request) under the post's brand (named, or the active one); an approval lets a held post go.",
  ),
  getReviewSettings: m(
    z.object({ brand: BrandRef.optional() }).strict().optional(),
    ReviewSettingsView,
    "A brand's review settings: the brand named (one the calendar shows), else the active brand's.",
  ),
  setReviewSettings: m(
    ReviewSettingsView.partial().extend({ brand: BrandRef.optional() }).strict(),
    ReviewSettingsView,
    "Changes a brand's review settings (the brand named, one the calendar shows, else the active brand's); turning approval off lets held posts go.",
  ),
  exportReviewPack: m(
    z.object({ format: z.enum(['html', 'pdf']), scope: ExportScope }),
    z.object({ path: z.string().nullable(), posts: z.number().int(), skipped: z.number().int() }),
    'Writes a review pack (one self-contained HTML file, or its PDF) of the chosen posts where the user chooses; they are now in review.',
  ),
  importReviewReply: m(
    z.object({ file: FileToken }),
    PostsWritten.extend({ summary: ReviewImportSummary }),
    "Applies a reviewer's reply file: verdicts and comments only; a reply for another brand or a forged one is refused.",
  ),
  // Bulk changes (planned in the window with shared/bulk, applied in one outbox transaction) and clash settings.
  applyBulkChange: m(
    BulkApplyInput,
    BulkApplyResult.extend(PostsWritten.shape),
    'Queues every move, then every delete, of a planned bulk change in one transaction: one batch per brand its posts belong to, each sent under its own brand.',
  ),
  undoBulkChange: m(
    z.object({ batchId: Id }),
    BulkUndoResult.extend(PostsWritten.shape),
    "Takes a whole bulk change back (every brand's batch of it): moves back to their old times (a move that may already be on the service is sent back); deletes only while never sent (one that may be out is checked, not restored).",
  ),
  getClashSettings: m(
    z.object({ brand: BrandRef.optional() }).strict().optional(),
    z.object({ gapMinutes: ClashGapMinutes, isDefault: z.boolean() }),
    "A brand's gap between two posts of one account (clash warnings): the brand named (one the calendar shows), else the active brand's.",
  ),
  setClashSettings: m(
    z.object({ gapMinutes: ClashGapMinutes.nullable(), brand: BrandRef.optional() }).strict(),
    z.object({ gapMinutes: ClashGapMinutes, isDefault: z.boolean() }),
    "Sets a brand's gap in minutes (0: no gap warnings; null: the default): the brand named (one the calendar shows), else the active brand's.",
  ),

  // Analytics.
  getProfileAnalytics: m(
    z.object({ integrationId: Id }),
    AnalyticsResponse,
    'GET /analytics/insights/profile.',
  ),

  // Search: offline, over the active profile's cached posts, local drafts and outbox.
  searchPosts: m(
    SearchQuery,
    SearchResult,
    'Full-text search with filters; matches with a highlighted snippet.',
  ),
  searchPostMatches: m(
    SearchQuery,
    SearchPostMatches,
    'Every post a search matches (its limit ignored), for selecting or exporting them all.',
  ),

  // The desktop app: settings main applies, and what it asks the window to open.
  getDesktopSettings: m(None, DesktopSettings, 'Keep running in the background, open at login.'),
  setDesktopSettings: m(
    DesktopSettings.partial().strict(),
    DesktopSettings,
    'Changes desktop settings; main applies them at once.',
  ),
  getClockPreference: m(
    None,
    ClockPreference,
    "The OS's 12/24-hour setting, which every time on screen follows over the language's default.",
  ),
  takeOpenRequest: m(
    None,
    z.object({ request: OpenRequest.nullable() }),
    'The post or composer main asked the window to open (a notification, a link), once.',
  ),

  // The window's own health.
  takeRecoveryNotice: m(
    None,
    z.object({ message: z.string().nullable() }),
    'Why the window was just reloaded (a crash, a hang), once; null when it was not.',
  ),

  // About / diagnostics.
  getDiagnostics: m(None, Diagnostics, 'Versions and the last lines of the log file.'),
  openLogsFolder: m(
    None,
    z.object({ opened: z.boolean() }),
    'Shows the folder of the log files in the file manager.',
  ),

  // Shell.
  openExternal: m(
    z.object({ url: z.url({ protocol: /^https?$/ }) }),
    z.object({ opened: z.boolean() }),
    'Opens an http(s) link in the system browser.',
  ),
} as const;

export type IpcMethodName = keyof typeof ipcMethods;
export type IpcInput<K extends IpcMethodName> = z.input<(typeof ipcMethods)[K]['input']>;
export type IpcOutput<K extends IpcMethodName> = z.output<(typeof ipcMethods)[K]['result']>;

/** What the native menu can ask the window to do; main builds the menu from this list. */
export const MenuCommand = z.enum([
  'newPost',
  'today',
  'viewMonth',
  'viewWeek',
  'viewDay',
  'viewAgenda',
  'openCalendar',
  'openAnalytics',
  'openSettings',
  'openDiagnostics',
  'openOutbox',
  'importReview',
]);
export type MenuCommand = z.infer<typeof MenuCommand>;

/** Events main pushes to the renderer. */
export const ipcEvents = {
  /** The outbox or the connection changed: counts, online state, last pull. */
  syncStatus: SyncStatus,
  /**
   * Posts of a brand changed. A pull says which range (null: any); a sent or stopped operation
   * also says how its posts show now (`update`), so the window need not read the range again. A
   * write main made on its own (evergreen repeats, an import) is this one event, with the status.
   */
  postsChanged: z.object({
    brandId: z.string().nullable(),
    range: PostRange.nullable(),
    update: PostsNow.nullable(),
    status: SyncStatus.optional(),
  }),
  /** The service refused a queued operation for good: it stays in the Outbox until retried or discarded. */
  outboxFailed: OutboxItemView,
  uploadProgress: z.object({
    uploadId: z.string(),
    sent: z.number(),
    total: z.number(),
    state: z.enum(['uploading', 'done', 'failed', 'cancelled']),
    media: MediaObject.optional(),
    error: z.string().optional(),
  }),
  /** A post the user scheduled was published or failed (detected by sync). */
  postOutcome: z.object({
    postId: z.string(),
    state: z.string(),
    content: z.string(),
    error: z.string().nullable(),
  }),
  profileChanged: z.object({ profileId: z.string().nullable() }),
  /** The all-brands choice, a brand's colour or a brand's sync problem changed. */
  brandScopeChanged: BrandScope,
  /** Labels or notes moved to the group the service gave a post (a confirmed create or edit). */
  labelsChanged: z.object({ brandId: z.string() }),
  /** How far reading, checking or importing a file has come. */
  importProgress: z.object({
    importId: z.string(),
    phase: z.enum(['reading', 'checking', 'importing']),
    done: z.number().int(),
    total: z.number().int(),
  }),
  /** The user chose an item of the native menu (or pressed its shortcut). */
  menuCommand: z.object({ command: MenuCommand }),
  /** Main has something for the window to open: it asks with takeOpenRequest. */
  openRequested: z.object({}),
} as const;

export type IpcEventName = keyof typeof ipcEvents;
export type IpcEventPayload<K extends IpcEventName> = z.output<(typeof ipcEvents)[K]>;

/** The shape of `window.api`, held by the preload and the test bridge alike. */
export type WindowApi = {
  [K in IpcMethodName]: (input: IpcInput<K>) => Promise<IpcResult<IpcOutput<K>>>;
} & {
  on<K extends IpcEventName>(event: K, listener: (payload: IpcEventPayload<K>) => void): () => void;
  /**
   * A token for a File the user picked or dropped (Electron: the preload resolves its path with
   * webUtils.getPathForFile and registers it with main); null when the file has no place on disk
   * (a pasted picture) or cannot be opened. The page never sees the path.
   */
  fileToken(file: File): Promise<string | null>;
};

/** Channel names, derived so nobody types one by hand. */
export const methodChannel = (name: IpcMethodName) => `api:${name}` as const;
export const eventChannel = (name: IpcEventName) => `event:${name}` as const;
export const IPC_METHOD_NAMES = Object.keys(ipcMethods) as IpcMethodName[];
/**
 * The one channel that carries a path: the preload's `fileToken` registers the path Electron gave
 * for a File the user chose, and main answers a token. Not a method of `window.api`: the page
 * cannot send it a string.
 */
export const REGISTER_FILE_CHANNEL = 'files:register';
export const RegisterFileInput = z.object({ path: z.string().min(1).max(4096) }).strict();
export const RegisterFileResult = z.object({ token: FileToken });
export const IPC_EVENT_NAMES = Object.keys(ipcEvents) as IpcEventName[];
