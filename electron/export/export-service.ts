import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import type { PostDetail } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { CalendarPost, PostRange } from '../../shared/posts/ipc.js';
import type { ExportFormat } from '../../shared/export/ipc.js';
import { subjectOfPost } from '../../shared/labels/model.js';
import type { PostRecord } from '../../shared/posts-file/columns.js';
import { AppFailure } from '../core/app-failure.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { EXTENSION, render } from './formats.js';
import { postRecords, type ExportedPost } from './post-records.js';

/*
 * Main owns the data. Export: the posts in a range of the calendar, or
 * chosen ids (a selection, search results), each read in full (blocks, media, settings) from the
 * service or its saved copy, written as .ics, CSV or JSON where the user chooses, atomically
 * (a temporary file renamed over the target, so a failed write never leaves half a file).
 */

/** Posts read from the service at once: enough to be quick, few enough not to crowd the outbox. */
const PARALLEL_READS = 4;

/** Asks where to save (Electron: a save dialog); null when the user cancels. */
export type ChooseSavePath = (request: {
  defaultName: string;
  /** An export's format, or a review pack's (electron/review/). */
  format: ExportFormat | 'html' | 'pdf';
  /** The dialog's title, when not an export's or a review pack's (a client report). */
  title?: string;
}) => Promise<string | null>;

export interface ExportServiceOptions {
  now: () => Date;
  timezone: (active: ActiveBrand) => string;
  brandName: (active: ActiveBrand) => string;
  /**
   * The all-brands view's zone while the calendar shows every brand (its exports then hold every
   * shown brand's posts, each row naming its brand), else null.
   */
  allBrandsZone?: () => string | null;
  /**
   * The calendar's posts (cache with pending changes laid over it); the all-brands read yields
   * between brands, so it may wait.
   */
  postsInRange: (range: PostRange) => CalendarPost[] | Promise<CalendarPost[]>;
  /** The posts of the call's brand with these ids, as the calendar shows them. */
  postsById: (brand: ActiveBrand, ids: readonly string[]) => CalendarPost[];
  /** GET /posts/:id under the brand the post belongs to. */
  detail: (brand: ActiveBrand, id: string) => Promise<PostDetail>;
  /** The copy saved on this computer, if any, read first (no request), under the post's own brand. */
  savedDetail?: (brand: ActiveBrand, postId: string) => PostDetail | null;
  chooseSavePath?: ChooseSavePath;
  /** Labels and notes of post groups (subjects), written as their own columns; absent: none. */
  meta?: (
    active: ActiveBrand,
    subjects: readonly string[],
  ) => Map<string, { labels: string[]; notes: string[] }>;
  /** Shows a file in the system file manager (Electron: shell.showItemInFolder); absent in the test bridge. */
  showInFolder?: (path: string) => void;
}

/** Characters of the brand's name a default file name keeps (file systems take 255 bytes a name). */
export const MAX_NAME_BRAND_CHARS = 60;

/** What an export of the all-brands view is called, in its file name and its file. */
export const ALL_BRANDS_NAME = 'All brands';

/** A file name for the brand and the day: "Harbor Coffee posts 2026-11-23.csv". */
export function defaultName(brand: string, now: Date, format: ExportFormat): string {
  // Characters no file system takes in a name, and control characters.
  const safe =
    [...brand]
      .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
      .join('')
      .replace(/ +/g, ' ')
      .trim() || 'Postdeck';
  // A long brand name is cut (by code point), so the whole name stays well within a file system's limit.
  const short = [...safe].slice(0, MAX_NAME_BRAND_CHARS).join('').trim();
  return `${short} posts ${now.toISOString().slice(0, 10)}.${EXTENSION[format]}`;
}

/** A post's own brand, where the calendar marks it; else the active one. */
const ownBrand = (p: CalendarPost, active: ActiveBrand): ActiveBrand =>
  p.profileId && p.brandId ? { profileId: p.profileId, brandId: p.brandId } : active;
const brandKey = (b: ActiveBrand) => `${b.profileId}\u0000${b.brandId}`;

export class ExportService {
  /** The file the last export wrote, by its token: the only path "Show in folder" will ever show. */
  private lastWritten: { token: string; path: string } | null = null;

  constructor(private readonly o: ExportServiceOptions) {}

  /** Shows the last exported file in the file manager, if the token is that export's. */
  showExportedFile({ fileToken }: IpcInput<'showExportedFile'>): IpcOutput<'showExportedFile'> {
    const last = this.lastWritten;
    if (!last || last.token !== fileToken)
      throw new AppFailure('NOT_FOUND', 'That exported file is not known any more; export again to show it.');
    if (!this.o.showInFolder) return { shown: false };
    this.o.showInFolder(last.path);
    return { shown: true };
  }

  /**
   * Each row's brand, labels and notes: its group's (a row holds posts of one group, so of one
   * brand), each read under the post's own brand.
   */
  private withMeta(active: ActiveBrand, records: PostRecord[], posts: readonly CalendarPost[]): PostRecord[] {
    const brandOfPost = new Map(posts.map((p) => [p.id, ownBrand(p, active)]));
    const names = new Map<string, string>();
    const nameOf = (brand: ActiveBrand) => {
      const key = brandKey(brand);
      let name = names.get(key);
      if (name === undefined) names.set(key, (name = this.o.brandName(brand)));
      return name;
    };
    const named = records.map((r) => ({
      ...r,
      brand: nameOf(brandOfPost.get(r.postIds[0] ?? '') ?? active),
    }));
    if (!this.o.meta) return named;
    const subjectOf = new Map(posts.map((p) => [p.id, subjectOfPost(p)]));
    const byBrand = new Map<string, { brand: ActiveBrand; subjects: Set<string> }>();
    for (const p of posts) {
      const brand = brandOfPost.get(p.id) ?? active;
      const entry = byBrand.get(brandKey(brand)) ?? { brand, subjects: new Set<string>() };
      entry.subjects.add(subjectOf.get(p.id) ?? '');
      byBrand.set(brandKey(brand), entry);
    }
    const metaOf = new Map<string, Map<string, { labels: string[]; notes: string[] }>>();
    for (const [key, { brand, subjects }] of byBrand) metaOf.set(key, this.o.meta(brand, [...subjects]));
    return named.map((r) => {
      const first = r.postIds[0] ?? '';
      const m = metaOf.get(brandKey(brandOfPost.get(first) ?? active))?.get(subjectOf.get(first) ?? '');
      return m && (m.labels.length > 0 || m.notes.length > 0)
        ? {
            ...r,
            ...(m.labels.length ? { labels: m.labels } : {}),
            ...(m.notes.length ? { notes: m.notes } : {}),
          }
        : r;
    });
  }

  async exportPosts(
    active: ActiveBrand,
    { format, scope }: IpcInput<'exportPosts'>,
  ): Promise<IpcOutput<'exportPosts'>> {
    if (!this.o.chooseSavePath)
      throw new AppFailure('INTERNAL', 'Saving files is not available in this build.');
    const shown = await (scope.kind === 'range'
      ? this.o.postsInRange({ start: scope.start, end: scope.end })
      : this.o.postsById(active, scope.postIds));
    const serverPosts = shown.filter((p) => !p.localOnly);
    const skipped = shown.length - serverPosts.length;
    if (serverPosts.length === 0) {
      throw new AppFailure(
        'INVALID_ARGUMENT',
        skipped > 0
          ? 'These posts are not on the service yet; export them once the outbox has sent them.'
          : 'There are no posts to export here; pick a range or posts that have some.',
      );
    }
    const now = this.o.now();
    // The all-brands view exports every shown brand's posts (main's lists hold them), in its zone.
    const allZone = this.o.allBrandsZone?.() ?? null;
    const brandName = allZone === null ? this.o.brandName(active) : ALL_BRANDS_NAME;
    const path = await this.o.chooseSavePath({ defaultName: defaultName(brandName, now, format), format });
    if (path === null) return { path: null, count: 0, posts: 0, partial: 0, skipped, fileToken: null };
    const exported = await this.readAll(active, serverPosts);
    const timezone = allZone ?? this.o.timezone(active);
    const records = this.withMeta(active, postRecords(exported, timezone), serverPosts);
    const text = render(format, records, { brandName, timezone, now });
    const target = extname(path) === '' ? `${path}.${EXTENSION[format]}` : path;
    await writeAtomically(target, text);
    const partial = exported.filter((e) => e.detail === null).length;
    this.lastWritten = { token: randomUUID(), path: target };
    return {
      path: target,
      count: records.length,
      posts: exported.length - partial,
      partial,
      skipped,
      fileToken: this.lastWritten.token,
    };
  }

  /** Every post with its detail, PARALLEL_READS at a time; a post that cannot be read keeps the calendar's copy. */
  private async readAll(active: ActiveBrand, posts: readonly CalendarPost[]): Promise<ExportedPost[]> {
    const out: ExportedPost[] = new Array<ExportedPost>(posts.length);
    let next = 0;
    const worker = async () => {
      while (next < posts.length) {
        const i = next;
        next += 1;
        const post = posts[i]!;
        // A post's blocks, media and settings never change under its id (the API only moves its
        // date, and an edit is a new post), so a saved copy is as good as a fresh one; its date and
        // state come from the calendar's copy anyway.
        // A post of the all-brands view is read under its own brand, not the call's.
        const brand =
          post.profileId && post.brandId ? { profileId: post.profileId, brandId: post.brandId } : active;
        const detail =
          this.o.savedDetail?.(brand, post.id) ?? (await this.o.detail(brand, post.id).catch(() => null));
        out[i] = { post, detail };
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, posts.length) }, worker));
    return out;
  }
}

/** Writes beside the target and renames over it: the target is either the old file or the whole new one. */
export async function writeAtomically(path: string, text: string | Uint8Array): Promise<void> {
  const temp = `${path}.${randomUUID()}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temp, text, { encoding: 'utf8', flush: true });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `The file could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); choose another folder.`,
    );
  }
}
