import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useReviewDrop } from '../review/import-review.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { useMenuCommands } from '../desktop/menu-commands.js';
import { useOpenRequests } from '../desktop/open-requests.js';
import { AccountPage } from '../settings/AccountPage.js';
import { BrandSwitcher } from './BrandSwitcher.js';
import { useKeyAccess } from '../ui/key-access.js';
import { Loading } from '../ui/feedback.js';
import { OutboxButton, OutboxPanel } from './OutboxPanel.js';
import { Notices } from './Notices.js';
import { ScreenBoundary } from '../ui/ScreenBoundary.js';
import { Sidebar } from './Sidebar.js';
import { SyncBanner } from './SyncBanner.js';
import { CommandPalette, SearchButton } from '../search/CommandPalette.js';
import { usePrefetchOpeningRange } from '../calendar/queries.js';
import { useUi, type Route } from '../ui/ui-store.js';
import './app.css';

// The calendar carries the heaviest code of the app, in its own chunk. It is the first page, so
// main.tsx starts loading it with the main bundle (preloadCalendar) instead of after the shell's
// first render; a failed load is forgotten, so the next render tries again.
let calendarChunk: Promise<typeof import('../calendar/CalendarScreen.js')> | null = null;
export function preloadCalendar(): Promise<typeof import('../calendar/CalendarScreen.js')> {
  calendarChunk ??= import('../calendar/CalendarScreen.js').catch((e: unknown) => {
    calendarChunk = null;
    throw e;
  });
  return calendarChunk;
}
const CalendarScreen = lazy(() => preloadCalendar().then((m) => ({ default: m.CalendarScreen })));

// Analytics' chunk is fetched once the app is idle after start, and once it is here the page is
// drawn without suspending: React holds a page revealed after a Suspense fallback back until 300 ms
// after that fallback showed, which was the whole of the page's first-paint budget.
let analyticsModule: typeof import('../analytics/AnalyticsScreen.js') | null = null;
let analyticsChunk: Promise<typeof import('../analytics/AnalyticsScreen.js')> | null = null;
function preloadAnalytics(): Promise<typeof import('../analytics/AnalyticsScreen.js')> {
  analyticsChunk ??= import('../analytics/AnalyticsScreen.js').then(
    (m) => (analyticsModule = m),
    (e: unknown) => {
      analyticsChunk = null;
      throw e;
    },
  );
  return analyticsChunk;
}
const LazyAnalyticsScreen = lazy(() => preloadAnalytics().then((m) => ({ default: m.AnalyticsScreen })));
function AnalyticsScreen({ profile }: { profile: ProfileView }) {
  // Chosen once per visit: switching paths while shown would mount the page again.
  const [loaded] = useState(() => analyticsModule);
  return loaded ? <loaded.AnalyticsScreen profile={profile} /> : <LazyAnalyticsScreen profile={profile} />;
}

const QueueScreen = lazy(() => import('../queue/QueueScreen.js').then((m) => ({ default: m.QueueScreen })));
const ImportScreen = lazy(() =>
  import('../import/ImportScreen.js').then((m) => ({ default: m.ImportScreen })),
);
const MediaLibraryScreen = lazy(() =>
  import('../media-library/MediaLibraryScreen.js').then((m) => ({ default: m.MediaLibraryScreen })),
);

const EvergreenScreen = lazy(() =>
  import('../evergreen/EvergreenScreen.js').then((m) => ({ default: m.EvergreenScreen })),
);
const FeedsScreen = lazy(() => import('../feeds/FeedsScreen.js').then((m) => ({ default: m.FeedsScreen })));
const SnippetsScreen = lazy(() =>
  import('../snippets/SnippetsScreen.js').then((m) => ({ default: m.SnippetsScreen })),
);

const GridScreen = lazy(() => import('../grid/GridScreen.js').then((m) => ({ default: m.GridScreen })));

const TITLES: Record<Route, string> = {
  calendar: 'Calendar',
  analytics: 'Analytics',
  queue: 'Queue',
  import: 'Import',
  account: 'Account',
  media: 'Media library',
  evergreen: 'Evergreen',
  grid: 'Instagram grid',
  snippets: 'Snippets',
  feeds: 'Feeds',
};

/** The connected app: sidebar, top bar with the brand, the sync banner, the page, and the outbox. */
export function AppShell({ profile }: { profile: ProfileView }) {
  const route = useUi((s) => s.route);
  const outboxOpen = useUi((s) => s.outboxOpen);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownRoute = useRef(route);
  useMenuCommands();
  useOpenRequests();
  useReviewDrop();
  usePrefetchOpeningRange(route === 'calendar');

  useEffect(() => {
    document.title = `${TITLES[route]} · ${profile.brandName ?? profile.label} · Postdeck`;
  }, [route, profile.brandName, profile.label]);

  useEffect(() => {
    useKeyAccess.setState({ scopes: profile.scopes });
  }, [profile.scopes]);

  // Analytics' code, fetched while nothing else is going on (see preloadAnalytics).
  useEffect(() => {
    const idle = requestIdleCallback(() => void preloadAnalytics().catch(() => undefined), {
      timeout: 5_000,
    });
    return () => cancelIdleCallback(idle);
  }, []);

  // After moving to another page, focus (and a screen reader) starts at its title.
  useEffect(() => {
    if (shownRoute.current === route) return;
    shownRoute.current = route;
    titleRef.current?.focus();
  }, [route]);

  return (
    <div className="shell">
      <Sidebar profile={profile} />
      <div className="shell-main">
        <header className="topbar">
          <h1 className="topbar-title" ref={titleRef} tabIndex={-1}>
            {TITLES[route]}
          </h1>
          <div className="topbar-tools">
            <SearchButton />
            <BrandSwitcher profile={profile} />
            <OutboxButton />
          </div>
        </header>
        <SyncBanner />
        <ConnectedNotice />
        {/* The outbox lies over the page only, so the banners and the top bar stay in reach. */}
        <div className="page-frame">
          <main className={route === 'calendar' ? 'page page-calendar' : 'page'} id="page">
            <ScreenBoundary key={route} title={`The ${TITLES[route].toLowerCase()} page could not be shown`}>
              {route === 'calendar' ? (
                <Suspense fallback={<Loading label="Loading the calendar…" />}>
                  <CalendarScreen />
                </Suspense>
              ) : route === 'analytics' ? (
                <Suspense fallback={<Loading label="Loading analytics…" />}>
                  <AnalyticsScreen profile={profile} />
                </Suspense>
              ) : route === 'queue' ? (
                <Suspense fallback={<Loading label="Loading the queue…" />}>
                  <QueueScreen />
                </Suspense>
              ) : route === 'evergreen' ? (
                <Suspense fallback={<Loading label="Loading evergreen lists…" />}>
                  <EvergreenScreen />
                </Suspense>
              ) : route === 'feeds' ? (
                <Suspense fallback={<Loading label="Loading feeds…" />}>
                  <FeedsScreen />
                </Suspense>
              ) : route === 'snippets' ? (
                <Suspense fallback={<Loading label="Loading snippets…" />}>
                  <SnippetsScreen />
                </Suspense>
              ) : route === 'import' ? (
                <Suspense fallback={<Loading label="Loading import…" />}>
                  <ImportScreen />
                </Suspense>
              ) : route === 'grid' ? (
                <Suspense fallback={<Loading label="Loading the Instagram grid…" />}>
                  <GridScreen />
                </Suspense>
              ) : route === 'media' ? (
                <Suspense fallback={<Loading label="Loading the media library…" />}>
                  <MediaLibraryScreen />
                </Suspense>
              ) : (
                <AccountPage profile={profile} />
              )}
            </ScreenBoundary>
          </main>
          {outboxOpen ? <OutboxPanel /> : null}
        </div>
      </div>
      <CommandPalette profile={profile} />
      <Notices />
    </div>
  );
}

/** Right after connecting, above the calendar: where the rest of the connection lives. */
function ConnectedNotice() {
  const justConnected = useUi((s) => s.justConnected);
  const dismissWelcome = useUi((s) => s.dismissWelcome);
  const navigate = useUi((s) => s.navigate);
  if (!justConnected) return null;
  return (
    <div className="notice connected-notice" role="status">
      <p>
        <strong>You are connected.</strong> Your brand’s posts and accounts are here; its key, brands and
        other connections are on the Account page.
      </p>
      <button type="button" className="button" onClick={() => navigate('account')}>
        Open Account
      </button>
      <button type="button" className="button button-quiet" onClick={dismissWelcome}>
        Dismiss
      </button>
    </div>
  );
}
