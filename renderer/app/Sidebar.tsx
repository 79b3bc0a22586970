import type { ProfileView } from '../../shared/ipc/models.js';
import { featureAccess } from '../settings/permissions.js';
import { useUi, type Route } from './ui-store.js';

const NAV: { route: Route; label: string }[] = [
  { route: 'calendar', label: 'Calendar' },
  { route: 'analytics', label: 'Analytics' },
  { route: 'queue', label: 'Queue' },
  { route: 'evergreen', label: 'Evergreen' },
  { route: 'snippets', label: 'Snippets' },
  { route: 'import', label: 'Import' },
  { route: 'media', label: 'Media' },
  { route: 'account', label: 'Account' },
];

/** Where the user can go, and whose account this window works on. */
export function Sidebar({ profile }: { profile: ProfileView }) {
  const route = useUi((s) => s.route);
  const navigate = useUi((s) => s.navigate);
  const openComposer = useUi((s) => s.openComposer);
  // A key that cannot write posts gets no composer: said here rather than refused on send.
  const create = featureAccess(profile.scopes, 'createPosts');

  return (
    <nav className="sidebar" aria-label="Main">
      <p className="sidebar-brand">
        <span className="brand-mark brand-mark-small" aria-hidden="true">
          P
        </span>
        Postdeck
      </p>
      <button
        type="button"
        className="button button-primary sidebar-new-post"
        aria-keyshortcuts="Control+N Meta+N"
        disabled={!create.allowed}
        aria-describedby={create.allowed ? undefined : 'new-post-refused'}
        onClick={() => openComposer()}
      >
        New post
      </button>
      {create.reason ? (
        <p className="sidebar-refusal muted" id="new-post-refused">
          {create.reason}
        </p>
      ) : null}
      <ul className="sidebar-nav">
        {NAV.map((item) => (
          <li key={item.route}>
            <button
              type="button"
              className="sidebar-link"
              aria-current={route === item.route ? 'page' : undefined}
              onClick={() => navigate(item.route)}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="sidebar-account">
        <p className="sidebar-org">{profile.organization?.name ?? profile.label}</p>
        {profile.user ? <p className="sidebar-user">{profile.user.name}</p> : null}
      </div>
    </nav>
  );
}
