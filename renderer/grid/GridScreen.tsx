import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Draft } from '../../shared/drafts/ipc.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { EmptyState, ErrorState, Loading } from '../ui/feedback.js';
import { useNotices } from '../ui/notice-store.js';
import { useUi } from '../ui/ui-store.js';
import { useClashGap } from '../clash/queries.js';
import { MINUTE, useCurrentMinute } from '../calendar/clock.js';
import { formatDateTime } from '../calendar/format.js';
import { firstLine, whyNotMovable } from '../calendar/posts.js';
import { useBrandZone } from '../calendar/queries.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { draftTime, gridTiles, planSwap, type GridTile } from './grid-plan.js';
import { useGridPosts, useGridWrites } from './queries.js';
import './grid.css';

/*
 * The Instagram grid planner: one Instagram account's profile grid as it will look, newest
 * top-left, with its last published posts under the ones to come. Drag a tile onto another (or
 * pick it up with Space or Enter, move with the arrows, drop with Space or Enter) to swap their
 * times; drop a local draft on a free slot, or anywhere on the grid for the next free time.
 */

const DAY = 86_400_000;
const COLUMNS = 3;
/** What the grid reads: the published posts of the last two months, and four months ahead. */
const BACK_DAYS = 60;
const AHEAD_DAYS = 120;
/** Free slots shown among the posts, where a draft can go. */
const FREE_SLOTS_SHOWN = 3;

/** The time a drop happens at (read in the handler, never while drawing). */
const clockNow = () => Date.now();

/** What is held: a tile of the grid, or a local draft from the list beside it. */
type Held = { kind: 'tile'; id: string } | { kind: 'draft'; id: string };

const isInstagram = (a: IntegrationView) => a.platform === 'instagram' && !a.disconnected;
const draftTitle = (d: Draft) => firstLine(d.blocks[0]?.content ?? '') || '(no text)';
const draftThumb = (d: Draft) => d.blocks[0]?.media.find((m) => m.thumbnail)?.thumbnail ?? null;

/** The range the grid reads, fixed while the screen is open so its cache key holds still. */
function gridRange(now: number) {
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  return {
    start: new Date(hour - BACK_DAYS * DAY).toISOString(),
    end: new Date(hour + AHEAD_DAYS * DAY).toISOString(),
  };
}

export function GridScreen() {
  const accounts = useIpcQuery('listIntegrations', {}, { refetchOnMount: 'always' });
  const instagram = useMemo(() => (accounts.data ?? []).filter(isInstagram), [accounts.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const account = instagram.find((a) => a.id === chosen) ?? instagram[0] ?? null;

  if (accounts.isPending) return <Loading label="Loading the Instagram accounts…" />;
  if (accounts.isError)
    return (
      <ErrorState
        title="The accounts could not be read"
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
      />
    );
  if (!account)
    return (
      <EmptyState title="This brand has no Instagram account">
        <p className="muted">
          The grid planner shows an Instagram profile as it will look. Accounts appear once a post of theirs
          has been read, or when you add one on the Account page.
        </p>
      </EmptyState>
    );
  return (
    <div className="ig-planner">
      <div className="ig-planner-toolbar">
        <label className="ig-planner-account">
          Instagram account
          <select value={account.id} onChange={(e) => setChosen(e.target.value)}>
            {instagram.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <p className="muted ig-planner-hint" id="ig-grid-help">
          Drag a post onto another to swap their times, or focus it and press Space, move with the arrows, and
          press Space again. Ctrl+Z undoes the last change.
        </p>
      </div>
      <AccountGrid key={account.id} account={account} />
    </div>
  );
}

function AccountGrid({ account }: { account: IntegrationView }) {
  const { brand, zone } = useBrandZone();
  const [range] = useState(() => gridRange(Date.now()));
  const posts = useGridPosts(brand?.id ?? null, range, brand !== null);
  const slots = useIpcQuery('previewQueue', { integrationIds: [account.id], count: FREE_SLOTS_SHOWN });
  const drafts = useIpcQuery('listDrafts', {});
  const gap = useClashGap();
  const minute = useCurrentMinute();
  const writes = useGridWrites(brand?.id ?? null, zone);
  const toast = useNotices((s) => s.show);
  const openComposer = useUi((s) => s.openComposer);

  const freeSlots = useMemo(
    () =>
      (slots.data?.accounts.find((a) => a.integrationId === account.id)?.dates ?? []).map((d) =>
        Date.parse(d),
      ),
    [slots.data, account.id],
  );
  const tiles = useMemo(
    () =>
      gridTiles(posts.data?.posts ?? [], {
        integrationId: account.id,
        now: minute * MINUTE,
        whyNotMovable,
        freeSlots,
      }),
    [posts.data, account.id, freeSlots, minute],
  );
  const accountDrafts = useMemo(
    () => (drafts.data ?? []).filter((d) => d.targets.some((t) => t.integrationId === account.id)),
    [drafts.data, account.id],
  );

  const [held, setHeld] = useState<Held | null>(null);
  const [dragging, setDragging] = useState<Held | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const tileRefs = useRef(new Map<string, HTMLButtonElement>());
  const { undoLast } = writes;

  // Ctrl/Cmd+Z on this screen undoes main's last change (the last swap), as it does in the calendar
  // (not while typing, nor in a dialog over the screen such as the composer).
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        void undoLast();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undoLast]);
  const focusIndex = Math.max(
    0,
    tiles.findIndex((t) => t.id === focusId),
  );

  const titleOf = (t: GridTile) =>
    t.kind === 'post' ? firstLine(t.post.content) || '(no text)' : 'Free slot';
  const titles = useMemo(
    () => new Map(tiles.flatMap((t) => (t.kind === 'post' ? [[t.id, titleOf(t)] as const] : []))),
    [tiles],
  );
  const refuse = (reason: string) => {
    setSaid(reason);
    toast({ tone: 'error', message: reason });
  };

  /** Drops what is held (a tile or a draft) onto `onto` (null: the grid itself, for a draft). */
  const drop = async (what: Held, onto: GridTile | null) => {
    setHeld(null);
    setDragging(null);
    setOver(null);
    if (busy) return;
    if (what.kind === 'draft') {
      const draft = accountDrafts.find((d) => d.id === what.id);
      if (!draft) return;
      const at = draftTime(onto, {
        now: clockNow(),
        freeSlots,
        busy: tiles.filter((t) => t.kind === 'post' && !t.published).map((t) => t.at),
        gapMinutes: gap,
      });
      setBusy(true);
      const ok = await writes.placeDraft(draft.id, draftTitle(draft), at);
      setBusy(false);
      setSaid(
        ok ? `Draft scheduled for ${formatDateTime(new Date(at), zone)}.` : 'The draft was not scheduled.',
      );
      return;
    }
    const from = tiles.find((t) => t.id === what.id);
    if (!from || !onto) return;
    const plan = planSwap(from, onto, clockNow());
    if (!plan.ok) return refuse(plan.reason);
    setBusy(true);
    const ok = await writes.swap(plan.moves, titles);
    setBusy(false);
    setSaid(ok ? (plan.moves.length === 2 ? 'Swapped.' : 'Moved to the free slot.') : 'Nothing was swapped.');
    // Focus stays on the tile the post was dropped on (the arrows start from there).
    setFocusId(onto.id);
  };

  /** Space or Enter on a tile: pick it up, drop what is held on it, or put it back down. */
  const pressTile = (tile: GridTile) => {
    if (held) {
      if (held.kind === 'tile' && held.id === tile.id) {
        setHeld(null);
        setSaid('Put back; nothing changed.');
        return;
      }
      void drop(held, tile);
      return;
    }
    if (tile.kind === 'slot') {
      setSaid('A free slot: pick up a draft from the list and drop it here.');
      return;
    }
    if (tile.fixed) return refuse(tile.fixed);
    setHeld({ kind: 'tile', id: tile.id });
    setSaid(
      `Picked up “${titleOf(tile).replace(/[.!?…]+$/, '')}”. Move with the arrow keys, Space or Enter swaps it with the post there, Escape puts it back.`,
    );
  };

  const moveFocus = (index: number) => {
    const next = tiles[Math.min(tiles.length - 1, Math.max(0, index))];
    if (!next) return;
    setFocusId(next.id);
    tileRefs.current.get(next.id)?.focus();
  };

  const onGridKey = (e: KeyboardEvent<HTMLOListElement>) => {
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -COLUMNS,
      ArrowDown: COLUMNS,
    };
    if (e.key in steps) {
      e.preventDefault();
      moveFocus(focusIndex + steps[e.key]!);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      moveFocus(e.key === 'Home' ? 0 : tiles.length - 1);
    } else if (e.key === 'Escape' && held) {
      e.preventDefault();
      setHeld(null);
      setSaid('Put back; nothing changed.');
    }
  };

  const dragProps = (what: Held, fixed: string | null) => ({
    draggable: true,
    onDragStart: (e: DragEvent) => {
      if (fixed) {
        // A published tile stays where it is, and says why.
        e.preventDefault();
        refuse(fixed);
        return;
      }
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', what.id);
      setDragging(what);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });

  const dropProps = (tile: GridTile) => ({
    onDragOver: (e: DragEvent) => {
      if (!dragging) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      if (over !== tile.id) setOver(tile.id);
    },
    onDragLeave: () => setOver((o) => (o === tile.id ? null : o)),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (dragging) void drop(dragging, tile);
    },
  });

  if (posts.isPending) return <Loading label={`Loading the grid of ${account.name}…`} />;
  if (posts.isError)
    return (
      <ErrorState
        title="The posts could not be read"
        error={posts.error}
        onRetry={() => void posts.refetch()}
      />
    );

  const heldTile = held?.kind === 'tile' ? held.id : null;
  const hasPosts = tiles.some((t) => t.kind === 'post');

  return (
    <div className="ig-planner-body">
      <section className="ig-profile card" aria-labelledby="ig-grid-title">
        <header className="ig-profile-head">
          {account.picture ? (
            <img className="ig-profile-avatar" src={account.picture} alt="" draggable={false} />
          ) : (
            <span className="ig-profile-avatar" aria-hidden="true">
              {account.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div>
            <h2 id="ig-grid-title">{account.name}</h2>
            {hasPosts ? (
              <p className="muted ig-profile-count">
                {tiles.filter((t) => t.kind === 'post' && !t.published).length} to come ·{' '}
                {tiles.filter((t) => t.kind === 'post' && t.published).length} published shown
              </p>
            ) : null}
          </div>
        </header>
        {!hasPosts ? (
          <EmptyState title={`${account.name} has no published or scheduled posts yet`}>
            <p className="muted">
              Schedule a post for this account, or place one of its drafts from the list beside the grid, and
              it takes its place here.
            </p>
          </EmptyState>
        ) : null}
        {tiles.length > 0 ? (
          <ol
            className={dragging?.kind === 'draft' ? 'ig-grid ig-grid-draft-over' : 'ig-grid'}
            aria-label={`Grid of ${account.name}, newest first`}
            aria-describedby="ig-grid-help"
            onKeyDown={onGridKey}
            onDragOver={(e) => {
              if (dragging?.kind === 'draft') e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging?.kind === 'draft') void drop(dragging, null);
            }}
          >
            {tiles.map((tile, i) => (
              <li key={tile.id} className="ig-cell">
                <button
                  type="button"
                  ref={(el) => {
                    if (el) tileRefs.current.set(tile.id, el);
                    else tileRefs.current.delete(tile.id);
                  }}
                  className={[
                    'ig-tile',
                    `ig-tile-${tile.kind === 'slot' ? 'slot' : tile.published ? 'published' : 'scheduled'}`,
                    heldTile === tile.id || (dragging?.kind === 'tile' && dragging.id === tile.id)
                      ? 'ig-tile-held'
                      : '',
                    over === tile.id ? 'ig-tile-over' : '',
                  ].join(' ')}
                  tabIndex={i === focusIndex ? 0 : -1}
                  aria-pressed={heldTile === tile.id}
                  data-grid-tile={tile.kind === 'post' ? tile.id : 'slot'}
                  title={tile.kind === 'post' && tile.fixed ? tile.fixed : undefined}
                  onFocus={() => setFocusId(tile.id)}
                  onClick={() => pressTile(tile)}
                  {...(tile.kind === 'post' ? dragProps({ kind: 'tile', id: tile.id }, tile.fixed) : {})}
                  {...dropProps(tile)}
                >
                  <TileFace tile={tile} zone={zone} />
                </button>
              </li>
            ))}
          </ol>
        ) : null}
        <p className="ig-said" role="status" aria-live="polite">
          {said}
        </p>
      </section>

      <aside className="ig-drafts card" aria-labelledby="ig-drafts-title">
        <h2 id="ig-drafts-title">Drafts for {account.name}</h2>
        {accountDrafts.length === 0 ? (
          <p className="muted">
            No local drafts for this account. Drafts you save in the composer appear here, to be placed in the
            grid.
          </p>
        ) : (
          <>
            <p className="muted">
              Drag a draft onto a free slot for that time, or onto the grid for the next free time.
            </p>
            <ul className="ig-draft-list">
              {accountDrafts.map((d) => {
                const thumb = draftThumb(d);
                const picked = held?.kind === 'draft' && held.id === d.id;
                return (
                  <li key={d.id} className="ig-draft">
                    <button
                      type="button"
                      className={picked ? 'ig-draft-pick ig-tile-held' : 'ig-draft-pick'}
                      aria-pressed={picked}
                      {...dragProps({ kind: 'draft', id: d.id }, null)}
                      onClick={() => {
                        if (picked) {
                          setHeld(null);
                          setSaid('Put back; nothing changed.');
                          return;
                        }
                        setHeld({ kind: 'draft', id: d.id });
                        setSaid(
                          `Picked up the draft “${draftTitle(d).replace(/[.!?…]+$/, '')}”. Move to a free slot in the grid and press Space or Enter.`,
                        );
                        moveFocus(focusIndex);
                      }}
                    >
                      {thumb ? <img src={thumb} alt="" draggable={false} /> : null}
                      <span>{draftTitle(d)}</span>
                    </button>
                    <div className="ig-draft-actions">
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        onClick={() => void drop({ kind: 'draft', id: d.id }, null)}
                      >
                        Schedule at the next free time
                      </button>
                      <button
                        type="button"
                        className="button button-quiet"
                        onClick={() => openComposer({ draftId: d.id })}
                      >
                        Edit
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </aside>
    </div>
  );
}

/** What a tile shows: the post's first picture (or its words), when it goes out, and its state. */
function TileFace({ tile, zone }: { tile: GridTile; zone: string }) {
  const [broken, setBroken] = useState(false);
  const when = formatDateTime(new Date(tile.at), zone);
  if (tile.kind === 'slot')
    return (
      <span className="ig-tile-body">
        <span className="ig-tile-slot-word">Free slot</span>
        <time dateTime={new Date(tile.at).toISOString()}>{when}</time>
      </span>
    );
  const text = firstLine(tile.post.content) || '(no text)';
  const thumb = tile.post.thumbnail && !broken ? tile.post.thumbnail : null;
  return (
    <>
      {thumb ? (
        <img
          className="ig-tile-thumb"
          src={thumb}
          alt=""
          loading="lazy"
          draggable={false}
          onError={() => setBroken(true)}
        />
      ) : (
        <span className="ig-tile-words" aria-hidden="true">
          {text}
        </span>
      )}
      <span className="ig-tile-meta">
        <span className="ig-tile-state">
          {tile.published ? 'Published · cannot move' : tile.post.pending ? 'Waiting to sync' : 'Scheduled'}
        </span>
        <time dateTime={tile.post.publishDate}>{when}</time>
      </span>
      <span className="visually-hidden">
        : {text}
        {tile.fixed ? `. ${tile.fixed}` : ''}
      </span>
    </>
  );
}
