import type { AnalyticsResponse } from '../../shared/api/resources.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { EmptyState } from '../ui/feedback.js';
import { BestTimeHeatmap } from './BestTimeHeatmap.js';
import type { ChartPoint } from './chart-geometry.js';
import { downloadText, safeFileName } from './download.js';
import { LineChart } from './LineChart.js';
import { MetricCards } from './MetricCards.js';
import { orderedMetricNames } from './metrics.js';
import { openPostInCalendar } from './open-in-calendar.js';
import { recentPostsCsv } from './recent-posts.js';
import { RecentPostsTable } from './RecentPostsTable.js';
import { LabelResults } from '../labels/LabelResults.js';

const rangeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The daily series of one metric; days without it are left out rather than drawn as zero. */
function series(daily: NonNullable<AnalyticsResponse['daily']>, metric: string): ChartPoint[] {
  return daily.flatMap((d) => {
    const value = d.metrics[metric];
    return value === undefined ? [] : [{ date: d.date, value }];
  });
}

interface Props {
  account: IntegrationView;
  report: AnalyticsResponse;
  /** The brand's zone, so "show in calendar" lands on the post's day there. */
  zone: string;
  onOpenLink(url: string): void;
}

/** Cards, daily charts and the recent posts of one account. */
export function AnalyticsReport({ account, report, zone, onOpenLink }: Props) {
  const daily = report.daily ?? [];
  const chartMetrics = orderedMetricNames(
    Object.fromEntries(daily.flatMap((d) => Object.keys(d.metrics).map((k) => [k, 0]))),
  );
  const range = report.range;

  function exportCsv() {
    const day = new Date().toISOString().slice(0, 10);
    downloadText(
      `${safeFileName(`postdeck-${account.name}-recent-posts-${day}`)}.csv`,
      recentPostsCsv(report.recentPosts),
      'text/csv;charset=utf-8',
    );
  }

  return (
    <div className="analytics-report">
      <p className="muted analytics-range">
        {range
          ? `${rangeFormat.format(new Date(range.startDate))} – ${rangeFormat.format(new Date(range.endDate))}, compared with the 30 days before`
          : 'The last 30 days'}
        {account.disconnected || report.integration.disconnected
          ? ' · This account is disconnected: reconnect it in your dashboard to get new numbers.'
          : ''}
      </p>
      <MetricCards profile={report.profile} previous={report.previous} />

      {chartMetrics.length > 0 ? (
        <section aria-labelledby="analytics-daily" className="analytics-section">
          <h2 id="analytics-daily" className="section-title">
            Day by day
          </h2>
          <div className="chart-grid-list">
            {chartMetrics.map((metric) => (
              <LineChart key={metric} metric={metric} points={series(daily, metric)} />
            ))}
          </div>
        </section>
      ) : null}

      <BestTimeHeatmap account={account} report={report} zone={zone} />

      <section aria-labelledby="analytics-recent" className="analytics-section">
        <div className="section-head">
          <h2 id="analytics-recent" className="section-title">
            Recent posts
          </h2>
          {report.recentPosts.length > 0 ? (
            <button type="button" className="button button-small" onClick={exportCsv}>
              Export CSV
            </button>
          ) : null}
        </div>
        {report.recentPosts.length === 0 ? (
          <EmptyState title="No published posts in the last 30 days">
            <p>
              Posts appear here with their numbers once they are published. Schedule one from the calendar.
            </p>
          </EmptyState>
        ) : (
          <RecentPostsTable
            posts={report.recentPosts}
            onOpenPost={(post) => openPostInCalendar(post.postId, post.publishDate, zone)}
            onOpenLink={onOpenLink}
          />
        )}
      </section>
      <LabelResults posts={report.recentPosts} />
    </div>
  );
}
