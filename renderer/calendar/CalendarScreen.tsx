import 'react-big-calendar/lib/css/react-big-calendar.css';
import './calendar.css';
import { useQueryClient } from '@tanstack/react-query';
import { startOfDay } from 'date-fns';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { useCalendarActions } from './actions.js';
import { CalendarFilters } from './CalendarFilters.js';
import { CalendarToolbar } from './CalendarToolbar.js';
import { MarksLegend } from './MarksLegend.js';
import { ExportMenu } from '../export/ExportMenu.js';
import { RepeatsProvider } from '../evergreen/RepeatMark.js';
import { SeriesProvider } from '../series/SeriesMark.js';
import { CalendarGrid } from './CalendarGrid.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useEmptySlots } from './empty-slots.js';
import { useUi } from '../ui/ui-store.js';
import { formatDateTime } from './format.js';
import { useFixedPostHint, useGlobalShortcuts, usePostKeys } from './interaction.js';
import { dropTarget, groupMembers, planMove, type MoveOrigin } from './moves.js';
import { PostDetailsPanel } from './PostDetailsPanel.js';
import type { PostCellContext } from './PostEventView.js';
import {
  applyFilters,
  brandKeyOf,
  firstLine,
  NO_FILTERS,
  toPostEvent,
  whyNotDeletable,
  type PostEvent,
} from './posts.js';
import { knownPosts } from '../ipc/posts-in-cache.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import {
  openingDate,
  useCalendarBrand,
  useIntegrations,
  useSetZone,
  useReadWholeOnHover,
  useVisiblePosts,
  useWholePosts,
} from './queries.js';
import { stepDate, type ViewName } from './range.js';
import { filtersOf, useCalendarStore } from './store.js';
import { instantToWall } from './time.js';
import { useNotices } from '../ui/notice-store.js';
import { BulkBar, useBulkSelection } from '../bulk/BulkBar.js';
import { useMoveClashCheck } from '../clash/queries.js';
import { LabelFilters } from '../labels/LabelFilters.js';
import { CampaignBand } from '../labels/CampaignBand.js';
import { filterByLabels, useLabelFilterOf } from '../labels/label-filter.js';
import { PostLabelsContext } from '../labels/queries.js';
import { useCalendarLabels } from '../labels/queries.js';
import { MixBar } from '../categories/MixBar.js';

const EMPTY: CalendarPost[] = [];

/** The calendar screen: every post of the active brand at a glance, drag or keys to reschedule. */
export function CalendarScreen() {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);
  // The active brand, or every brand of every connection (brand id ALL_BRANDS).
  const { brand, zone, loading: brandLoading, scope } = useCalendarBrand();
  const brandId = brand?.id ?? null;
  const allBrands = scope?.all === true;
  const brandEntries = allBrands ? scope.brands : undefined;
  const brandOf = useMemo(() => {
    if (!brandEntries) return undefined;
    const byKey = new Map(brandEntries.map((b) => [brandKeyOf(b), b]));
    return (post: CalendarPost) => byKey.get(brandKeyOf(post));
  }, [brandEntries]);

  const view = useCalendarStore((s) => s.view);
  const dateKey = useCalendarStore((s) => s.dateKey);
  const filters = useCalendarStore((s) => filtersOf(s, brandId));
  const openPostId = useCalendarStore((s) => s.openPostId);
  const { setView, setDate, toggleFilter, setFilters, openPost } = useCalendarStore.getState();

  // Until the user picks a date, the calendar opens on today in the brand zone.
  const [openedAt] = useState(() => Date.now());
  const date = useMemo(() => openingDate(dateKey, openedAt, zone), [dateKey, openedAt, zone]);
  const { query, range } = useVisiblePosts(brandId, view, date, zone, !brandLoading);
  const integrations = useIntegrations();
  // Only the visible range's posts, also while a new range loads (useVisiblePosts).
  const posts = query.data?.posts ?? EMPTY;
  // The brand's labels, or every shown brand's in the all-brands view: each post's chip shows its
  // own brand's, and the label filters and campaign band offer all of them.
  const { view: labelsView, brandOfLabel } = useCalendarLabels(brandEntries);
  const campaignBrandOf = useMemo(() => {
    if (!brandOfLabel || !brandOf) return undefined;
    return (labelId: string) => {
      const ref = brandOfLabel.get(labelId);
      return ref ? brandEntries?.find((b) => brandKeyOf(b) === brandKeyOf(ref))?.name : undefined;
    };
  }, [brandOfLabel, brandOf, brandEntries]);
  const labelFilter = useLabelFilterOf(brandId);
  // A pressed label chip narrows what the filter chips count too (they count what is in view).
  const labelled = useMemo(
    () => filterByLabels(posts, labelFilter, labelsView),
    [posts, labelFilter, labelsView],
  );
  const shown = useMemo(() => applyFilters(labelled, filters), [labelled, filters]);
  const events = useMemo(() => shown.map((p) => toPostEvent(p, zone)), [shown, zone]);
  const slots = useEmptySlots({
    enabled: view === 'week' || view === 'day',
    range,
    posts,
    accounts: filters.accounts,
    zone,
  });
  const openComposer = useUi((s) => s.openComposer);
  const onOpenSlot = useCallback(
    (instant: Date) => openComposer({ date: instant.toISOString() }),
    [openComposer],
  );
  const actions = useCalendarActions(brandId, zone);
  const checkClashes = useMoveClashCheck(zone, brandEntries);
  const [confirmDelete, setConfirmDelete] = useState<CalendarPost | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const isGroupModifierHeld = useGlobalShortcuts(actions.undo);

  const setZone = useSetZone(allBrands, brandId, (e) =>
    toast({ tone: 'error', message: `Could not change the time zone: ${e.message}` }),
  );

  const movePost = useCallback(
    (post: CalendarPost, target: Date, wholeGroup: boolean, how: MoveOrigin = 'keyboard') => {
      const plan = planMove(post, target, {
        zone,
        now: new Date(),
        wholeGroup,
        known: knownPosts(client, brandId),
      });
      if (!plan.ok) {
        toast({ tone: 'error', message: plan.reason });
        return false;
      }
      const note = plan.skipped.length > 0 ? `Not moved: ${plan.skipped.join('; ')}` : undefined;
      void actions.move(plan.moves, note, how);
      const clash = checkClashes(plan.moves, knownPosts(client, brandId));
      if (clash) toast({ tone: 'info', message: clash });
      return plan.moves.length > 0;
    },
    [zone, client, brandId, toast, actions, checkClashes],
  );

  const onDrop = useCallback(
    (event: PostEvent, start: Date, isAllDay: boolean) => {
      movePost(
        event.post,
        dropTarget(event.post, start, view, isAllDay, zone),
        isGroupModifierHeld(),
        'drag',
      );
    },
    [movePost, view, zone, isGroupModifierHeld],
  );

  const askDelete = useCallback(
    (post: CalendarPost) => {
      // A post that cannot go says why at once, instead of asking first and refusing after.
      const why = whyNotDeletable(post);
      if (why) toast({ tone: 'error', message: why });
      else setConfirmDelete(post);
    },
    [toast],
  );
  const { onCellKeyDown, focusRequest } = usePostKeys({
    gridRef,
    events,
    view,
    zone,
    movePost,
    openPost,
    askDelete,
  });
  const onOpenEvent = useCallback((event: PostEvent) => openPost(event.id), [openPost]);
  const onHoverCut = useReadWholeOnHover(brandId);
  const cellContext = useMemo<PostCellContext>(
    () => ({ zone, onKeyDown: onCellKeyDown, focusRequest, brandOf, onHoverCut }),
    [zone, onCellKeyDown, focusRequest, brandOf, onHoverCut],
  );
  const onGridMouseDown = useFixedPostHint(posts, toast);
  const bulk = useBulkSelection(events, view, date);

  const openListed = openPostId
    ? (posts.find((p) => p.id === openPostId) ??
      knownPosts(client, brandId).find((p) => p.id === openPostId) ??
      null)
    : null;
  const groupPosts = openListed ? groupMembers(openListed, knownPosts(client, brandId)) : [];
  useWholePosts(brandId, openListed ? [openListed, ...groupPosts.filter((p) => p.id !== openListed.id)] : []);
  const result = query.data;
  // Main's own word on the connection, kept current by its syncStatus events.
  const status = useIpcQuery('getSyncStatus', {});

  return (
    <RepeatsProvider>
      <SeriesProvider>
        <section className="calendar-screen" aria-label="Calendar">
          <CalendarToolbar
            view={view}
            date={date}
            zone={zone}
            brandTimezone={brand?.timezone ?? null}
            canSetZone={!!brandId}
            onView={(v: ViewName) => setView(v)}
            onStep={(direction) => setDate(stepDate(view, date, direction))}
            onToday={() => setDate(startOfDay(instantToWall(Date.now(), zone)))}
            onJump={(d) => setDate(d)}
            onZone={(tz) => setZone.mutate(tz)}
          />
          <div className="cal-subbar">
            <CalendarFilters
              posts={labelled}
              integrations={integrations.data ?? []}
              filters={filters}
              brands={brandEntries}
              onToggle={(kind, value) => brandId && toggleFilter(brandId, kind, value)}
              onClear={() => brandId && setFilters(brandId, NO_FILTERS)}
            />
            <LabelFilters brandId={brandId} view={labelsView} />
            <div className="cal-subbar__end">
              <MarksLegend />
              <ExportMenu postIds={shown.map((p) => p.id)} what="posts in view" />
            </div>
          </div>
          <CampaignBand labels={labelsView.labels} range={range} zone={zone} brandOf={campaignBrandOf} />
          {view === 'week' && !allBrands && result ? <MixBar posts={posts} /> : null}
          <BulkBar
            brandId={brandId}
            zone={zone}
            matching={bulk.changeable}
            fixed={bulk.matching.length - bulk.changeable.length}
          />
          {status.data?.online === false && (
            <p className="cal-notice" role="status" data-testid="calendar-offline">
              Offline: showing the posts saved on this computer
              {status.data.lastSyncAt ? ` (last synced ${formatDateTime(status.data.lastSyncAt, zone)})` : ''}
              . Moves and deletes are queued and sent when the connection is back.
            </p>
          )}
          {query.isError && !result && (
            <div className="cal-notice cal-notice--error" role="alert">
              Could not load the posts: {query.error.message}{' '}
              <button type="button" onClick={() => void query.refetch()}>
                Try again
              </button>
            </div>
          )}
          <div
            className="calendar-body"
            ref={gridRef}
            onMouseDownCapture={onGridMouseDown}
            onClickCapture={bulk.onClickCapture}
            onKeyDownCapture={bulk.onKeyDownCapture}
            aria-busy={query.isFetching}
          >
            <PostLabelsContext.Provider value={labelsView}>
              <CalendarGrid
                events={events}
                slots={slots}
                view={view}
                date={date}
                zone={zone}
                cellContext={cellContext}
                onView={setView}
                onNavigate={setDate}
                onDrop={onDrop}
                onOpen={onOpenEvent}
                onOpenSlot={onOpenSlot}
              />
            </PostLabelsContext.Provider>
            {openPostId && (
              <PostDetailsPanel
                postId={openPostId}
                listed={openListed}
                groupPosts={groupPosts}
                zone={zone}
                brand={openListed ? brandOf?.(openListed) : undefined}
                onClose={() => {
                  openPost(null);
                  gridRef.current
                    ?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(openPostId)}"]`)
                    ?.focus();
                }}
                onOpen={(id) => openPost(id)}
                onReschedule={(post, to) => movePost(post, to, false, 'calendar')}
                onDelete={(post) => setConfirmDelete(post)}
              />
            )}
          </div>
          {confirmDelete && (
            <ConfirmDialog
              title={
                confirmDelete.groupSize > 1
                  ? `Delete all ${confirmDelete.groupSize} posts of this group?`
                  : 'Delete this post?'
              }
              message={`“${firstLine(confirmDelete.content) || 'Post'}”, ${formatDateTime(confirmDelete.publishDate, zone)}${confirmDelete.groupSize > 1 ? ', with every other account’s copy in its group' : ''}. This cannot be undone.`}
              confirmLabel="Delete"
              onCancel={() => setConfirmDelete(null)}
              onConfirm={() => {
                const post = confirmDelete;
                setConfirmDelete(null);
                if (
                  openPostId &&
                  post.group &&
                  groupMembers(post, knownPosts(client, brandId)).some((p) => p.id === openPostId)
                )
                  openPost(null);
                if (!post.group)
                  return toast({
                    tone: 'error',
                    message: 'This post has no group id yet; wait for it to sync, then delete it.',
                  });
                void actions.deleteGroup(
                  post.group,
                  post.groupSize > 1
                    ? `the group of ${post.groupSize} posts`
                    : `“${firstLine(post.content) || 'the post'}”`,
                );
              }}
            />
          )}
        </section>
      </SeriesProvider>
    </RepeatsProvider>
  );
}
