import {
  createContext,
  memo,
  useContext,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { brandInitials, textOnColor } from '../../shared/brands/colors.js';
import type { EventProps } from 'react-big-calendar';
import { formatChipTime, formatTime } from './format.js';
import { brandZone } from './time.js';
import { PostSummary } from './PostBadges.js';
import { postAccessibleName, postEventClass, whyNotMovable, type PostEvent } from './posts.js';
import { stateLabel } from '../../shared/posts/names.js';
import { useIsSelected } from '../bulk/selection-store.js';
import { LabelDot } from '../labels/LabelPill.js';
import { usePostLabels } from '../labels/queries.js';

/** What every post cell needs from the screen; stable for a zone, so cells do not re-render on screen updates. */
export interface PostCellContext {
  zone: string;
  onKeyDown(event: KeyboardEvent<HTMLElement>, post: PostEvent): void;
  /** Id of a post that should take focus when its cell mounts (after a keyboard move). */
  focusRequest: { current: string | null };
  /** The brand a post belongs to, where the calendar shows several (the all-brands view). */
  brandOf?: (post: CalendarPost) => BrandEntry | undefined;
  /** The pointer rests on a post whose text the calendar holds cut: its tooltip wants it whole. */
  /** The pointer rests on a chip whose text is cut (null: it left, or pressed to drag). */
  onHoverCut?: (post: CalendarPost | null) => void;
}

export const PostCellContext = createContext<PostCellContext | null>(null);

/**
 * Cells of the week view: seven columns leave room for what identifies a post (platform, time,
 * text), so the group and thread marks are not drawn (they are in the tooltip and the accessible
 * name). Not drawing them, rather than hiding them, keeps a busy week light.
 */
export const CompactCellContext = createContext(false);

// A brand's initials, once per name: every chip of the all-brands view shows its brand's.
const initials = new Map<string, string>();
function initialsOf(name: string): string {
  let text = initials.get(name);
  if (text === undefined) {
    text = brandInitials(name);
    if (initials.size >= 1_000) initials.clear();
    initials.set(name, text);
  }
  return text;
}

/** Whether the post `id` asked for the focus (after a keyboard move); the request is then taken. */
function takeFocusRequest(ctx: PostCellContext, id: string): boolean {
  if (ctx.focusRequest.current !== id) return false;
  ctx.focusRequest.current = null;
  return true;
}

/** What each mark on a post means: its tooltip, and the calendar's legend (MarksLegend). */
export const GROUP_MARK = (n: number) =>
  `One of a group of ${n} posts: the same post on ${n} accounts (hold Shift while dragging to move them all)`;
export const THREAD_MARK = (n: number) => `A thread of ${n} posts`;
export const PENDING_MARK = 'A change waiting to sync';
export const ERROR_MARK = 'Failed, or the service refused a change (the Outbox says why)';

function tooltip(event: PostEvent, time: string, brand: BrandEntry | undefined, zone: string): string {
  const p = event.post;
  const lines = [
    `${time} · ${p.integration.name ?? 'an unnamed account'} · ${stateLabel(p.state)}`,
    event.title,
  ];
  if (brand) {
    // A brand keeps its own zone: where it differs from the view's, its own time is said too.
    const own = brandZone(brand.timezone);
    const local = own !== zone ? `, ${formatTime(p.publishDate, own)} its time (${own})` : '';
    lines.splice(1, 0, `Brand: ${brand.name}${local}`);
  }
  if (p.error) lines.push(`Error: ${p.error}`);
  if (p.groupSize > 1)
    lines.push(`Part of a group of ${p.groupSize} posts (hold Shift while dragging to move them all)`);
  if (p.pending) lines.push('A change is waiting to sync');
  const fixed = whyNotMovable(p);
  if (fixed) lines.push(fixed);
  return lines.join('\n');
}

/**
 * What makes a cell its own box in the week and day grids (TimeGrid): the box's classes, and its
 * pointer handlers. A busy week draws hundreds of posts, so the cell is the box there rather than
 * an element inside one (the month and the lists still put it in a box of their own).
 */
export interface PostBoxProps {
  /** Sharing its row with another post or a chip. */
  narrow: boolean;
  handlers: {
    onPointerDown(e: PointerEvent<HTMLElement>, event: PostEvent): void;
    onClick(e: MouseEvent<HTMLElement>, event: PostEvent): void;
  };
}

/**
 * One post on the calendar. Memoized: a cell re-renders only when its own post changes. It is the
 * post's single keyboard stop (role button); the box around it is no stop of its own.
 */
export const PostEventView = memo(
  function PostEventView({ event, box }: Pick<EventProps<PostEvent>, 'event'> & { box?: PostBoxProps }) {
    const ctx = useContext(PostCellContext);
    const compact = useContext(CompactCellContext);
    const ref = useRef<HTMLDivElement>(null);
    const zone = ctx?.zone ?? 'UTC';
    // The chip shows the short time, and its accessible name says what it shows (axe: label in
    // name); the tooltip says the time in full.
    const time = formatTime(event.post.publishDate, zone);
    const chipTime = formatChipTime(event.post.publishDate, zone);
    const p = event.post;
    const selected = useIsSelected(p.id);
    const brand = ctx?.brandOf?.(p);
    const labels = usePostLabels(p);
    const labelWords = labels.length > 0 ? `, labels: ${labels.map((l) => l.name).join(', ')}` : '';

    useLayoutEffect(() => {
      if (ctx && takeFocusRequest(ctx, event.id)) ref.current?.focus();
    }, [ctx, event.id]);

    return (
      <div
        ref={ref}
        className={
          (box ? `cal-post ${postEventClass(event)}${box.narrow ? ' post-event--narrow' : ''} ` : '') +
          (selected ? 'post-cell post-cell--selected' : 'post-cell')
        }
        data-post-box={box ? true : undefined}
        onPointerDown={
          box &&
          ((e) => {
            if (p.textCut) ctx?.onHoverCut?.(null);
            box.handlers.onPointerDown(e, event);
          })
        }
        onClick={box && ((e) => box.handlers.onClick(e, event))}
        onPointerEnter={
          p.textCut && ctx?.onHoverCut
            ? (e) => {
                // A pointer pressed is dragging something: no tooltip to fill.
                if (e.buttons === 0) ctx.onHoverCut?.(p);
              }
            : undefined
        }
        onPointerLeave={p.textCut && ctx?.onHoverCut ? () => ctx.onHoverCut?.(null) : undefined}
        role="button"
        tabIndex={0}
        data-post-id={p.id}
        data-state={event.state ?? 'unknown'}
        data-selected={selected || undefined}
        data-brand={brand?.brandId}
        // The brand's avatar (its initials on its colour) is drawn by CSS from these
        // (posts.css): one element fewer per post, and a busy week draws hundreds.
        data-brand-initials={brand ? initialsOf(brand.name) : undefined}
        style={
          brand
            ? ({ '--brand-color': brand.color, '--brand-text': textOnColor(brand.color) } as CSSProperties)
            : undefined
        }
        aria-label={
          postAccessibleName(event, chipTime) +
          (brand ? `, ${brand.name}` : '') +
          labelWords +
          (selected ? ', selected' : '')
        }
        title={
          tooltip(event, time, brand, zone) +
          (labels.length > 0 ? `\nLabels: ${labels.map((l) => l.name).join(', ')}` : '')
        }
        onKeyDown={(e) => ctx?.onKeyDown(e, event)}
      >
        {/* No account picture: in a brand's calendar it repeats the brand and takes the text's room. */}
        <PostSummary event={event} time={chipTime} compact />
        {labels.length > 0 && (
          <span className="label-dots" data-testid="post-labels">
            {labels.map((l) => (
              <LabelDot key={l.id} label={l} />
            ))}
          </span>
        )}
        {!compact && p.groupSize > 1 && (
          <span
            className="post-mark post-mark--group glyph"
            data-glyph={`×${p.groupSize}`}
            aria-hidden="true"
            title={GROUP_MARK(p.groupSize)}
          />
        )}
        {!compact && p.blockCount > 1 && (
          <span
            className="post-mark post-mark--thread glyph"
            data-glyph={`≡${p.blockCount}`}
            aria-hidden="true"
            title={THREAD_MARK(p.blockCount)}
          />
        )}
        {p.pending && (
          <span
            className="post-mark post-mark--pending glyph"
            data-glyph="⟳"
            aria-hidden="true"
            title={PENDING_MARK}
          />
        )}
        {/* A failed post, or a change of it the service refused (it waits in the Outbox). */}
        {(event.state === 'error' || p.error !== null) && (
          <span
            className="post-mark post-mark--error glyph"
            data-glyph="!"
            aria-hidden="true"
            title={ERROR_MARK}
          />
        )}
      </div>
    );
  },
  // The library passes fresh slot dates on every render; only the post itself (and its box) decides what is drawn.
  (a, b) => a.event === b.event && a.box?.narrow === b.box?.narrow && a.box?.handlers === b.box?.handlers,
);
