import {
  CalendarDays,
  ChartLine,
  CircleUserRound,
  FileUp,
  Images,
  LayoutGrid,
  ListOrdered,
  Recycle,
  Rss,
  TextQuote,
  type LucideIcon,
} from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { featureAccess } from '../ui/permissions.js';
import { useUi, type Route } from '../ui/ui-store.js';

/** Each place with its word and its icon: the folded rail shows the icons, named for screen readers and on hover. */
const NAV: { route: Route; label: string; Icon: LucideIcon }[] = [
  { route: 'calendar', label: 'Calendar', Icon: CalendarDays },
  { route: 'analytics', label: 'Analytics', Icon: ChartLine },
  { route: 'queue', label: 'Queue', Icon: ListOrdered },
  { route: 'grid', label: 'Instagram grid', Icon: LayoutGrid },
  { route: 'evergreen', label: 'Evergreen', Icon: Recycle },
  { route: 'feeds', label: 'Feeds', Icon: Rss },
  { route: 'snippets', label: 'Snippets', Icon: TextQuote },
  { route: 'import', label: 'Import', Icon: FileUp },
  { route: 'media', label: 'Media', Icon: Images },
  { route: 'account', label: 'Account', Icon: CircleUserRound },
];

/** Below this window width the sidebar starts folded, unless the user unfolded it. */
const NARROW = '(max-width: 1199px)';
const subscribeNarrow = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isNarrow = () => window.matchMedia(NARROW).matches;

/** Whether the sidebar is folded: the user's choice, remembered, or else the window's width. */
export function useSidebarFolded(): boolean {
  const chosen = useUi((s) => s.sidebarFolded);
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow);
  return chosen ?? narrow;
}

/** Where the user can go, and whose account this window works on; folds to a rail to give the page room. */
export function Sidebar({ profile }: { profile: ProfileView }) {
  const route = useUi((s) => s.route);
  const navigate = useUi((s) => s.navigate);
  const openComposer = useUi((s) => s.openComposer);
  const setFolded = useUi((s) => s.setSidebarFolded);
  const folded = useSidebarFolded();
  // A key that cannot write posts gets no composer: said here rather than refused on send.
  const create = featureAccess(profile.scopes, 'createPosts');

  return (
    <nav className={folded ? 'sidebar sidebar-folded' : 'sidebar'} aria-label="Main">
      <div className="sidebar-top">
        <p className="sidebar-brand">
          <span className="brand-mark brand-mark-small" aria-hidden="true">
            P
          </span>
          <span className="sidebar-label">Postdeck</span>
        </p>
        <button
          type="button"
          className="sidebar-fold"
          aria-expanded={!folded}
          aria-controls="sidebar-nav"
          aria-label={folded ? 'Show the sidebar' : 'Fold the sidebar'}
          title={folded ? 'Show the sidebar' : 'Fold the sidebar'}
          onClick={() => setFolded(!folded)}
        >
          <span aria-hidden="true">{folded ? '»' : '«'}</span>
        </button>
      </div>
      <button
        type="button"
        className="button button-primary sidebar-new-post"
        aria-keyshortcuts="Control+N Meta+N"
        disabled={!create.allowed}
        aria-describedby={create.allowed ? undefined : 'new-post-refused'}
        aria-label={folded ? 'New post' : undefined}
        title={folded ? 'New post (Ctrl+N)' : undefined}
        onClick={() => openComposer()}
      >
        {folded ? <span aria-hidden="true">+</span> : 'New post'}
      </button>
      {create.reason ? (
        <p className="sidebar-refusal muted" id="new-post-refused" hidden={folded}>
          {create.reason}
        </p>
      ) : null}
      <ul className="sidebar-nav" id="sidebar-nav">
        {NAV.map(({ route: to, label, Icon }) => (
          <li key={to}>
            <button
              type="button"
              className="sidebar-link"
              aria-current={route === to ? 'page' : undefined}
              aria-label={folded ? label : undefined}
              title={folded ? label : undefined}
              onClick={() => navigate(to)}
            >
              <Icon className="sidebar-icon" size={18} strokeWidth={1.8} aria-hidden="true" />
              {folded ? null : <span>{label}</span>}
            </button>
          </li>
        ))}
      </ul>
      <div className="sidebar-account" hidden={folded}>
        <p className="sidebar-org">{profile.organization?.name ?? profile.label}</p>
        {profile.user ? <p className="sidebar-user">{profile.user.name}</p> : null}
      </div>
    </nav>
  );
}
