import { createContext, useContext, useState, type ReactNode } from 'react';
import type { PlatformType } from '../../shared/platforms/types.js';
import {
  cropOf,
  cropWarning,
  firstLinkDomain,
  foldText,
  postedStamp,
  previewLayouts,
  textParts,
  type MediaFrame,
  type PreviewLayout,
  type PreviewVariant,
} from '../../shared/previews/layout.js';
import { Icon, type IconName } from './icons.js';
import './previews.css';

/*
 * A post drawn the way its network shows it, from plain data only (no query, store or IPC), so the
 * composer, the post details and a review pack render the same components. Layout numbers (fold,
 * link display, media frames) come from shared/previews/layout.ts.
 */

export interface PreviewMediaItem {
  /** Where to load the picture from (a thumbnail for a video), or null when none can be shown. */
  src: string | null;
  kind: 'image' | 'video';
  alt?: string;
  /** The media's known size; when absent it is read from the picture once it loads. */
  width?: number;
  height?: number;
}

export interface PreviewBlockData {
  text: string;
  media: readonly PreviewMediaItem[];
}

export interface PreviewPostData {
  platform: PlatformType;
  account: { name: string; picture?: string | null };
  /** The post's blocks: the first is the post, later ones its thread. */
  blocks: readonly PreviewBlockData[];
  /** The first comment (Instagram, LinkedIn, Facebook), shown under the post. */
  firstComment?: string | null;
  /** The post's platform settings (Instagram post or story, YouTube title). */
  settings?: Readonly<Record<string, unknown>>;
  /** When the post went out, for one already published; absent: drawn as it will look going out now. */
  publishedAt?: string | null;
}

const names: Record<PlatformType, string> = {
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  'linkedin-page': 'LinkedIn',
  facebook: 'Facebook',
  threads: 'Threads',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  bluesky: 'Bluesky',
};

/** The variant a post is drawn as: an Instagram post set to "story" is a story. */
export function previewVariant(post: Pick<PreviewPostData, 'platform' | 'settings'>): PreviewVariant {
  return post.platform === 'instagram' && post.settings?.post_type === 'story'
    ? 'instagram-story'
    : post.platform;
}

/** A handle-like name for networks that show one (the service gives only the display name). */
function handleOf(name: string): string {
  const slug = name.toLowerCase().replace(/[^\p{L}\p{N}_.]+/gu, '');
  return slug || 'account';
}

/** When the shown post went out ("3h", "Nov 20"), or null for one yet to go out: each network's own "now". */
const PostedStamp = createContext<string | null>(null);

export function PlatformPreview({ post }: { post: PreviewPostData }) {
  // The clock read once, when the preview opens: "3h" stays "3h" while it is on screen.
  const [openedAt] = useState(Date.now);
  const stamp = postedStamp(post.publishedAt, openedAt);
  const variant = previewVariant(post);
  const layout = previewLayouts[variant];
  const network = names[post.platform];
  const className = `pv pv-${variant}`;
  const label = variant === 'instagram-story' ? 'Instagram story' : `${network} post`;
  return (
    <PostedStamp.Provider value={stamp}>
      <div className={className} data-preview={variant} role="group" aria-label={label}>
        {variant === 'instagram-story' ? (
          <Story post={post} layout={layout} />
        ) : variant === 'tiktok' ? (
          <TikTok post={post} layout={layout} />
        ) : variant === 'youtube' ? (
          <YouTube post={post} layout={layout} />
        ) : layout.thread === 'replies' ? (
          <Conversation post={post} layout={layout} network={network} />
        ) : (
          <FeedPost post={post} layout={layout} network={network} variant={variant} />
        )}
      </div>
    </PostedStamp.Provider>
  );
}

function Avatar({ account, size = 40 }: { account: PreviewPostData['account']; size?: number }) {
  const initials = account.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]?.toUpperCase() ?? '')
    .join('');
  return account.picture ? (
    <img className="pv-avatar" src={account.picture} alt="" width={size} height={size} />
  ) : (
    <span className="pv-avatar pv-avatar-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}

/** The text as the network writes it, folded where it folds; the fold label opens the rest. */
function PostText({
  text,
  layout,
  lead,
  className = 'pv-text',
}: {
  text: string;
  layout: PreviewLayout;
  lead?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  if (text.trim() === '' && !lead) return null;
  const folded = open ? { shown: text, folded: false } : foldText(text, layout);
  return (
    <p className={className} dir="auto">
      {lead}
      {textParts(folded.shown, layout.links).map((p, i) =>
        p.kind === 'text' ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === 'link' ? (
          <span key={i} className="pv-link" title={p.url}>
            {p.text}
          </span>
        ) : (
          <span key={i} className={`pv-${p.kind}`}>
            {p.text}
          </span>
        ),
      )}
      {folded.folded ? (
        <>
          {/^(…|\.\.\.)/.test(layout.foldLabel) ? '' : '… '}
          <button type="button" className="pv-more" onClick={() => setOpen(true)}>
            {layout.foldLabel}
          </button>
        </>
      ) : null}
    </p>
  );
}

/** A link card as the network makes one, from the link alone: a plain card with the domain. */
function LinkCard({ domain, variant }: { domain: string; variant: PreviewVariant }) {
  return (
    <div className="pv-card" aria-label={`Link card for ${domain}`}>
      <div className="pv-card-image" aria-hidden="true">
        <Icon name="link" />
      </div>
      <div className="pv-card-body">
        {variant === 'x' ? <span className="pv-card-from">From {domain}</span> : <strong>{domain}</strong>}
      </div>
    </div>
  );
}

/** One picture or video in a frame of the network's ratio, with a warning when the frame cuts it. */
function Framed({ item, frame, network }: { item: PreviewMediaItem; frame: MediaFrame; network: string }) {
  const [measured, setMeasured] = useState<{ w: number; h: number } | null>(null);
  const w = item.width ?? measured?.w ?? 0;
  const h = item.height ?? measured?.h ?? 0;
  const crop = cropOf(w, h, frame);
  const known = w > 0 && h > 0;
  const ratio = known ? crop.frameRatio : frame.minRatio === frame.maxRatio ? frame.minRatio : 1;
  const warning = known ? cropWarning(crop, network) : null;
  return (
    <figure className="pv-frame-wrap">
      <div className="pv-frame" style={{ aspectRatio: String(ratio) }}>
        {item.src ? (
          <img
            src={item.src}
            alt={item.alt ?? ''}
            style={{ objectFit: frame.fit }}
            onLoad={(e) => setMeasured({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
          />
        ) : (
          <span className="pv-frame-empty" aria-hidden="true" />
        )}
        {item.kind === 'video' ? (
          <span className="pv-play" aria-label="Video">
            ▶
          </span>
        ) : null}
      </div>
      {warning ? (
        <figcaption className="pv-warning" role="note">
          ⚠ {warning}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The block's media: one in the network's frame, several in a grid of square tiles (X's 2 × 2). */
function Media({
  media,
  layout,
  network,
  carousel = false,
}: {
  media: readonly PreviewMediaItem[];
  layout: PreviewLayout;
  network: string;
  carousel?: boolean;
}) {
  const first = media[0];
  if (!first) return null;
  if (media.length === 1 || carousel) {
    return (
      <div className="pv-media">
        <Framed item={first} frame={layout.frame} network={network} />
        {carousel && media.length > 1 ? (
          <div className="pv-dots" aria-label={`1 of ${media.length}`}>
            {media.map((_, i) => (
              <span key={i} className={i === 0 ? 'pv-dot pv-dot-on' : 'pv-dot'} />
            ))}
          </div>
        ) : null}
      </div>
    );
  }
  const square: MediaFrame = { minRatio: 1, maxRatio: 1, fit: 'cover' };
  return (
    <div className={`pv-media pv-grid pv-grid-${Math.min(media.length, 4)}`}>
      {media.slice(0, 4).map((m, i) => (
        <Framed key={i} item={m} frame={square} network={network} />
      ))}
      {media.length > 4 ? <span className="pv-more-media">+{media.length - 4}</span> : null}
    </div>
  );
}

function Actions({ items, words = false }: { items: [IconName, string][]; words?: boolean }) {
  return (
    <div className={words ? 'pv-actions pv-actions-words' : 'pv-actions'} aria-hidden="true">
      {items.map(([icon, label]) => (
        <span key={label} className="pv-action">
          <Icon name={icon} />
          {words ? <span>{label}</span> : null}
        </span>
      ))}
    </div>
  );
}

const conversationActions: Record<string, [IconName, string][]> = {
  x: [
    ['comment', 'Reply'],
    ['repost', 'Repost'],
    ['heart', 'Like'],
    ['chart', 'Views'],
    ['share', 'Share'],
  ],
  threads: [
    ['heart', 'Like'],
    ['comment', 'Reply'],
    ['repost', 'Repost'],
    ['send', 'Share'],
  ],
  bluesky: [
    ['comment', 'Reply'],
    ['repost', 'Repost'],
    ['heart', 'Like'],
    ['dots', 'More'],
  ],
};

/** X, Threads and Bluesky: the post and its thread as replies joined by a line between avatars. */
function Conversation({
  post,
  layout,
  network,
}: {
  post: PreviewPostData;
  layout: PreviewLayout;
  network: string;
}) {
  const stamp = useContext(PostedStamp);
  const variant = previewVariant(post);
  const handle = handleOf(post.account.name);
  return (
    <ol className="pv-thread">
      {post.blocks.map((b, i) => {
        const domain = layout.linkCard && b.media.length === 0 ? firstLinkDomain(b.text) : null;
        return (
          <li key={i} className="pv-thread-item">
            <div className="pv-rail">
              <Avatar account={post.account} />
              {i < post.blocks.length - 1 ? <span className="pv-rail-line" aria-hidden="true" /> : null}
            </div>
            <div className="pv-body">
              <div className="pv-byline">
                <strong className="pv-name" dir="auto">
                  {variant === 'threads' ? handle : post.account.name}
                </strong>
                {variant === 'threads' ? null : <span className="pv-handle">@{handle}</span>}
                <span className="pv-handle">· {stamp ?? 'now'}</span>
              </div>
              <PostText text={b.text} layout={layout} />
              <Media media={b.media} layout={layout} network={network} />
              {domain ? <LinkCard domain={domain} variant={variant} /> : null}
              <Actions items={conversationActions[variant] ?? []} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The comments under a post: the first comment, then any later blocks, each by the account. */
function Comments({ post, layout }: { post: PreviewPostData; layout: PreviewLayout }) {
  const comments = [post.firstComment ?? '', ...post.blocks.slice(1).map((b) => b.text)].filter(
    (c) => c.trim() !== '',
  );
  if (comments.length === 0) return null;
  const commentLayout: PreviewLayout = { ...layout, foldAt: null, foldLines: null };
  return (
    <ul className="pv-comments" aria-label="Comments">
      {comments.map((c, i) => (
        <li key={i} className="pv-comment">
          <Avatar account={post.account} size={28} />
          <div className="pv-comment-body">
            <PostText
              text={c}
              layout={commentLayout}
              lead={<strong className="pv-name">{post.account.name} </strong>}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Instagram's post, LinkedIn and Facebook: header, text (Instagram: media first), actions, comments. */
function FeedPost({
  post,
  layout,
  network,
  variant,
}: {
  post: PreviewPostData;
  layout: PreviewLayout;
  network: string;
  variant: PreviewVariant;
}) {
  const block = post.blocks[0] ?? { text: '', media: [] };
  const domain = layout.linkCard && block.media.length === 0 ? firstLinkDomain(block.text) : null;
  const stamp = useContext(PostedStamp);
  const header = (
    <header className="pv-head">
      <Avatar account={post.account} size={variant === 'instagram' ? 32 : 44} />
      <div className="pv-who">
        <strong className="pv-name" dir="auto">
          {variant === 'instagram' ? handleOf(post.account.name) : post.account.name}
        </strong>
        {variant === 'linkedin' ? <span className="pv-sub">1st · {stamp ?? 'Now'}</span> : null}
        {variant === 'linkedin-page' ? <span className="pv-sub">Followers · {stamp ?? 'Now'}</span> : null}
        {variant === 'facebook' ? <span className="pv-sub">{stamp ?? 'Just now'}</span> : null}
      </div>
      {variant === 'linkedin-page' || variant === 'linkedin' ? (
        <span className="pv-follow">+ Follow</span>
      ) : (
        <Icon name="dots" />
      )}
    </header>
  );
  if (variant === 'instagram') {
    return (
      <>
        {header}
        <Media media={block.media} layout={layout} network={network} carousel />
        <div className="pv-actions pv-ig-actions" aria-hidden="true">
          <Icon name="heart" />
          <Icon name="comment" />
          <Icon name="send" />
          <span className="pv-spacer" />
          <Icon name="bookmark" />
        </div>
        <PostText
          text={block.text}
          layout={layout}
          lead={<strong className="pv-name">{handleOf(post.account.name)} </strong>}
        />
        <Comments post={post} layout={layout} />
      </>
    );
  }
  const words: [IconName, string][] =
    variant === 'facebook'
      ? [
          ['like', 'Like'],
          ['comment', 'Comment'],
          ['share', 'Share'],
        ]
      : [
          ['like', 'Like'],
          ['comment', 'Comment'],
          ['repost', 'Repost'],
          ['send', 'Send'],
        ];
  return (
    <>
      {header}
      <PostText text={block.text} layout={layout} />
      <Media media={block.media} layout={layout} network={network} />
      {domain ? <LinkCard domain={domain} variant={variant} /> : null}
      <Actions items={words} words />
      <Comments post={post} layout={layout} />
    </>
  );
}

/** Instagram's story: the first picture full screen in 9:16 under the account's name; no caption. */
function Story({ post, layout }: { post: PreviewPostData; layout: PreviewLayout }) {
  const stamp = useContext(PostedStamp);
  const item = post.blocks[0]?.media[0];
  return (
    <div className="pv-story">
      <div className="pv-story-bar" aria-hidden="true" />
      <div className="pv-story-head">
        <Avatar account={post.account} size={28} />
        <strong dir="auto">{handleOf(post.account.name)}</strong>
        <span className="pv-sub">{stamp ?? 'now'}</span>
      </div>
      {item ? (
        <Framed item={item} frame={layout.frame} network="Instagram" />
      ) : (
        <div className="pv-frame" style={{ aspectRatio: String(9 / 16) }}>
          <span className="pv-frame-empty">A story needs a picture or a video.</span>
        </div>
      )}
      <div className="pv-story-reply" aria-hidden="true">
        <span>Send message</span>
        <Icon name="heart" />
        <Icon name="send" />
      </div>
      {post.blocks[0]?.text.trim() ? (
        <p className="pv-note">Stories show no caption: the text is not shown.</p>
      ) : null}
    </div>
  );
}

/** TikTok: the video in 9:16 with the action rail on the right and the caption over it. */
function TikTok({ post, layout }: { post: PreviewPostData; layout: PreviewLayout }) {
  const block = post.blocks[0] ?? { text: '', media: [] };
  const item = block.media[0];
  return (
    <div className="pv-tt">
      {item ? (
        <Framed item={item} frame={layout.frame} network="TikTok" />
      ) : (
        <div className="pv-frame" style={{ aspectRatio: String(9 / 16) }} />
      )}
      <div className="pv-tt-rail" aria-hidden="true">
        <Avatar account={post.account} size={36} />
        <Icon name="heart" />
        <Icon name="comment" />
        <Icon name="bookmark" />
        <Icon name="share" />
      </div>
      <div className="pv-tt-caption">
        <strong dir="auto">@{handleOf(post.account.name)}</strong>
        <PostText text={block.text} layout={layout} />
      </div>
    </div>
  );
}

/** YouTube: the video in 16:9, the title, the channel row and the description folded after two lines. */
function YouTube({ post, layout }: { post: PreviewPostData; layout: PreviewLayout }) {
  const stamp = useContext(PostedStamp);
  const block = post.blocks[0] ?? { text: '', media: [] };
  const item = block.media[0];
  const title = typeof post.settings?.title === 'string' ? post.settings.title : '';
  return (
    <>
      {item ? (
        <Framed item={item} frame={layout.frame} network="YouTube" />
      ) : (
        <div className="pv-frame" style={{ aspectRatio: String(16 / 9) }} />
      )}
      <h4 className="pv-yt-title" dir="auto">
        {title || <span className="pv-sub">(no title yet)</span>}
      </h4>
      <div className="pv-head">
        <Avatar account={post.account} size={36} />
        <div className="pv-who">
          <strong className="pv-name" dir="auto">
            {post.account.name}
          </strong>
        </div>
        <span className="pv-subscribe">Subscribe</span>
      </div>
      <div className="pv-yt-description">
        <span className="pv-sub">{stamp ?? '0 views · now'}</span>
        <PostText text={block.text} layout={layout} />
      </div>
    </>
  );
}
