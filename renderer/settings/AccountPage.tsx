import type { ProfileView } from '../../shared/profiles/ipc.js';
import { ErrorState, Loading } from '../ui/feedback.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { scopeLabel } from '../../shared/api/scopes.js';
import { BrandsSection } from './BrandsSection.js';
import { DesktopSection } from './DesktopSection.js';
import { DiagnosticsSection } from './DiagnosticsSection.js';
import { describeKey } from './key-status.js';
import { PermissionsSection } from './PermissionsSection.js';
import { ProfilesSection } from './ProfilesSection.js';
import { ThemeSection } from './ThemeSection.js';
import { LabelsSection } from '../labels/LabelsSection.js';
import { AgencySection } from '../reports/AgencySection.js';
import { LinksSection } from '../links/LinksSection.js';
import { CategoriesSection } from '../categories/CategoriesSection.js';
import './settings.css';

/** Who this window is connected as (from GET /me), its key, its brands and the other connections. */
export function AccountPage({ profile }: { profile: ProfileView }) {
  return (
    <div className="settings">
      <ConnectionSection profile={profile} />
      <PermissionsSection profile={profile} />
      <BrandsSection profile={profile} />
      <AgencySection />
      <LabelsSection />
      <CategoriesSection />
      <LinksSection />
      <ProfilesSection />
      <ThemeSection />
      <DesktopSection />
      <DiagnosticsSection />
    </div>
  );
}

function ConnectionSection({ profile }: { profile: ProfileView }) {
  const me = useIpcQuery('getMe', {});
  // Offline or refused, the page still shows what was confirmed when the profile was saved.
  const facts = me.isSuccess
    ? { organization: me.data.organization.name, brand: me.data.brand.name, user: me.data.user }
    : { organization: profile.organization?.name, brand: profile.brandName, user: profile.user };
  const scopes = me.data?.apiKey?.scopes ?? profile.scopes;

  return (
    <section className="card" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection</h2>
      {me.isPending ? <Loading label="Checking the connection…" /> : null}
      {me.isError ? (
        <ErrorState
          title="The service could not confirm this connection"
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      ) : null}
      {me.isPending ? null : (
        <dl className="facts" aria-label="Connection details">
          <dt>Organization</dt>
          <dd data-testid="me-organization">{facts.organization ?? 'Unknown'}</dd>
          <dt>Brand</dt>
          <dd data-testid="me-brand">{facts.brand ?? 'Unknown'}</dd>
          <dt>Signed in as</dt>
          <dd data-testid="me-user">
            {facts.user ? (
              <>
                {facts.user.name} <span className="muted">({facts.user.email})</span>
              </>
            ) : (
              'Unknown'
            )}
          </dd>
          <dt>Service</dt>
          <dd className="mono">{profile.baseUrl}</dd>
          <dt>API key</dt>
          <dd data-testid="key-status">{describeKey(profile.key)}</dd>
          {scopes ? (
            <>
              <dt>Permissions</dt>
              <dd>{scopes.length > 0 ? scopes.map(scopeLabel).join(', ') : 'none'}</dd>
            </>
          ) : null}
        </dl>
      )}
    </section>
  );
}
