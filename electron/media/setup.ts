import type { MediaObject } from '../../shared/api/resources.js';
import { requireBrand, type ActiveBrand } from '../core/active-brand.js';
import { notConnected } from '../core/app-failure.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { MediaLibraryService } from './media-library.js';

type MediaMethod =
  'uploadMedia' | 'uploadMediaFromUrl' | 'cancelUpload' | 'listMedia' | 'listMediaLibrary' | 'setMediaTags';

/** Uploads and the media library. `uploadFromUrl` is lent to the import, whose rows may name links. */
export function setupMedia({
  db,
  now,
  repos,
  profiles,
  posts,
  sync,
  files,
}: AppContext): FeatureSetup<MediaMethod> & {
  uploadFromUrl: (brand: ActiveBrand | null, url: string) => Promise<MediaObject>;
} {
  const library = new MediaLibraryService({ db, outbox: repos.outbox, now });
  const uploadFromUrl = async (brand: ActiveBrand | null, url: string) => {
    if (!brand) return (await profiles.active()).api.uploadMediaFromUrl(url);
    const client = await profiles.apiFor(brand.profileId, brand.brandId);
    if (!client) throw notConnected();
    // Kept with the brand's media so the composer can reuse it like an uploaded file; a link that
    // already became a media the service still has is not fetched again (imports too).
    return library.uploadFromUrl(brand, url, (u) => client.uploadMediaFromUrl(u));
  };
  return {
    uploadFromUrl,
    handlers: {
      uploadMedia: ({ file }, ctx) => {
        const brand = requireBrand(ctx);
        return posts.uploadMedia(brand, { path: files.resolve(brand, file) });
      },
      uploadMediaFromUrl: ({ url }, ctx) => uploadFromUrl(ctx.brand, url),
      cancelUpload: async (input) => posts.cancelUpload(input),
      listMedia: async (_, ctx) => sync.listMedia(requireBrand(ctx)),
      listMediaLibrary: async (_, ctx) => library.listMediaLibrary(requireBrand(ctx)),
      setMediaTags: async (input, ctx) => library.setMediaTags(requireBrand(ctx), input),
    },
  };
}
