import type { MediaObject } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { LibraryMedia } from '../../shared/ipc/models.js';
import { AppFailure, notConnected } from '../core/app-failure.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { MediaRepo, type MediaRecord, type MediaUse } from './media-repo.js';
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
      active: () => ActiveBrand | null;
      now?: () => Date;
      fetchImpl?: typeof fetch;
    },
  ) {
    this.repo = new MediaRepo(o.db, o.now);
  }

  listMediaLibrary(): IpcOutput<'listMediaLibrary'> {
    const active = this.requireActive();
    const uses = this.repo.uses(active.profileId, active.brandId);
    return this.repo.list(active.profileId, active.brandId).map((r) => view(r, uses));
  }

  setMediaTags(input: IpcInput<'setMediaTags'>): IpcOutput<'setMediaTags'> {
    const active = this.requireActive();
    if (!this.repo.get(active.profileId, active.brandId, input.mediaId)) {
      throw new AppFailure('NOT_FOUND', 'This media is not in the library any more; reload the library.');
    }
    const record = this.repo.setTags(active.profileId, active.brandId, input.mediaId, cleanTags(input.tags));
    if (!record)
      throw new AppFailure('NOT_FOUND', 'This media is not in the library any more; reload the library.');
    return view(record, this.repo.uses(active.profileId, active.brandId));
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

  private requireActive(): ActiveBrand {
    const active = this.o.active();
    if (!active) throw notConnected();
    return active;
  }
}
