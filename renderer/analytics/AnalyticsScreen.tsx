import { useEffect, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { isDayKey, RANGE_KINDS, todayIn, type RangeKind } from '../../shared/analytics/ranges.js';
import { EmptyState, ErrorState, Loading } from '../ui/feedback.js';
import { useCalendarBrand } from '../calendar/queries.js';
import { openExternal } from '../ui/queries.js';
import { MonthlyReportsDialog } from '../reports/MonthlyReportsDialog.js';
import { ReportDialog } from '../reports/ReportDialog.js';
import { useAnalyticsStore } from './analytics-store.js';
import { AnalyticsReport } from './AnalyticsReport.js';
import { ImportHistoryButton, ImportHistoryResult, useHistoryImport } from './ImportHistory.js';
import { lacksScope, NoScopeState } from './NoScopeState.js';
import {
  useAnalyticsHistory,
  useOnline,
  usePrefetchAnalyticsHistory,
  useRefreshAnalytics,
} from './queries.js';
import {
  analyticsView,
  freshness,
  periodsOf,
  problemSentences,
  ROLLUPS,
  type BrandNameOf,
  type CompareWith,
  type RollupChoice,
} from './view-model.js';
import './analytics.css';

const GROUP_LABEL: Record<Exclude<RollupChoice, 'all'>, string> = {
  account: 'Account',
  brand: 'Brand shown',
  platform: 'Platform',
  label: 'Label',
  campaign: 'Campaign',
};

/** Before any post can have been kept: the best time to post reads every kept post from here on. */
const FIRST_DAY = '2000-01-01';

function brandNames(brands: readonly BrandEntry[]): BrandNameOf {
  return (ref: BrandRef) =>
    brands.find((b) => b.profileId === ref.profileId && b.brandId === ref.brandId)?.name ??
    'A brand no longer listed';
}

/** The time, read again each minute: "today" moves at midnight and "as of" says "27 Nov" the next day. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The analytics page: the kept history of every brand, for any period and any roll-up. */
export function AnalyticsScreen({ profile }: { profile: ProfileView }) {
  const ids = useId();
  const { zone, scope, loading } = useCalendarBrand();
  const choice = useAnalyticsStore(
    useShallow((s) => ({
      rangeKind: s.rangeKind,
      custom: s.custom,
      rollup: s.rollup,
      groupKey: s.groupKey,
      compare: s.compare,
    })),
  );
  const actions = useAnalyticsStore(
    useShallow((s) => ({
      setRange: s.setRange,
      setRollup: s.setRollup,
      choose: s.choose,
      setCompare: s.setCompare,
    })),
  );
  const now = useMinute();
  const today = todayIn(zone, now);
  const periods = periodsOf(choice, today);
  // The brands the calendar shows (the switcher's brand, or every brand in the all-brands view),
  // named in the query so a switch of brand reads that brand's history.
  const showsAll = scope?.all ?? false;
  const brands = showsAll
    ? scope!.brands.slice(0, 200).map((b) => ({ profileId: b.profileId, brandId: b.brandId }))
    : profile.brandId
      ? [{ profileId: profile.id, brandId: profile.brandId }]
      : undefined;
  const history = useAnalyticsHistory({ ...(brands ? { brands } : {}), ...periods.query }, !loading);
  // Every kept post of the same brands, without their days: the best time to post rests on the
  // whole history, not on the period shown. Asked once the period's numbers are in, so the cards
  // are never kept waiting behind a year of posts.
  const whole = useAnalyticsHistory(
    { ...(brands ? { brands } : {}), from: FIRST_DAY, to: today, postsOnly: true },
    !loading && history.data !== undefined,
  );
  const prefetch = usePrefetchAnalyticsHistory();
  const refresh = useRefreshAnalytics();
  const historyImport = useHistoryImport();
  const online = useOnline();
  const [reportOpen, setReportOpen] = useState<'report' | 'monthly' | null>(null);
  const nameOf = useMemo(() => brandNames(scope?.brands ?? []), [scope]);
  const view = useMemo(
    () => (history.data ? analyticsView(history.data, choice, today, zone, nameOf, whole.data) : null),
    [history.data, choice, today, zone, nameOf, whole.data],
  );

  if (loading || history.isPending) return <Loading label="Reading the analytics kept on this computer…" />;
  if (history.isError) {
    return (
      <ErrorState
        title="The analytics kept on this computer could not be read"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const data = history.data;
  const problems = problemSentences(data, nameOf);
  const updating = data.updating || refresh.isPending;

  const refreshBar = (
    <div className="analytics-freshness">
      <span className="muted" role="status" data-testid="analytics-freshness">
        {freshness(data, now)}
      </span>
      <ImportHistoryButton state={historyImport} brandName={profile.brandName ?? null} />
      <button
        type="button"
        className="button button-small"
        disabled={updating || !online}
        title={
          online ? 'Read every account’s numbers from the service now' : 'Available when you are back online'
        }
        onClick={() => refresh.mutate()}
      >
        {updating ? 'Refreshing…' : 'Refresh'}
      </button>
    </div>
  );
  const problemList =
    problems.length > 0 ? (
      <ul className="analytics-problems" aria-label="Brands whose numbers could not be brought up to date">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    ) : null;
  const offlineNote = online ? null : (
    <p className="muted">
      You are offline: these are the numbers kept on this computer. They are brought up to date when the
      connection returns.
    </p>
  );

  const noScope = lacksScope(profile.scopes, 'analytics:read');
  // Nothing ever kept (or nothing this key may read): say why, rather than show empty controls.
  if (!view || (data.accounts.length === 0 && (data.asOf === null || noScope))) {
    return (
      <section className="analytics" aria-label="Analytics">
        <div className="analytics-toolbar">{refreshBar}</div>
        {offlineNote}
        <ImportHistoryResult state={historyImport} />
        {problemList}
        {noScope ? (
          <NoScopeState />
        ) : (
          <EmptyState title="No analytics kept yet">
            <p>
              No analytics kept yet: they are read in the background from every connected account, once a day
              while Postdeck runs, and kept on this computer so they show offline too.
              {updating ? ' They are being read now.' : ' Refresh to read them now.'}
            </p>
            <p>Results from before you used Postdeck can be imported from a CSV file: Import history….</p>
          </EmptyState>
        )}
      </section>
    );
  }

  const group = view.group;
  const allLabel = showsAll ? 'All brands' : 'All accounts';
  const whose =
    choice.rollup === 'all'
      ? showsAll
        ? 'All brands'
        : (profile.brandName ?? allLabel)
      : view.label
        ? choice.rollup === 'campaign'
          ? `the ${view.label.name} campaign`
          : `posts labelled ${view.label.name}`
        : (view.groups.find((g) => g.key === group.key)?.label ?? '');
  const account = choice.rollup === 'account' && group.accounts[0] ? group.accounts[0].integration : null;
  const compareOptions: { value: CompareWith; label: string }[] = [
    { value: 'previous', label: 'The period before' },
    {
      value: 'yearBefore',
      label: view.reachesYearBefore
        ? 'The same days a year before'
        : 'The same days a year before (not kept yet)',
    },
    { value: 'none', label: 'Nothing' },
  ];

  return (
    // While another period is read, the last answer stays (numbers of the days it holds) and the
    // page says it is busy; main answers from this computer, so this lasts a blink.
    <section
      className="analytics"
      aria-labelledby={`${ids}-heading`}
      aria-busy={history.isPlaceholderData}
      data-reading={history.isPlaceholderData ? 'true' : undefined}
    >
      <h2 id={`${ids}-heading`} className="visually-hidden">
        Analytics of {whose}
      </h2>
      <div className="analytics-toolbar">
        <div className="analytics-control">
          <label htmlFor={`${ids}-range`}>Period</label>
          <select
            id={`${ids}-range`}
            value={choice.rangeKind}
            onChange={(e) => {
              const rangeKind = e.target.value as RangeKind;
              const custom = choice.custom ?? periods.range;
              const { query } = periodsOf({ rangeKind, custom, compare: choice.compare }, today);
              prefetch({ ...(brands ? { brands } : {}), ...query });
              actions.setRange(rangeKind, custom);
            }}
          >
            {RANGE_KINDS.map((r) => (
              <option key={r.kind} value={r.kind}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        {choice.rangeKind === 'custom' ? (
          <>
            <div className="analytics-control">
              <label htmlFor={`${ids}-from`}>From</label>
              <input
                id={`${ids}-from`}
                type="date"
                value={periods.range.from}
                max={today}
                onChange={(e) => {
                  if (isDayKey(e.target.value))
                    actions.setRange('custom', { from: e.target.value, to: periods.range.to });
                }}
              />
            </div>
            <div className="analytics-control">
              <label htmlFor={`${ids}-to`}>To</label>
              <input
                id={`${ids}-to`}
                type="date"
                value={periods.range.to}
                max={today}
                onChange={(e) => {
                  if (isDayKey(e.target.value))
                    actions.setRange('custom', { from: periods.range.from, to: e.target.value });
                }}
              />
            </div>
          </>
        ) : null}
        <div className="analytics-control">
          <label htmlFor={`${ids}-rollup`}>Add up by</label>
          <select
            id={`${ids}-rollup`}
            value={choice.rollup}
            onChange={(e) => actions.setRollup(e.target.value as RollupChoice)}
          >
            {ROLLUPS.map((r) => (
              <option key={r.by} value={r.by}>
                {r.by === 'all' ? allLabel : r.label}
              </option>
            ))}
          </select>
        </div>
        {choice.rollup !== 'all' && view.groups.length > 0 ? (
          <div className="analytics-control">
            <label htmlFor={`${ids}-group`}>{GROUP_LABEL[choice.rollup]}</label>
            <select id={`${ids}-group`} value={group.key} onChange={(e) => actions.choose(e.target.value)}>
              {view.groups.map((g) => (
                <option key={g.key} value={g.key}>
                  {g.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="analytics-control">
          <label htmlFor={`${ids}-compare`}>Compare with</label>
          <select
            id={`${ids}-compare`}
            value={choice.compare}
            onChange={(e) => actions.setCompare(e.target.value as CompareWith)}
          >
            {compareOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {refreshBar}
        <div className="analytics-report-actions">
          <button type="button" className="button button-small" onClick={() => setReportOpen('report')}>
            Client report…
          </button>
          <button type="button" className="button button-small" onClick={() => setReportOpen('monthly')}>
            Monthly reports…
          </button>
        </div>
      </div>
      {reportOpen === 'report' ? (
        <ReportDialog
          brands={scope?.brands ?? []}
          chosen={brands ?? []}
          today={today}
          onClose={() => setReportOpen(null)}
        />
      ) : null}
      {reportOpen === 'monthly' ? <MonthlyReportsDialog onClose={() => setReportOpen(null)} /> : null}
      {offlineNote}
      <ImportHistoryResult state={historyImport} />
      {problemList}
      {view.noGroups ? (
        <EmptyState title={choice.rollup === 'campaign' ? 'No campaign yet' : 'No label yet'}>
          <p>{view.noGroups}</p>
        </EmptyState>
      ) : (
        <AnalyticsReport
          view={view}
          zone={zone}
          whose={whose}
          account={account ? { id: account.id, name: account.name } : null}
          onOpenLink={(url) => void openExternal({ url }).catch(() => undefined)}
        />
      )}
    </section>
  );
}
