import { EmptyState } from '../ui/feedback.js';
import { BestTimeHeatmap } from './BestTimeHeatmap.js';
import { downloadText, safeFileName } from './download.js';
import { LabelPill } from '../labels/LabelPill.js';
import { LabelRollupTable } from './LabelRollupTable.js';
import { LineChart } from './LineChart.js';
import { MetricCards } from './MetricCards.js';
import { openPostInCalendar } from './open-in-calendar.js';
import { PostsPerWeek } from './PostsPerWeek.js';
import { RankedPosts } from './RankedPosts.js';
import { recentPostsCsv } from './recent-posts.js';
import { RecentPostsTable } from './RecentPostsTable.js';
import { dailyNumbersCsv, rangeLabel, type AnalyticsView } from './view-model.js';

interface Props {
  view: AnalyticsView;
  /** The zone days and hours are read in, so "show in calendar" lands on the post's day there. */
  zone: string;
  /** Whose numbers these are, in words ("Harbor Coffee", "All brands"). */
  whose: string;
  /** The one account shown, when the roll-up is one account. */
  account: { id: string; name: string } | null;
  onOpenLink(url: string): void;
}

/** Cards, daily charts, best and worst posts, posts per week, best time and the posts of the range. */
export function AnalyticsReport({ view, zone, whose, account, onOpenLink }: Props) {
  const { summary, earlier, periods } = view;
  const day = new Date().toISOString().slice(0, 10);
  const stem = safeFileName(`postdeck-${whose}`);
  const rangeText = rangeLabel(periods.range);

  return (
    <div className="analytics-report" data-range-from={periods.range.from} data-range-to={periods.range.to}>
      {view.label ? (
        <p className="analytics-label-headline" data-testid="analytics-label-headline">
          <LabelPill label={view.label} /> {view.label.headline}
        </p>
      ) : null}
      <p className="muted analytics-range" role="status">
        {rangeText} · {view.coverage}
        {earlier
          ? ` Compared with ${earlier.label}, ${rangeLabel(earlier.range)} (${earlier.summary.daysWithData} of ${earlier.summary.daysInRange} days with data).`
          : view.noComparison
            ? ` ${view.noComparison}`
            : ''}
      </p>

      {summary.metrics.length === 0 ? (
        <EmptyState title="No numbers kept for this period">
          <p>Choose a longer period, or Refresh to read the accounts again.</p>
        </EmptyState>
      ) : (
        <>
          <MetricCards
            metrics={summary.metrics}
            comparisons={view.comparisons}
            levels={summary.levels}
            against={earlier ? `${earlier.label}` : null}
            noComparison={view.noComparison}
            rangeLabel={rangeText}
          />
          <section aria-labelledby="analytics-daily" className="analytics-section">
            <div className="section-head">
              <h2 id="analytics-daily" className="section-title">
                Day by day
              </h2>
              <button
                type="button"
                className="button button-small"
                onClick={() =>
                  downloadText(`${stem}-daily-${day}.csv`, dailyNumbersCsv(summary), 'text/csv;charset=utf-8')
                }
              >
                Export daily numbers (CSV)
              </button>
            </div>
            <div className="chart-grid-list">
              {summary.metrics.map((metric) => (
                <LineChart
                  key={metric}
                  metric={metric}
                  per={view.label ? 'by day published' : 'per day'}
                  points={summary.series[metric] ?? []}
                  range={periods.range}
                  earlier={
                    earlier
                      ? {
                          points: earlier.summary.series[metric] ?? [],
                          range: earlier.range,
                          label: earlier.label,
                        }
                      : null
                  }
                />
              ))}
            </div>
          </section>
        </>
      )}

      <section aria-labelledby="analytics-ranked" className="analytics-section">
        <h2 id="analytics-ranked" className="section-title">
          Top and bottom posts
        </h2>
        {view.ranked.top.length === 0 ? (
          <p className="muted">No post published in this period has numbers yet.</p>
        ) : (
          <>
            <h3 className="subsection-title">Most engagements</h3>
            <RankedPosts
              title="Top posts"
              posts={view.ranked.top}
              onOpen={(r) => openPostInCalendar(r.post.postId, r.post.publishDate ?? undefined, zone)}
            />
            {view.ranked.bottom.length > 0 ? (
              <>
                <h3 className="subsection-title">Fewest engagements</h3>
                <RankedPosts
                  title="Bottom posts"
                  posts={view.ranked.bottom}
                  onOpen={(r) => openPostInCalendar(r.post.postId, r.post.publishDate ?? undefined, zone)}
                />
              </>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="analytics-weeks" className="analytics-section">
        <h2 id="analytics-weeks" className="section-title">
          Posts per week
        </h2>
        <PostsPerWeek weeks={view.weeks} />
      </section>

      <BestTimeHeatmap
        posts={view.allPosts}
        zone={zone}
        whose={whose}
        account={account}
        basis={view.allPostsBasis}
      />

      <section aria-labelledby="analytics-recent" className="analytics-section">
        <div className="section-head">
          <h2 id="analytics-recent" className="section-title">
            Posts of the period
          </h2>
          {view.posts.length > 0 ? (
            <button
              type="button"
              className="button button-small"
              onClick={() =>
                downloadText(
                  `${stem}-recent-posts-${day}.csv`,
                  recentPostsCsv(view.posts),
                  'text/csv;charset=utf-8',
                )
              }
            >
              Export CSV
            </button>
          ) : null}
        </div>
        {view.posts.length === 0 ? (
          <EmptyState title="No published posts in this period">
            <p>
              Posts appear here with their numbers once they are published. Schedule one from the calendar.
            </p>
          </EmptyState>
        ) : (
          <RecentPostsTable
            posts={view.posts}
            onOpenPost={(post) => openPostInCalendar(post.postId, post.publishDate, zone)}
            onOpenLink={onOpenLink}
          />
        )}
      </section>
      {view.label ? null : (
        <LabelRollupTable rows={view.byLabel.rows} total={view.byLabel.total} whose={whose} />
      )}
    </div>
  );
}
