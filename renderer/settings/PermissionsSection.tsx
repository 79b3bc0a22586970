import type { ProfileView } from '../../shared/profiles/ipc.js';
import { scopeLabel } from '../../shared/api/scopes.js';
import { allFeatureAccess } from '../ui/permissions.js';
import './preferences.css';

/** What this key lets the app do: each feature it cannot use says why and how to get it. */
export function PermissionsSection({ profile }: { profile: ProfileView }) {
  const features = allFeatureAccess(profile.scopes);
  return (
    <section className="card" aria-labelledby="permissions-title">
      <h2 id="permissions-title">What this key allows</h2>
      {profile.scopes === null ? (
        <p className="muted">
          The service does not say which permissions this key has: every feature is offered, and the service
          refuses what the key may not do.
        </p>
      ) : null}
      <ul className="rows" aria-label="Features">
        {features.map((f) => (
          <li key={f.feature} className="row permission-row" data-allowed={f.allowed}>
            <span
              className={`permission-mark ${f.allowed ? 'permission-yes' : 'permission-no'}`}
              aria-hidden="true"
            >
              {f.allowed ? '✓' : '✕'}
            </span>
            <span className="row-title">{f.label}</span>
            <span className="muted">{scopeLabel(f.scope)}</span>
            {f.allowed ? (
              <span className="visually-hidden">Allowed</span>
            ) : (
              <p className="permission-reason">{f.reason}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
