import { useCallback, useId, useRef, useState } from 'react';
import { MediaTag, type LibraryMedia } from '../../shared/media/ipc.js';
import { EmptyState, ErrorState, Loading } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { useBrandZone } from '../calendar/queries.js';
import { openPostInCalendar } from '../analytics/open-in-calendar.js';
import { openRequested } from '../desktop/open-requests.js';
import { useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';
import { formatDimensions, formatDuration, formatSize, searchLibrary } from './library-search.js';
import { draftMediaOf, writeDraggedMedia } from './media-drag.js';
import { UploadButton } from './UploadButton.js';
import './media-library.css';
import { useSetMediaTags } from './queries.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const postDateFormat = (zone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });

/**
 * The brand's media library: every media uploaded or imported, searchable by name and tag, with its
 * facts, editable tags and the posts using it. A tile drags into a post's block in the composer.
 */
export function MediaLibraryScreen() {
  const library = useIpcQuery('listMediaLibrary', {}, { refetchOnMount: 'always' });
  const [query, setQuery] = useState('');
  const searchId = useId();
  const refetch = library.refetch;
  // A finished upload or a change of posts may add a tile or a use.
  useIpcEvent(
    'uploadProgress',
    useCallback((p) => void (p.state === 'done' ? refetch() : undefined), [refetch]),
  );
  useIpcEvent(
    'postsChanged',
    useCallback(() => void refetch(), [refetch]),
  );
  // A post queued in the outbox uses its media from then on, before any post changes on the service.
  const pending = useRef<number | null>(null);
  useIpcEvent(
    'syncStatus',
    useCallback(
      (status) => {
        if (pending.current !== status.pending) void refetch();
        pending.current = status.pending;
      },
      [refetch],
    ),
  );

  if (library.isPending) return <Loading label="Loading the media library…" />;
  if (library.isError) {
    return (
      <ErrorState
        title="The media library could not be read"
        error={library.error}
        onRetry={() => void library.refetch()}
      />
    );
  }
  const items = library.data;
  const shown = searchLibrary(items, query);

  return (
    <section className="media-library" aria-label="Media library">
      {/* The upload stays in one place from an empty library to a full one, with its progress. */}
      <div className="media-library-toolbar">
        <UploadButton />
        {items.length > 0 ? (
          <>
            <label htmlFor={searchId}>Search by name or tag</label>
            <input
              id={searchId}
              type="search"
              value={query}
              placeholder="launch, #spring…"
              onChange={(e) => setQuery(e.target.value)}
            />
            <span className="muted" role="status">
              {shown.length === items.length
                ? `${items.length} media`
                : `${shown.length} of ${items.length} media`}
            </span>
          </>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState title="No media for this brand yet">
          <p>
            Upload files here, or attach them in the composer; media imported from a CSV or JSON file and
            media of the posts you open appear here too, ready to reuse without uploading them again.
          </p>
        </EmptyState>
      ) : (
        <LibraryGrid shown={shown} query={query} onClear={() => setQuery('')} />
      )}
    </section>
  );
}

function LibraryGrid({
  shown,
  query,
  onClear,
}: {
  shown: readonly LibraryMedia[];
  query: string;
  onClear(): void;
}) {
  return (
    <>
      <p className="muted media-library-hint">
        Drag a tile onto a post in the composer (open it with New post), or start a post with it.
      </p>
      {shown.length === 0 ? (
        <EmptyState title="Nothing matches">
          <p>No media has “{query.trim()}” in its name or tags.</p>
          <button type="button" className="button" onClick={onClear}>
            Clear the search
          </button>
        </EmptyState>
      ) : (
        <ul className="media-grid" aria-label="Media of this brand">
          {shown.map((item) => (
            <MediaTile key={item.media.id} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}

function MediaTile({ item }: { item: LibraryMedia }) {
  const openComposer = useUi((s) => s.openComposer);
  const [broken, setBroken] = useState(false);
  const { media } = item;
  const kind = item.kind ?? (draftMediaOf(media).kind === 'video' ? 'video' : 'image');
  return (
    <li
      className="media-tile card"
      draggable
      aria-label={media.name}
      onDragStart={(e) => writeDraggedMedia(e.dataTransfer, media)}
    >
      {broken ? (
        <span className="media-tile-thumb media-tile-nothumb">No preview</span>
      ) : (
        <img
          src={media.thumbnail}
          alt={media.alt ?? ''}
          className="media-tile-thumb"
          loading="lazy"
          draggable={false}
          onError={() => setBroken(true)}
        />
      )}
      <h3 className="media-tile-name" title={media.name}>
        {media.name}
      </h3>
      <dl className="media-tile-facts">
        <dt>Kind</dt>
        <dd>{kind === 'video' ? 'Video' : 'Image'}</dd>
        <dt>Size</dt>
        <dd>{formatSize(item.size)}</dd>
        <dt>Dimensions</dt>
        <dd>{formatDimensions(item)}</dd>
        {kind === 'video' ? (
          <>
            <dt>Duration</dt>
            <dd>{formatDuration(item.durationMs)}</dd>
          </>
        ) : null}
        <dt>Added</dt>
        <dd>{dateFormat.format(new Date(item.addedAt))}</dd>
      </dl>
      <TagEditor item={item} />
      <UsedIn item={item} />
      <button
        type="button"
        className="button button-small"
        onClick={() => openComposer({ media: [draftMediaOf(media, item.kind)] })}
      >
        New post with it<span className="visually-hidden"> ({media.name})</span>
      </button>
    </li>
  );
}

function TagEditor({ item }: { item: LibraryMedia }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetMediaTags(item.media.id);

  const add = () => {
    const parsed = MediaTag.safeParse(text);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'This tag cannot be used.');
    setProblem(null);
    // What was typed stays in the field until the tag is saved.
    save.mutate([...item.tags, parsed.data], { onSuccess: () => setText('') });
  };

  return (
    <div className="media-tags">
      {item.tags.length > 0 ? (
        <ul className="media-tag-list" aria-label={`Tags of ${item.media.name}`}>
          {item.tags.map((tag) => (
            <li key={tag} className="media-tag">
              {tag}
              <button
                type="button"
                className="media-tag-remove"
                aria-label={`Remove tag ${tag} from ${item.media.name}`}
                disabled={save.isPending}
                onClick={() => save.mutate(item.tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="media-tag-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Add a tag to {item.media.name}
        </label>
        <input
          id={inputId}
          value={text}
          placeholder="Add a tag"
          maxLength={60}
          aria-invalid={problem || save.error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button-small button-quiet" disabled={save.isPending}>
          Add<span className="visually-hidden"> tag to {item.media.name}</span>
        </button>
      </form>
      {problem || save.error ? (
        <p className="field-error" role="alert">
          {problem ?? save.error?.message}
        </p>
      ) : null}
    </div>
  );
}

function UsedIn({ item }: { item: LibraryMedia }) {
  const { zone } = useBrandZone();
  const n = item.usedIn.length;
  if (n === 0) return <p className="muted media-used">Not used in a post yet</p>;
  const format = postDateFormat(zone);
  return (
    <details className="media-used">
      <summary>
        Used in {n} post{n === 1 ? '' : 's'}
      </summary>
      <ul>
        {item.usedIn.map((use) => (
          <li key={use.postId}>
            <button
              type="button"
              className="media-used-link"
              onClick={() =>
                // A post still in the outbox has no copy on the service to read its date from yet.
                use.postId.startsWith('local:')
                  ? openPostInCalendar(use.postId, use.publishDate, zone)
                  : void openRequested({ kind: 'post', postId: use.postId }, zone)
              }
            >
              Post of {format.format(new Date(use.publishDate))}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
