import type { BrandView } from '../../shared/brands/ipc.js';
import { useNotices } from '../ui/notice-store.js';
import { errorMessage } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import type { QueryClient } from '@tanstack/react-query';
import { useSelection } from '../bulk/selection-store.js';
import { postsKey } from '../calendar/queries.js';
import { instantToWall } from '../calendar/time.js';
import { filtersOf, useCalendarStore } from '../calendar/store.js';
import { openReviewReplyPicker } from '../review/import-review.js';
import { parseWallDateKey, wallDateKey } from '../calendar/time.js';
import { featureAccess } from '../ui/permissions.js';
import { exportPosts } from '../export/queries.js';
import { listPosts } from './queries.js';

/*
 * The command palette's commands: what each is called, the words that find
 * it, and what it does. Search results are the other half (CommandPalette.tsx).
 */

export interface PaletteCommand {
  id: string;
  label: string;
  /** Shown beside the label: a shortcut, or why the command cannot run. */
  hint?: string;
  /** Other words that find it ("compose" finds New post). */
  keywords?: string;
  disabled?: boolean;
  run(): void | Promise<void>;
}

export interface CommandContext {
  scopes: readonly string[] | null;
  brands: readonly BrandView[];
  switchBrand(brandId: string): Promise<void>;
  /** Whether the calendar shows every brand, and how many brands there are (null: not known yet). */
  allBrands?: { on: boolean; count: number } | null;
  showAllBrands?(): Promise<void>;
  /** Puts the palette in "type a date" mode (Go to date…). */
  askDate(): void;
}

const navigate = (route: Parameters<ReturnType<typeof useUi.getState>['navigate']>[0]) => () =>
  useUi.getState().navigate(route);

/** Every command, in the order shown when nothing is typed. */
export function paletteCommands(ctx: CommandContext): PaletteCommand[] {
  const compose = featureAccess(ctx.scopes, 'createPosts');
  const commands: PaletteCommand[] = [
    {
      id: 'new-post',
      label: 'New post',
      hint: compose.allowed ? 'Ctrl+N' : (compose.reason ?? undefined),
      keywords: 'compose write create draft',
      disabled: !compose.allowed,
      run: () => useUi.getState().openComposer(),
    },
    { id: 'go-to-date', label: 'Go to date…', keywords: 'jump day calendar', run: ctx.askDate },
    {
      id: 'today',
      label: 'Go to today',
      keywords: 'calendar now',
      run: () => {
        useCalendarStore.setState({ dateKey: null });
        useUi.getState().navigate('calendar');
      },
    },
    {
      id: 'open-outbox',
      label: 'Open outbox',
      keywords: 'pending queue sync changes',
      run: () => useUi.getState().setOutboxOpen(true),
    },
    { id: 'calendar', label: 'Open calendar', run: navigate('calendar') },
    {
      id: 'in-review',
      label: 'Show posts in review',
      keywords: 'in review approval client approve changes requested',
      run: () => {
        const brand = ctx.brands.find((b) => b.active);
        if (brand) {
          const { filtersByBrand, setFilters } = useCalendarStore.getState();
          setFilters(brand.id, { ...filtersOf({ filtersByBrand }, brand.id), reviews: ['inReview'] });
        }
        useUi.getState().navigate('calendar');
      },
    },
    {
      id: 'import-review',
      label: 'Import review…',
      keywords: 'client reply approval verdicts',
      run: () => openReviewReplyPicker(),
    },
    { id: 'analytics', label: 'Open analytics', keywords: 'stats metrics', run: navigate('analytics') },
    { id: 'queue', label: 'Open queue', keywords: 'slots times', run: navigate('queue') },
    {
      id: 'grid',
      label: 'Open Instagram grid',
      keywords: 'grid planner profile instagram feed',
      run: navigate('grid'),
    },
    { id: 'import', label: 'Import posts', keywords: 'csv json file', run: navigate('import') },
    {
      id: 'account',
      label: 'Open account',
      keywords: 'settings key profile theme',
      run: navigate('account'),
    },
  ];
  const { allBrands, showAllBrands } = ctx;
  if (allBrands && allBrands.count > 1 && !allBrands.on && showAllBrands) {
    commands.push({
      id: 'brand:all',
      label: 'Show all brands',
      keywords: 'brand every agency clients calendar',
      run: () => showAllBrands(),
    });
  }
  for (const brand of ctx.brands) {
    // In the all-brands view every brand is one step away, the active one too.
    if (brand.active && !allBrands?.on) continue;
    commands.push({
      id: `brand:${brand.id}`,
      label: `Switch to brand ${brand.name}`,
      keywords: 'brand change',
      run: () => ctx.switchBrand(brand.id),
    });
  }
  return commands;
}

const words = (text: string) => text.toLowerCase().split(/\s+/u).filter(Boolean);

/** The commands whose label or keywords hold every typed word (as a word's start). */
export function matchCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const typed = words(query);
  if (typed.length === 0) return [...commands];
  return commands.filter((c) => {
    const own = words(`${c.label} ${c.keywords ?? ''}`);
    return typed.every((t) => own.some((w) => w.startsWith(t)));
  });
}

/** "Go to <date>" when the text is a date (yyyy-mm-dd), in the calendar's own wall-date terms. */
export function dateCommand(query: string): PaletteCommand | null {
  const text = query.trim();
  const wall = parseWallDateKey(text);
  if (!wall) return null;
  const label = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(wall);
  return {
    id: `date:${wallDateKey(wall)}`,
    label: `Go to ${label}`,
    keywords: text,
    run: () => {
      useCalendarStore.getState().setDate(wall);
      useUi.getState().navigate('calendar');
    },
  };
}

const EXPORT_FORMATS = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
  { format: 'ics', label: 'a calendar file (.ics)' },
] as const;

/** "Export these N matches as …": the posts a search found, through main's export (a save dialog). */
export function exportCommands(postIds: readonly string[]): PaletteCommand[] {
  if (postIds.length === 0) return [];
  const what = postIds.length === 1 ? 'this match' : `these ${postIds.length} matches`;
  return EXPORT_FORMATS.map(({ format, label }) => ({
    id: `export-${format}`,
    label: `Export ${what} as ${label}…`,
    keywords: 'export save download file',
    run: async () => {
      const notify = useNotices.getState().show;
      try {
        const saved = await exportPosts({ format, scope: { kind: 'posts', postIds: [...postIds] } });
        if (saved.path) notify({ tone: 'success', message: `Exported ${saved.count} to ${saved.path}.` });
      } catch (error) {
        notify({ tone: 'error', message: `Nothing was exported: ${errorMessage(error)}` });
      }
    },
  }));
}

/**
 * "Select these N matches in the calendar": the bulk bar then shifts, retimes or deletes them.
 * The bulk plan reads posts from the window's cache, so their whole span is read into it first.
 */
export function selectCommand(
  posts: readonly { id: string; date: string | null }[],
  ctx: { client: QueryClient; brandId: string | null; zone: string },
): PaletteCommand[] {
  const dated = posts.filter((post) => post.date !== null);
  if (dated.length === 0) return [];
  const times = dated.map((hit) => Date.parse(hit.date!));
  const what = dated.length === 1 ? 'this match' : `these ${dated.length} matches`;
  return [
    {
      id: 'select-matches',
      label: `Select ${what} in the calendar`,
      keywords: 'bulk pick shift move delete',
      run: async () => {
        const range = {
          start: new Date(Math.min(...times) - 60_000).toISOString(),
          end: new Date(Math.max(...times) + 60_000).toISOString(),
        };
        try {
          await ctx.client.fetchQuery({
            queryKey: postsKey(ctx.brandId, range),
            queryFn: () => listPosts(range),
            staleTime: 15_000,
          });
        } catch (error) {
          useNotices
            .getState()
            .show({ tone: 'error', message: `Could not select them: ${errorMessage(error)}` });
          return;
        }
        useSelection.getState().selectIds(dated.map((hit) => hit.id));
        useCalendarStore.getState().setDate(instantToWall(new Date(Math.min(...times)), ctx.zone));
        useUi.getState().navigate('calendar');
      },
    },
  ];
}
