import './bulk.css';
import { BulkLabels } from '../labels/BulkLabels.js';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ALL_BRANDS, type BrandEntry } from '../../shared/brands/ipc.js';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { brandsSentence, type BulkAction } from '../../shared/bulk/plan.js';
import { useBrandScope } from '../ui/queries.js';
import { ExportMenu } from '../export/ExportMenu.js';
import { whyNotMovable, type PostEvent } from '../calendar/posts.js';
import { visibleWallRange, type ViewName } from '../calendar/range.js';
import { AppError } from '../ipc/ipc.js';
import { knownPosts } from '../ipc/posts-in-cache.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { buildBulkPlan, type TimedPlan } from './build-plan.js';
import { BulkPlanDialog } from './BulkPlanDialog.js';
import { selectionClick, useSelection } from './selection-store.js';
import { useBulkApply, useLastBatch } from './queries.js';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * Ctrl/Cmd-click and Shift-click on any post of the calendar pick it for a bulk change instead of
 * opening it. Listens in the capture phase on the calendar's body, so every view's cells (month,
 * week, day, list) take part without each handling it. `ordered` is the view's posts in time order.
 */
export function useSelectClicks(ordered: readonly string[]) {
  // Where the button went down: a click that ends a drag (Shift-drag moves a group) is not a pick.
  const down = useRef({ x: 0, y: 0 });
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      down.current = { x: e.clientX, y: e.clientY };
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, []);
  return useCallback(
    (e: ReactMouseEvent<HTMLElement>) => {
      const id = (e.target as HTMLElement).closest<HTMLElement>('[data-post-id]')?.dataset.postId;
      const dragged = Math.hypot(e.clientX - down.current.x, e.clientY - down.current.y) > 4;
      if (!id || dragged || !selectionClick(e, id, ordered)) return;
      e.preventDefault();
      e.stopPropagation();
    },
    [ordered],
  );
}

/** The view's posts (with its filters) in time order, and the click handler that picks among them. */
export function useBulkSelection(events: readonly PostEvent[], view: ViewName, date: Date) {
  const matching = useMemo(() => {
    const { start, end } = visibleWallRange(view, date);
    return events
      .filter((e) => e.start >= start && e.start <= end)
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id))
      .map((e) => e.id);
  }, [events, view, date]);
  // The keyboard's pick: Ctrl/Cmd+Space toggles the focused post, Shift+Space picks the run to it.
  const onKeyDownCapture = useCallback(
    (e: ReactKeyboardEvent<HTMLElement>) => {
      if (e.key !== ' ' || e.altKey) return;
      const id = (e.target as HTMLElement).closest<HTMLElement>('[data-post-id]')?.dataset.postId;
      if (!id || !selectionClick(e, id, matching)) return;
      e.preventDefault();
      e.stopPropagation();
    },
    [matching],
  );
  // "Select all" picks only posts a bulk change can touch: a published or past post would only
  // come back in the plan as "cannot change".
  const changeable = useMemo(() => {
    const byId = new Map(events.map((e) => [e.id, e]));
    return matching.filter((id) => {
      const e = byId.get(id);
      return !!e && whyNotMovable(e.post) === null;
    });
  }, [events, matching]);
  return { matching, changeable, onClickCapture: useSelectClicks(matching), onKeyDownCapture };
}

interface BulkBarProps {
  brandId: string | null;
  zone: string;
  /** The posts the view shows with its filters that a bulk change can touch, in time order: what "Select all" picks. */
  matching: readonly string[];
  /** How many posts the view shows that cannot change (published, past, not synced): left out of "Select all". */
  fixed: number;
}

/**
 * Which brands the picked posts belong to, in words, where they span brands (the all-brands view:
 * one bulk change, one batch per brand, each sent under its own brand); null for one brand's.
 */
function pickedBrands(
  client: QueryClient,
  ids: readonly string[],
  brands: readonly BrandEntry[],
): string | null {
  const picked = new Set(ids);
  const posts = knownPosts(client, ALL_BRANDS)
    .filter((p) => picked.has(p.id))
    .map((p) => ({
      ...(p.profileId && p.brandId ? { brand: { profileId: p.profileId, brandId: p.brandId } } : {}),
    }));
  return brandsSentence(posts, brands);
}

/** The bar shown while posts are picked: how many, the bulk actions, select all matching, clear. */
export function BulkBar({ brandId, zone, matching, fixed }: BulkBarProps) {
  const client = useQueryClient();
  const ids = useSelection((s) => s.ids);
  const picked = useSelection((s) => s.picked);
  const { selectIds, clear } = useSelection.getState();
  const [days, setDays] = useState(1);
  const [hours, setHours] = useState(0);
  const [time, setTime] = useState('09:00');
  const [plan, setPlan] = useState<TimedPlan | null>(null);
  const [planning, setPlanning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentAny, setSentAny] = useState(false);
  const { apply, undo } = useBulkApply(brandId, zone);
  const lastBatch = useLastBatch((st) => st.batch);
  const status = useIpcQuery('getSyncStatus', {});
  const scope = useBrandScope();

  // A new brand means new posts: what was picked (and the last batch's undo) means nothing there.
  // Only a real switch clears: coming back to the calendar keeps posts picked elsewhere (a search).
  const shownBrand = useRef(brandId);
  useEffect(() => {
    if (shownBrand.current === brandId) return;
    shownBrand.current = brandId;
    clear();
    useLastBatch.setState({ batch: null });
  }, [brandId, clear]);

  useEffect(() => {
    if (ids.length === 0 || plan) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || isTyping(e.target) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ids.length, plan, clear]);

  const preview = async (action: BulkAction) => {
    setPlanning(true);
    setError(null);
    try {
      setPlan(await buildBulkPlan(ids, action, knownPosts(client, brandId), zone));
    } catch (e) {
      setError(
        `Could not plan the change: ${e instanceof AppError || e instanceof Error ? e.message : String(e)}`,
      );
    } finally {
      setPlanning(false);
    }
  };

  const pending = status.data?.pending ?? 0;
  const progress =
    (sentAny && pending > 0) || lastBatch ? (
      <p className="bulk-progress" role="status" data-testid="bulk-progress">
        {sentAny && pending > 0
          ? `Sending changes to the service: ${pending} left. You can keep working. `
          : ''}
        {lastBatch ? (
          <button type="button" className="bulk-progress__undo" onClick={() => void undo(lastBatch.id)}>
            Undo “{lastBatch.label}”
          </button>
        ) : null}
      </p>
    ) : null;

  if (ids.length === 0 && !plan) return progress;
  // In the all-brands view a selection may span brands: the bar says which, and the change is one
  // batch per brand, each sent under its own brand.
  const spanning = brandId === ALL_BRANDS ? pickedBrands(client, ids, scope.data?.brands ?? []) : null;
  const blocked = planning;
  const validShift = Number.isInteger(days) && Number.isInteger(hours) && (days !== 0 || hours !== 0);
  return (
    <>
      <div className="bulk-bar" role="region" aria-label="Bulk changes" data-testid="bulk-bar">
        <strong className="bulk-bar__count" aria-live="polite">
          {ids.length} selected
        </strong>
        {spanning && (
          <span className="bulk-bar__brands" role="note" data-testid="bulk-brands">
            {spanning}
          </span>
        )}
        <button
          type="button"
          onClick={() => selectIds(matching)}
          disabled={matching.length === 0 || matching.every((id) => picked.has(id))}
        >
          Select all {matching.length} in view
        </button>
        {fixed > 0 && (
          <span className="bulk-bar__fixed" data-testid="bulk-fixed">
            ({fixed} {fixed === 1 ? 'post' : 'posts'} in view cannot change and {fixed === 1 ? 'is' : 'are'}{' '}
            left out)
          </span>
        )}
        <button type="button" onClick={clear} title="Esc">
          Clear
        </button>
        <ExportMenu postIds={ids} what={`${ids.length} selected ${ids.length === 1 ? 'post' : 'posts'}`} />
        <BulkLabels brandId={brandId} ids={ids} />
        <span className="bulk-bar__group">
          <label>
            Shift by <WholeNumber label="Days to shift" value={days} limit={366} onChange={setDays} /> days
          </label>
          <label>
            <WholeNumber label="Hours to shift" value={hours} limit={168} onChange={setHours} /> h
          </label>
          <button
            type="button"
            disabled={blocked || !validShift}
            onClick={() => void preview({ kind: 'shift', days, hours })}
          >
            Shift…
          </button>
        </span>
        <span className="bulk-bar__group">
          <label>
            Time of day{' '}
            <input
              type="time"
              aria-label="Time of day"
              value={time}
              onChange={(e) => setTime(e.target.value)}
            />
          </label>
          <button
            type="button"
            disabled={blocked || !/^\d\d:\d\d$/.test(time)}
            onClick={() => void preview({ kind: 'timeOfDay', time })}
          >
            Set time…
          </button>
        </span>
        <button type="button" disabled={blocked} onClick={() => void preview({ kind: 'nextFreeSlots' })}>
          Next free slots…
        </button>
        <button
          type="button"
          className="cal-danger"
          disabled={blocked}
          onClick={() => void preview({ kind: 'delete' })}
        >
          Delete…
        </button>
        {planning && <span role="status">Planning…</span>}
        {error && (
          <span role="alert" className="bulk-bar__error">
            {error}
          </span>
        )}
      </div>
      {progress}
      {plan && (
        <BulkPlanDialog
          plan={plan}
          zone={zone}
          brands={brandId === ALL_BRANDS ? (scope.data?.brands ?? []) : []}
          onCancel={() => setPlan(null)}
          onApply={async () => {
            if (await apply(plan)) {
              setSentAny(true);
              setPlan(null);
              clear();
            }
          }}
        />
      )}
    </>
  );
}

/** A whole number of days or hours to shift by, either way up to `limit`; anything else reads as 0. */
function WholeNumber({
  label,
  value,
  limit,
  onChange,
}: {
  label: string;
  value: number;
  limit: number;
  onChange: (value: number) => void;
}) {
  return (
    <input
      type="number"
      aria-label={label}
      value={value}
      min={-limit}
      max={limit}
      step={1}
      onChange={(e) => onChange(Math.trunc(Number(e.target.value) || 0))}
    />
  );
}
