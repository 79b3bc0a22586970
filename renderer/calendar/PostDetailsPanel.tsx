import { ReviewSection } from '../review/ReviewSection.js';
import { subjectOfPost } from '../../shared/labels/model.js';
import { PostMeta } from '../labels/PostMeta.js';
import { ActivityTimeline } from '../activity/ActivityTimeline.js';
import { useEffect, useRef, useState } from 'react';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { openExternalLink, usePostDetail } from './queries.js';
import { formatDateTime, formatFull } from './format.js';
import { AccountAvatar, PlatformBadge } from './PostBadges.js';
import { whyNotDeletable, whyNotMovable } from './posts.js';
import { stateLabel } from '../../shared/posts/names.js';
import { platformName } from '../../shared/platforms/names.js';
import { QueueActions } from './QueueActions.js';
import { PlatformPreview } from '../previews/PlatformPreview.js';
import { PlatformType } from '../../shared/platforms/types.js';
import { MakeEvergreenButton } from '../evergreen/MakeEvergreenButton.js';
import { SeriesSection } from '../series/SeriesSection.js';
import { brandZone, instantToWall, parseInputValue, wallToInputValue, wallToInstant } from './time.js';
import { normalizePostState } from '../../shared/api/resources.js';
import { useUi } from '../ui/ui-store.js';
import { useKeyAccess } from '../ui/key-access.js';
import { featureAccess } from '../ui/permissions.js';
import { whyTimePassed } from '../../shared/posts/time-passed.js';
import { optionLabel, settingsFields } from '../composer/settings-fields.js';
import { CategoryPicker } from '../categories/CategoryPicker.js';

interface DetailsProps {
  postId: string;
  /** The post as the calendar has it (for pending changes and the group's other posts). */
  listed: CalendarPost | null;
  groupPosts: readonly CalendarPost[];
  zone: string;
  /** The post's brand where the calendar shows several (its own zone is said beside the view's). */
  brand?: Pick<BrandEntry, 'name' | 'timezone' | 'profileId' | 'brandId'> | undefined;
  onClose(): void;
  onOpen(id: string): void;
  onReschedule(post: CalendarPost, to: Date): void;
  onDelete(post: CalendarPost): void;
}

function settingField(platform: unknown, key: string) {
  const parsed = PlatformType.safeParse(platform);
  return parsed.success ? settingsFields(parsed.data).find((f) => f.key === key) : undefined;
}

/** A setting's name as the composer's form shows it (the schema's title), never its key. */
function settingTitle(platform: unknown, key: string): string {
  return settingField(platform, key)?.title ?? optionLabel(key.replace(/([a-z])([A-Z])/g, '$1 $2'));
}

/** A readable value for a platform setting: booleans as yes/no, a choice as the composer labels it, objects as JSON. */
function settingValue(platform: unknown, key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' && settingField(platform, key)?.kind === 'choice') return optionLabel(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Everything about one post from GET /posts/:id, with reschedule and delete. */
export function PostDetailsPanel({
  postId,
  listed,
  groupPosts,
  zone,
  brand,
  onClose,
  onOpen,
  onReschedule,
  onDelete,
}: DetailsProps) {
  // A post made here that the service has not confirmed yet has nothing there to read.
  const detail = usePostDetail(postId, !listed?.localOnly);
  const heading = useRef<HTMLHeadingElement>(null);
  const publishDate = listed?.publishDate ?? detail.data?.publishDate ?? null;

  useEffect(() => heading.current?.focus(), [postId]);

  const d = detail.data;
  const post: CalendarPost | null = listed;
  const state = post?.state ?? d?.state ?? '';
  const fixedReason = post ? whyNotMovable(post) : null;
  const keyDeleteRefused = useKeyAccess((k) => featureAccess(k.scopes, 'deletePosts').reason);
  const deleteRefused = keyDeleteRefused ?? (post ? whyNotDeletable(post) : null);
  const error = post?.error ?? d?.error ?? null;
  const settings = Object.entries(d?.settings ?? {}).filter(([k]) => k !== '__type');
  const releaseURL = post?.releaseURL ?? d?.releaseURL ?? null;
  const detailPlatform = PlatformType.safeParse(d?.settings.__type ?? post?.integration.platform).data;
  const openComposer = useUi((s) => s.openComposer);
  // In the all-brands view the composer opens under the post's own brand.
  const ownBrand = brand ? { brand: { profileId: brand.profileId, brandId: brand.brandId } } : {};
  // Only a post not yet out can be replaced by a new version; any post on the service can be copied.
  const onService = !!post && !post.localOnly && !!post.group;
  const editable = onService && ['scheduled', 'draft', 'error'].includes(normalizePostState(state) ?? '');

  return (
    <aside
      className="cal-details"
      aria-labelledby="cal-details-title"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <header className="cal-details__header">
        {post && (
          <AccountAvatar
            id={post.integration.id}
            name={post.integration.name}
            picture={post.integration.picture}
          />
        )}
        <div className="cal-details__who">
          <h2 id="cal-details-title" ref={heading} tabIndex={-1}>
            {post?.integration.name ?? d?.integration.name ?? 'Post'}
          </h2>
          <span className="cal-muted">
            <PlatformBadge platform={post?.integration.platform ?? d?.integration.platform ?? null} />{' '}
            {platformName(post?.integration.platform ?? d?.integration.platform ?? null)}
          </span>
        </div>
        <button type="button" className="cal-icon-button" aria-label="Close details" onClick={onClose}>
          ×
        </button>
      </header>

      <dl className="cal-details__facts">
        <dt>State</dt>
        <dd>
          <span
            className={`state-pill state-pill--${normalizePostState(state) ?? 'unknown'}`}
            data-testid="details-state"
          >
            {stateLabel(state)}
          </span>
          {post?.pending && <span className="cal-muted"> · change waiting to sync</span>}
        </dd>
        <dt>Publish date</dt>
        <dd data-testid="details-date">
          {publishDate ? `${formatFull(publishDate, zone)} (${zone})` : '—'}
          {publishDate && brand && brandZone(brand.timezone) !== zone ? (
            <span className="cal-muted" data-testid="details-brand-time">
              {' '}
              · {formatFull(publishDate, brandZone(brand.timezone))} for {brand.name} (
              {brandZone(brand.timezone)})
            </span>
          ) : null}
        </dd>
        {error && (
          <>
            <dt>Error</dt>
            <dd className="cal-error-text" data-testid="details-error">
              {error}
            </dd>
          </>
        )}
        {releaseURL && (
          <>
            <dt>Published at</dt>
            <dd>
              <a
                href={releaseURL}
                onClick={(e) => {
                  e.preventDefault();
                  void openExternalLink(releaseURL).catch(() => undefined);
                }}
              >
                {releaseURL}
              </a>
            </dd>
          </>
        )}
        <dt>Group</dt>
        <dd data-testid="details-group">
          {post && post.groupSize > 1 ? `${post.groupSize} posts share this group` : 'This post only'}
        </dd>
      </dl>

      {post && <SeriesSection post={post} />}
      {post && (
        <section aria-label="Labels and notes">
          {brand ? null : <CategoryPicker subject={subjectOfPost(post)} />}
          <PostMeta
            subject={subjectOfPost(post)}
            brand={brand ? { profileId: brand.profileId, brandId: brand.brandId } : undefined}
          />
        </section>
      )}

      {groupPosts.length > 1 && (
        <section aria-label="Posts in this group">
          <h3>In this group</h3>
          <ul className="cal-details__group">
            {groupPosts.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  className="cal-link"
                  aria-current={g.id === postId}
                  onClick={() => onOpen(g.id)}
                >
                  <PlatformBadge platform={g.integration.platform} />{' '}
                  {g.integration.name ?? 'Unnamed account'} · {formatDateTime(g.publishDate, zone)} ·{' '}
                  {stateLabel(g.state)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {post && <ReviewSection post={post} />}

      <section aria-label="Reschedule">
        <h3>Reschedule</h3>
        {fixedReason ? (
          <p className="cal-muted">{fixedReason}</p>
        ) : (
          <RescheduleForm
            key={`${post?.publishDate}|${zone}`}
            post={post}
            zone={zone}
            onReschedule={onReschedule}
          />
        )}
      </section>

      {post && !fixedReason && (
        <section aria-label="Queue">
          <h3>Queue</h3>
          <QueueActions post={post} zone={zone} />
        </section>
      )}

      <section aria-label="Content">
        <h3>{d && d.value.length > 1 ? `Thread of ${d.value.length}` : 'Content'}</h3>
        {listed?.localOnly && (
          <>
            <p className="cal-muted" data-testid="details-local">
              Waiting in the Outbox: this post goes to the service when the app is back online, and its media
              and settings show here once it is there.
            </p>
            <p className="cal-details__text" dir="auto">
              {listed.content}
            </p>
          </>
        )}
        {detail.isLoading && <p className="cal-muted">Loading the post…</p>}
        {detail.isError && (
          <p className="cal-error-text" role="alert">
            Could not load this post: {detail.error.message}{' '}
            <button type="button" className="cal-link" onClick={() => void detail.refetch()}>
              Try again
            </button>
          </p>
        )}
        {d && (
          <ol className="cal-details__blocks">
            {d.value.map((block, i) => (
              <li key={i} data-testid="details-block">
                <p className="cal-details__text">
                  {block.content || <span className="cal-muted">(no text)</span>}
                </p>
                {block.image && block.image.length > 0 && (
                  <div className="cal-details__media">
                    {block.image.map((m) => {
                      const media = d.media?.find((x) => x.id === m.id);
                      return (
                        <img
                          key={m.id}
                          src={media?.thumbnail ?? m.path}
                          alt={media?.alt ?? media?.name ?? 'Attached media'}
                          loading="lazy"
                        />
                      );
                    })}
                  </div>
                )}
                {i > 0 && d.commentDelays?.[i - 1] !== undefined && (
                  <p className="cal-muted">Posted {d.commentDelays[i - 1]} min after the previous block</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      {d && detailPlatform && (
        <section aria-label="Preview">
          <h3>Preview</h3>
          <PlatformPreview
            post={{
              platform: detailPlatform,
              account: {
                name: post?.integration.name ?? d.integration.name ?? 'Account',
                picture: post?.integration.picture ?? null,
              },
              blocks: d.value.map((block) => ({
                text: block.content,
                media: (block.image ?? []).map((m) => {
                  const media = d.media?.find((x) => x.id === m.id);
                  const kind = /\.(mp4|mov|webm)$/i.test(m.path) ? ('video' as const) : ('image' as const);
                  return {
                    src: media?.thumbnail ?? (kind === 'video' ? null : m.path),
                    kind,
                    alt: media?.alt ?? '',
                  };
                }),
              })),
              settings: d.settings,
              // A published post shows when it went out ("3h", "Nov 20"), not "now".
              publishedAt: post?.state === 'published' ? post.publishDate : null,
            }}
          />
        </section>
      )}

      {settings.length > 0 && (
        <section aria-label="Platform settings">
          <h3>{platformName(d?.settings.__type ?? null)} settings</h3>
          <dl className="cal-details__settings">
            {settings.map(([key, value]) => (
              <div key={key}>
                <dt>{settingTitle(d?.settings.__type, key)}</dt>
                <dd>{settingValue(d?.settings.__type, key, value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <ActivityTimeline
        postId={postId}
        brand={brand ? { profileId: brand.profileId, brandId: brand.brandId } : undefined}
        zone={zone}
      />

      <footer className="cal-details__footer">
        <div className="cal-details__actions">
          <button
            type="button"
            disabled={!editable}
            onClick={() => openComposer({ editPostId: postId, ...ownBrand })}
          >
            Edit
          </button>
          <button
            type="button"
            disabled={!onService}
            onClick={() => openComposer({ duplicatePostId: postId, ...ownBrand })}
          >
            Duplicate
          </button>
          <MakeEvergreenButton postId={postId} disabled={!onService} brand={ownBrand.brand} />
        </div>
        <button
          type="button"
          className="cal-danger"
          disabled={!post || !post.group || deleteRefused !== null}
          title={deleteRefused ?? undefined}
          onClick={() => post && onDelete(post)}
        >
          {post && post.groupSize > 1 ? `Delete all ${post.groupSize} posts of the group` : 'Delete post'}
        </button>
      </footer>
    </aside>
  );
}

/** The reschedule picker, in the brand zone; keyed by the post's time so it resets when the post moves. */
function RescheduleForm(props: {
  post: CalendarPost | null;
  zone: string;
  onReschedule(post: CalendarPost, to: Date): void;
}) {
  const { post, zone, onReschedule } = props;
  const [when, setWhen] = useState(() =>
    post ? wallToInputValue(instantToWall(Date.parse(post.publishDate), zone)) : '',
  );
  const [whenError, setWhenError] = useState<string | null>(null);
  const submit = () => {
    if (!post) return;
    const wall = parseInputValue(when);
    if (!wall) return setWhenError('Enter a date and a time.');
    const target = wallToInstant(wall, zone, new Date(post.publishDate));
    const passed = whyTimePassed(target.getTime(), Date.now());
    if (passed) return setWhenError(passed);
    setWhenError(null);
    onReschedule(post, target);
  };
  return (
    <form
      className="cal-details__reschedule"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <input
        type="datetime-local"
        aria-label={`New publish time (${zone})`}
        value={when}
        onChange={(e) => setWhen(e.target.value)}
      />
      <button type="submit" disabled={!post}>
        Reschedule
      </button>
      {whenError && (
        <p className="cal-error-text" role="alert">
          {whenError}
        </p>
      )}
    </form>
  );
}
