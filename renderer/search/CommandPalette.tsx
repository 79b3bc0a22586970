import { keepPreviousData, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ALL_BRANDS, type BrandEntry } from '../../shared/brands/ipc.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import type { SearchHit, SnippetSegment } from '../../shared/search/ipc.js';
import { openPostInCalendar } from '../analytics/open-in-calendar.js';
import { BrandAvatar } from '../ui/BrandAvatar.js';
import { activateBrand, useSwitchBrand } from '../ui/queries.js';
import { useNotices } from '../ui/notice-store.js';
import { errorMessage } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { platformName } from '../../shared/platforms/names.js';
import { stateLabel } from '../../shared/posts/names.js';
import { useCalendarBrand } from '../calendar/queries.js';
import { useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';
import {
  dateCommand,
  exportCommands,
  selectCommand,
  matchCommands,
  paletteCommands,
  type PaletteCommand,
} from './palette-commands.js';
import { usePalette } from './palette-store.js';
import './palette.css';

/*
 * Ctrl/Cmd+K: one field that searches the brand's posts (every brand's, in the all-brands view), local
 * drafts and outbox offline (searchPosts in main) and finds commands. A modal <dialog> (focus stays inside, the
 * page behind is inert), the field a combobox over one listbox: arrows move, Enter runs, Esc closes.
 */

/** Results shown at once; the search says when there are more (type more words to narrow). */
const SHOWN_RESULTS = 20;
/** Typing pauses this long before a search runs, so a word typed fast is one search, not six. */
const TYPING_PAUSE_MS = 120;

/** A match that is not a post on the service says where it waits; a post says its state. */
const PLACE_LABELS: Record<string, string> = {
  localDraft: 'Local draft',
  outbox: 'In outbox',
};

/** A match's date with its year: matches span years, unlike a calendar page. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function formatHitDate(instant: string, zone: string): string {
  let f = dateFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    dateFormats.set(zone, f);
  }
  return f.format(new Date(instant));
}

type Item = { kind: 'hit'; hit: SearchHit } | { kind: 'command'; command: PaletteCommand };

/** How the shortcut reads on this keyboard. */
const SHORTCUT_LABEL = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘K' : 'Ctrl K';

/** The top bar's way in, for those who do not know the shortcut. */
export function SearchButton() {
  const setOpen = usePalette((s) => s.setOpen);
  return (
    <button
      type="button"
      className="button button-quiet palette-open"
      onClick={() => setOpen(true)}
      aria-keyshortcuts="Control+K Meta+K"
    >
      Search <kbd>{SHORTCUT_LABEL}</kbd>
    </button>
  );
}

/** Listens for Ctrl/Cmd+K while the connected app is shown, and shows the palette when asked. */
export function CommandPalette({ profile }: { profile: ProfileView }) {
  const open = usePalette((s) => s.open);
  const setOpen = usePalette((s) => s.setOpen);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'k' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return;
      // The composer is a modal of its own: the palette does not open over it.
      if (useUi.getState().composer) return;
      event.preventDefault();
      setOpen(!usePalette.getState().open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);
  return open ? <PaletteDialog profile={profile} onClose={() => setOpen(false)} /> : null;
}

function PaletteDialog({ profile, onClose }: { profile: ProfileView; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const statusId = useId();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [dateMode, setDateMode] = useState(false);
  const [active, setActive] = useState(0);
  const { zone } = useCalendarBrand();
  const client = useQueryClient();
  const brands = useIpcQuery('listBrands', {});
  const { switchBrand, showAllBrands, error: switchError } = useSwitchBrand();
  const scope = useIpcQuery('getBrandScope', {});
  // In the all-brands view the search spans every brand shown (main knows which), each hit naming its own.
  const allBrands = scope.data?.all === true;
  const searchBrand = allBrands ? null : profile.brandId;
  const calendarKey = allBrands ? ALL_BRANDS : profile.brandId;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setSearched(query), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const searching = !dateMode && searched.trim() !== '';
  const search = useIpcQuery(
    'searchPosts',
    { query: searched, brandId: searchBrand, limit: SHOWN_RESULTS },
    { enabled: searching, placeholderData: keepPreviousData, gcTime: 0 },
  );

  // A pull or a sent change while the palette is open: the results follow.
  const { refetch } = search;
  const refresh = useCallback(() => {
    if (searching) void refetch();
  }, [searching, refetch]);
  // More matches than shown: "Select these N matches" and export act on all of them, so all are read.
  const allPosts = useIpcQuery(
    'searchPostMatches',
    { query: searched, brandId: searchBrand },
    { enabled: searching && search.data?.more === true, gcTime: 0 },
  );
  const refetchAll = allPosts.refetch;
  const refreshAll = useCallback(() => {
    if (searching && search.data?.more === true) void refetchAll();
  }, [searching, search.data?.more, refetchAll]);
  useIpcEvent('postsChanged', refreshAll);
  useIpcEvent('postsChanged', refresh);
  useIpcEvent('syncStatus', refresh);

  const items = useMemo((): Item[] => {
    if (dateMode) {
      const go = dateCommand(query);
      return go ? [{ kind: 'command', command: go }] : [];
    }
    const commands = paletteCommands({
      scopes: profile.scopes,
      brands: brands.data ?? [],
      switchBrand,
      allBrands: scope.data ? { on: scope.data.all, count: scope.data.brands.length } : null,
      showAllBrands,
      askDate: () => {
        setDateMode(true);
        setQuery('');
        setActive(0);
      },
    });
    const hits = searching && search.data ? search.data.hits : [];
    const go = dateCommand(query);
    // The shown hits when they are all the matches, else every post match (once read).
    const matched =
      searching && search.data?.more
        ? (allPosts.data?.posts ?? [])
        : hits.filter((hit) => hit.source === 'post').map(({ id, date }) => ({ id, date }));
    const posts = matched.map((p) => p.id);
    return [
      ...(go ? [{ kind: 'command', command: go } as const] : []),
      ...hits.map((hit) => ({ kind: 'hit', hit }) as const),
      ...selectCommand(matched, { client, brandId: calendarKey, zone }).map(
        (command) => ({ kind: 'command', command }) as const,
      ),
      ...exportCommands(posts).map((command) => ({ kind: 'command', command }) as const),
      ...matchCommands(commands, query).map((command) => ({ kind: 'command', command }) as const),
    ];
  }, [
    dateMode,
    query,
    searching,
    search.data,
    allPosts.data,
    profile.scopes,
    calendarKey,
    brands.data,
    switchBrand,
    scope.data,
    showAllBrands,
    client,
    zone,
  ]);

  const current = Math.min(active, items.length - 1);
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => {
    if (current < 0) return;
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on listId
  }, [current, listId]);

  function run(item: Item | undefined) {
    if (!item) return;
    if (item.kind === 'command') {
      if (item.command.disabled) return;
      // "Go to date…" keeps the palette open for the date.
      if (item.command.id === 'go-to-date') {
        void item.command.run();
        inputRef.current?.focus();
        return;
      }
      onClose();
      void item.command.run();
      return;
    }
    onClose();
    void openHit(item.hit, zone, allBrands ? { profile, client } : null).catch((error: unknown) =>
      useNotices.getState().show({ tone: 'error', message: `Could not open it: ${errorMessage(error)}` }),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(current >= last ? 0 : current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(current <= 0 ? last : current - 1);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActive(last);
    } else if (event.key === 'Tab') {
      // The field is the palette's one stop (options are reached with the arrows): focus stays here,
      // rather than leaving the modal for the browser's own controls.
      event.preventDefault();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(items[current]);
    } else if (event.key === 'Escape' && dateMode) {
      // Esc leaves "Go to date" first, then the palette.
      event.preventDefault();
      setDateMode(false);
      setQuery('');
      setActive(0);
    }
  }

  const hitCount = items.filter((i) => i.kind === 'hit').length;
  const status = dateMode
    ? dateCommand(query)
      ? null
      : 'Type a date as year-month-day, like 2026-12-24.'
    : switchError
      ? switchError
      : !searching
        ? null
        : search.isError
          ? `Search failed: ${errorMessage(search.error)}`
          : search.isPending
            ? 'Searching…'
            : (search.data?.notice ??
              (hitCount === 0
                ? `No posts, drafts or outbox items match “${searched.trim()}”.`
                : search.data?.more
                  ? `The latest ${hitCount} matches; type more words to narrow them.`
                  : `${hitCount} ${hitCount === 1 ? 'match' : 'matches'}.`));

  const firstCommand = items.findIndex((i) => i.kind === 'command' && !i.command.id.startsWith('date:'));
  return (
    <dialog
      ref={ref}
      className="palette"
      aria-label="Search and commands"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="palette-field">
        <input
          ref={inputRef}
          autoFocus
          type="text"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          aria-describedby={statusId}
          aria-label={
            dateMode ? 'Go to date (year-month-day)' : 'Search posts, drafts and outbox, or type a command'
          }
          placeholder={
            dateMode ? 'Go to date: 2026-12-24' : 'Search posts, #hashtags, @mentions, links… or a command'
          }
          value={query}
          maxLength={1000}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value);
            // The first item is active again whenever the list changes under the user's typing.
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={dateMode ? 'Dates' : 'Results and commands'}
        className="palette-list"
      >
        {items.map((item, i) => (
          <li
            key={item.kind === 'hit' ? `hit:${item.hit.source}:${item.hit.id}` : `cmd:${item.command.id}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            aria-disabled={item.kind === 'command' && item.command.disabled ? true : undefined}
            className={`palette-option${i === current ? ' is-active' : ''}${i === firstCommand && hitCount > 0 ? ' palette-first-command' : ''}`}
            onMouseMove={() => setActive(i)}
            onClick={() => run(item)}
          >
            {item.kind === 'hit' ? (
              <HitView
                hit={item.hit}
                zone={zone}
                brand={allBrands ? brandOfHit(scope.data?.brands ?? [], item.hit) : null}
              />
            ) : (
              <CommandView command={item.command} />
            )}
          </li>
        ))}
      </ul>
      <p id={statusId} className="palette-status" role="status">
        {status}
      </p>
    </dialog>
  );
}

/**
 * Opens a hit where it lives: a post in the calendar, a draft in the composer, a queued change in
 * the Outbox. In the all-brands view (`active` given) a draft of another brand makes its brand the
 * active one first, as a new post does: a draft is written under its own brand.
 */
async function openHit(
  hit: SearchHit,
  zone: string,
  allBrands: { profile: ProfileView; client: QueryClient } | null,
): Promise<void> {
  const ui = useUi.getState();
  if (hit.source === 'post') openPostInCalendar(hit.id, hit.date ?? undefined, zone);
  else if (hit.source === 'draft') {
    const active = allBrands?.profile;
    const profileId = hit.profileId ?? active?.id;
    if (active && hit.brandId && profileId && (hit.brandId !== active.brandId || profileId !== active.id)) {
      await activateBrand({ profileId, brandId: hit.brandId });
      await allBrands.client.invalidateQueries();
    }
    ui.openComposer({ draftId: hit.id });
  } else ui.setOutboxOpen(true);
}

/** The brand a hit belongs to, among the brands the all-brands view shows. */
function brandOfHit(brands: readonly BrandEntry[], hit: SearchHit): BrandEntry | null {
  return (
    brands.find(
      (b) => b.brandId === hit.brandId && (hit.profileId === undefined || b.profileId === hit.profileId),
    ) ?? null
  );
}

function HitView({ hit, zone, brand }: { hit: SearchHit; zone: string; brand: BrandEntry | null }) {
  const where = hit.matchedIn === 'link' ? ' · in its link' : hit.matchedIn === 'note' ? ' · in a note' : '';
  return (
    <span className="palette-hit">
      <span className="palette-hit-meta">
        {brand ? (
          <span className="palette-hit-brand">
            <BrandAvatar brand={brand} size="sm" />
            <span className="palette-hit-brand-name">{brand.name}</span>
          </span>
        ) : null}
        <span className={`palette-state palette-state-${hit.state}`}>
          {PLACE_LABELS[hit.state] ?? stateLabel(hit.state)}
        </span>
        <span>{hit.date ? formatHitDate(hit.date, zone) : 'No date'}</span>
        {hit.platforms.length > 0 ? (
          <span>{[...new Set(hit.platforms)].map(platformName).join(', ')}</span>
        ) : null}
        {where ? <span>{where.slice(3)}</span> : null}
      </span>
      <Snippet segments={hit.snippet} />
    </span>
  );
}

/** Highlighting from main's segments: text nodes and <mark>, never HTML from a string. */
function Snippet({ segments }: { segments: readonly SnippetSegment[] }) {
  if (segments.length === 0) return <span className="palette-snippet palette-muted">(no text)</span>;
  return (
    <span className="palette-snippet">
      {segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
    </span>
  );
}

function CommandView({ command }: { command: PaletteCommand }) {
  return (
    <span className="palette-command">
      <span>{command.label}</span>
      {command.hint ? <span className="palette-hint">{command.hint}</span> : null}
    </span>
  );
}
