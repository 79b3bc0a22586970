import { memo } from 'react';
import { RepeatMark } from '../evergreen/RepeatMark.js';
import { ReviewMark } from '../review/ReviewMark.js';
import { SeriesMark } from '../series/SeriesMark.js';
import { initials, type PostEvent } from './posts.js';
import { platformName } from '../../shared/platforms/names.js';

/** A short glyph per platform; the full name is always in the accessible name and the tooltip. */
const GLYPHS: Record<string, string> = {
  x: '𝕏',
  instagram: 'IG',
  linkedin: 'in',
  'linkedin-page': 'in',
  facebook: 'f',
  threads: '@',
  tiktok: '♪',
  youtube: '▶',
  bluesky: 'bs',
};

/** The platform's badge, coloured by the platform (see calendar.css). */
export const PlatformBadge = memo(function PlatformBadge({ platform }: { platform: string | null }) {
  const key = platform ?? 'unknown';
  return (
    <span
      className={`platform-badge platform-${key} glyph`}
      data-glyph={GLYPHS[key] ?? '•'}
      title={platformName(platform)}
      aria-hidden="true"
    />
  );
});

/** A stable hue per account, so the same account always looks the same. */
function hueOf(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** The account's picture, or its initials on a colour of its own. */
export const AccountAvatar = memo(function AccountAvatar(props: {
  id: string;
  name: string | null;
  picture: string | null;
}) {
  if (props.picture) {
    return <img className="account-avatar" src={props.picture} alt="" aria-hidden="true" loading="lazy" />;
  }
  return (
    <span
      className="account-avatar glyph"
      data-glyph={initials(props.name)}
      style={{ ['--avatar-hue' as string]: hueOf(props.id) }}
      aria-hidden="true"
    />
  );
});

/** What identifies a post wherever it is listed: account (unless compact), platform, time, its first media's thumbnail, first line. */
export function PostSummary({ event, time, compact }: { event: PostEvent; time: string; compact: boolean }) {
  const p = event.post;
  return (
    <>
      {!compact && (
        <AccountAvatar id={p.integration.id} name={p.integration.name} picture={p.integration.picture} />
      )}
      <PlatformBadge platform={p.integration.platform} />
      <time className="post-cell__time" dateTime={p.publishDate}>
        {time}
      </time>
      {/* A space between time and words (not drawn in the flex row) keeps "9:00 AM Text" two words for speech input. */}{' '}
      {p.thumbnail && (
        <img
          className="post-cell__thumb"
          src={p.thumbnail}
          alt=""
          aria-hidden="true"
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      )}
      <RepeatMark post={p} />
      <SeriesMark post={p} />
      <ReviewMark post={p} />
      <span className="post-cell__text" data-post-text>
        {event.title}
      </span>
    </>
  );
}
