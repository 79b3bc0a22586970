import { useId } from 'react';
import { accountWithPlatform } from '../../shared/platforms/names.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { EmptyState, ErrorState, Loading } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { useBrandZone } from '../calendar/queries.js';
import type { AppError } from '../ipc/ipc.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { useAnalyticsStore } from './analytics-store.js';
import { AnalyticsReport } from './AnalyticsReport.js';
import { lacksScope, NoScopeState } from './NoScopeState.js';
import './analytics.css';
import { openExternal } from '../ui/queries.js';
import { useAnalyticsAccounts } from './queries.js';

/** The analytics page: pick an account of the brand, see how it is doing. */
export function AnalyticsScreen({ profile }: { profile: ProfileView }) {
  if (lacksScope(profile.scopes, 'analytics:read')) return <NoScopeState />;
  return <AccountAnalytics />;
}

function AccountAnalytics() {
  const pickerId = useId();
  const integrations = useAnalyticsAccounts();
  const chosen = useAnalyticsStore((s) => s.integrationId);
  const choose = useAnalyticsStore((s) => s.choose);
  const navigate = useUi((s) => s.navigate);

  if (integrations.isPending) return <Loading label="Loading the brand's accounts…" />;
  if (integrations.isError) {
    return (
      <ErrorState
        title="The brand's accounts could not be read"
        error={integrations.error}
        onRetry={() => void integrations.refetch()}
      />
    );
  }
  const accounts = integrations.data;
  if (accounts.length === 0) {
    return (
      <EmptyState title="No accounts known for this brand yet">
        <p>
          Postdeck learns a brand's accounts from its posts, and this brand has none in the last 30 days.
          Schedule a post from the calendar, or choose another brand.
        </p>
        <button type="button" className="button" onClick={() => navigate('calendar')}>
          Open the calendar
        </button>
      </EmptyState>
    );
  }
  const account =
    accounts.find((a) => a.id === chosen) ?? accounts.find((a) => !a.disconnected) ?? accounts[0]!;

  return (
    <section className="analytics" aria-labelledby={`${pickerId}-heading`}>
      <div className="analytics-toolbar">
        <h2 id={`${pickerId}-heading`} className="visually-hidden">
          Analytics of {account.name}
        </h2>
        <label htmlFor={pickerId}>Account</label>
        <select id={pickerId} value={account.id} onChange={(e) => choose(e.target.value)}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {accountLabel(a)}
            </option>
          ))}
        </select>
      </div>
      <AccountReport key={account.id} account={account} />
    </section>
  );
}

function accountLabel(a: IntegrationView): string {
  return `${accountWithPlatform(a.name, a.platform)}${a.disconnected ? ' · disconnected' : ''}`;
}

function AccountReport({ account }: { account: IntegrationView }) {
  const report = useIpcQuery('getProfileAnalytics', { integrationId: account.id });
  const { zone } = useBrandZone();

  if (report.isPending) return <Loading label={`Loading analytics for ${account.name}…`} />;
  if (report.isError) {
    if (isScopeRefusal(report.error)) return <NoScopeState />;
    return (
      <ErrorState
        title={`Analytics for ${account.name} could not be loaded`}
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  }
  return (
    <AnalyticsReport
      account={account}
      report={report.data}
      zone={zone}
      onOpenLink={(url) => void openExternal({ url }).catch(() => undefined)}
    />
  );
}

function isScopeRefusal(error: AppError): boolean {
  return error.shape.apiCode === 'INSUFFICIENT_SCOPE';
}
