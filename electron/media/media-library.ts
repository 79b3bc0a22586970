import type { MediaObject } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { LibraryMedia } from '../../shared/media/ipc.js';
import { AppFailure } from '../core/app-failure.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { OutboxReads } from '../outbox/outbox-repo.js';
import { localPostId } from '../outbox/outbox-overlay.js';
import { MediaRepo, type MediaRecord, type MediaUse, type SeenMedia } from './media-repo.js';
import { uploadUrlOrReuse } from './media-reuse.js';

/*
 * The media library of the active brand: every media uploaded or imported,
 * with what this device knows of it (size, dimensions, tags, the posts using it), and link uploads
 * that reuse the media a link already became.
 */

function view(r: MediaRecord, uses: readonly MediaUse[]): LibraryMedia {
  return {
    media: r.media,
    kind: r.kind,
    size: r.localSize,
    width: r.width,
    height: r.height,
    durationMs: r.durationMs,
    source: r.sourceUrl !== null && r.localPath === null ? 'link' : 'file',
    sourceUrl: r.sourceUrl,
    addedAt: r.createdAt,
    tags: r.tags,
    usedIn: uses
      .filter((u) => u.mediaId === r.media.id)
      .map((u) => ({ postId: u.postId, publishDate: u.publishDate })),
  };
}

/** A media only seen in a post this device read: what the post says of it, nothing measured. */
function seenView(s: SeenMedia, uses: readonly MediaUse[]): LibraryMedia {
  return {
    media: s.media,
    kind: null,
    size: null,
    width: null,
    height: null,
    durationMs: null,
    source: 'post',
    sourceUrl: null,
    addedAt: s.seenAt,
    tags: [],
    usedIn: uses
      .filter((u) => u.mediaId === s.media.id)
      .map((u) => ({ postId: u.postId, publishDate: u.publishDate })),
  };
}

/** Tags as the user means them: trimmed, one of each (ignoring case), in the order given. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags.map((x) => x.trim().replace(/\s+/g, ' '))) {
    if (t === '' || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

export class MediaLibraryService {
  private readonly repo: MediaRepo;

  constructor(
    private readonly o: {
      db: AppDatabase;
      /** Creates still queued count as uses of their media. */
      outbox: OutboxReads;
      now?: () => Date;
      fetchImpl?: typeof fetch;
    },
  ) {
    this.repo = new MediaRepo(o.db, o.now);
  }

  /**
   * The media this brand uploaded or imported, then the media of posts read in full that were
   * uploaded elsewhere (one tile per media either way).
   */
  listMediaLibrary(active: ActiveBrand): IpcOutput<'listMediaLibrary'> {
    const uses = this.uses(active);
    const records = this.repo.list(active.profileId, active.brandId);
    const known = new Set(records.map((r) => r.media.id));
    const seen = this.repo
      .seenInPosts(active.profileId, active.brandId)
      .filter((s) => !known.has(s.media.id));
    return [...records.map((r) => view(r, uses)), ...seen.map((s) => seenView(s, uses))];
  }

  setMediaTags(active: ActiveBrand, input: IpcInput<'setMediaTags'>): IpcOutput<'setMediaTags'> {
    if (!this.repo.get(active.profileId, active.brandId, input.mediaId)) {
      throw new AppFailure('NOT_FOUND', 'This media is not in the library any more; reload the library.');
    }
    const record = this.repo.setTags(active.profileId, active.brandId, input.mediaId, cleanTags(input.tags));
    if (!record)
      throw new AppFailure('NOT_FOUND', 'This media is not in the library any more; reload the library.');
    return view(record, this.uses(active));
  }

  /** POST /media/upload-from-url, unless this link already became a media the service still has. */
  async uploadFromUrl(
    active: ActiveBrand,
    url: string,
    send: (url: string) => Promise<MediaObject>,
  ): Promise<MediaObject> {
    const { media } = await uploadUrlOrReuse(
      { repo: this.repo, profileId: active.profileId, brandId: active.brandId, fetchImpl: this.o.fetchImpl },
      url,
      () => send(url),
    );
    return media;
  }

  /**
   * Posts using each media: those in the calendar's copy, and those still waiting in the outbox to
   * be created (a post counts from the moment it is scheduled, as the calendar shows it), newest first.
   */
  private uses(active: ActiveBrand): MediaUse[] {
    const nowIso = (this.o.now?.() ?? new Date()).toISOString();
    const queued: MediaUse[] = [];
    for (const op of this.o.outbox.list({ profileId: active.profileId, brandId: active.brandId })) {
      if (op.kind !== 'create' && op.kind !== 'edit') continue;
      if (op.status !== 'pending' && op.status !== 'sending') continue;
      const publishDate = op.payload.type === 'now' ? nowIso : op.payload.date;
      op.payload.targets.forEach((target, i) => {
        const ids = new Set<string>();
        for (const m of target.blocks.flatMap((b) => b.media)) {
          const id =
            m.mediaId ??
            (m.localPath
              ? this.repo.findByLocalPath(active.profileId, active.brandId, m.localPath)?.media.id
              : null);
          if (id) ids.add(id);
        }
        for (const mediaId of ids) queued.push({ mediaId, postId: localPostId(op.id, i), publishDate });
      });
    }
    return [...queued, ...this.repo.uses(active.profileId, active.brandId)].sort(
      (a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate),
    );
  }
}
