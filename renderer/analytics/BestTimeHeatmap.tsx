import { useMemo } from 'react';
import {
  bestTimeHeatmap,
  type PostWithMetrics,
  MIN_CELL_POSTS,
  MIN_POSTS,
  topHoursAsSlots,
  type BestTimeHeatmap as Heatmap,
  type HeatCell,
} from '../../shared/analytics/best-time.js';
import { WEEKDAY_NAMES } from '../../shared/queue/slots.js';
import { formatHour } from '../ui/time-format.js';
import { useUi } from '../ui/ui-store.js';
import { useSlotProposal } from '../queue/slot-proposal.js';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = formatHour;

function formatMean(mean: number, basis: Heatmap['basis']): string {
  return basis === 'rate' ? `${(mean * 100).toFixed(1)}%` : mean.toFixed(1);
}

function describe(cell: HeatCell, basis: Heatmap['basis']): string {
  const when = `${WEEKDAY_NAMES[cell.weekday]} ${hourLabel(cell.hour)}`;
  if (cell.count === 0 || cell.mean === null) return `${when}: no posts`;
  const what = basis === 'rate' ? 'mean engagement rate' : 'mean interactions per post';
  return `${when}: ${what} ${formatMean(cell.mean, basis)} from ${cell.count} post${cell.count === 1 ? '' : 's'}`;
}

/** The plain sentence under the title: how much data there is, and whether it is enough. */
function verdict(h: Heatmap): string {
  const base = `From ${h.used} published post${h.used === 1 ? '' : 's'} with numbers`;
  if (h.status === 'too-little-data') {
    return `${base}. Too little data to tell the best times: at least ${MIN_POSTS} are needed. The cells below show what there is.`;
  }
  if (h.status === 'too-spread') {
    return `${base}, but no hour of the week has ${MIN_CELL_POSTS} posts yet, so none can be recommended with confidence.`;
  }
  return `${base}. The best hours, each resting on at least ${MIN_CELL_POSTS} posts, are outlined.`;
}

interface Props {
  posts: readonly PostWithMetrics[];
  zone: string;
  /** Who the posts are of, in words: an account's name, a brand's, "all brands". */
  whose: string;
  /** The one account shown, whose queue the best hours can become; null for a group of accounts. */
  account: { id: string; name: string } | null;
  /** Which posts are counted, in words: "412 posts since March 2025" (every kept post of the group). */
  basis: string;
}

/**
 * "Best time to post": a weekday × hour table of engagement in the zone, every cell with its
 * number and the posts it rests on (colour only repeats the number), and for one account "Use as
 * queue slots" that opens the slot editor on the best hours without saving them.
 */
export function BestTimeHeatmap({ posts, zone, whose, account, basis }: Props) {
  const heatmap = useMemo(() => bestTimeHeatmap(posts, zone), [posts, zone]);
  const navigate = useUi((s) => s.navigate);
  const propose = useSlotProposal((s) => s.propose);
  const top = new Set(heatmap.top.map((c) => `${c.weekday}:${c.hour}`));
  const basisNote =
    heatmap.basis === 'rate'
      ? 'Engagement rate: likes, comments, shares and clicks per impression, averaged over the posts of each hour.'
      : 'The service reports no impressions for these posts: interactions per post, averaged over the posts of each hour.';

  const useAsSlots = () => {
    if (!account) return;
    propose({
      integrationId: account.id,
      accountName: account.name,
      slots: topHoursAsSlots(heatmap),
      reason: `the ${heatmap.top.length} best hour${heatmap.top.length === 1 ? '' : 's'} of ${account.name} by engagement`,
    });
    navigate('queue');
  };

  return (
    <section aria-labelledby="analytics-best-time" className="analytics-section">
      <div className="section-head">
        <h2 id="analytics-best-time" className="section-title">
          Best time to post
        </h2>
        {account ? (
          <button
            type="button"
            className="button button-small"
            disabled={heatmap.status !== 'ok'}
            aria-describedby="best-time-verdict"
            onClick={useAsSlots}
          >
            Use as queue slots
          </button>
        ) : null}
      </div>
      <p
        id="best-time-verdict"
        className={heatmap.status === 'ok' ? 'muted' : 'best-time-warning'}
        role="status"
      >
        {verdict(heatmap)}
      </p>
      <p className="muted best-time-basis">
        {basisNote} Times are in {zone}. Counted over every post kept on this computer: {basis}.
      </p>
      <div className="table-scroll">
        <table
          className="best-time"
          aria-label={`Engagement of ${whose} by weekday and hour, in ${zone}`}
          aria-describedby="best-time-verdict"
        >
          <thead>
            <tr>
              <th scope="col">Day</th>
              {HOURS.map((h) => (
                <th key={h} scope="col" abbr={hourLabel(h)}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {heatmap.cells.map((row, weekday) => (
              <tr key={WEEKDAY_NAMES[weekday]}>
                <th scope="row" abbr={WEEKDAY_NAMES[weekday]}>
                  {WEEKDAY_NAMES[weekday]!.slice(0, 3)}
                </th>
                {row.map((cell) => {
                  const strength =
                    cell.mean !== null && heatmap.maxMean > 0 ? cell.mean / heatmap.maxMean : 0;
                  const best = top.has(`${cell.weekday}:${cell.hour}`);
                  return (
                    <td
                      key={cell.hour}
                      className={`best-time-cell${best ? ' best-time-top' : ''}${strength > 0.55 ? ' best-time-strong' : ''}`}
                      style={
                        cell.count > 0
                          ? { ['--heat' as string]: `${Math.round(15 + strength * 45)}%` }
                          : undefined
                      }
                      aria-label={`${describe(cell, heatmap.basis)}${best ? ', one of the best hours' : ''}`}
                      title={describe(cell, heatmap.basis)}
                    >
                      {cell.mean !== null ? (
                        <>
                          <span className="best-time-mean">{formatMean(cell.mean, heatmap.basis)}</span>
                          <span className="best-time-count">×{cell.count}</span>
                        </>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {heatmap.top.length > 0 ? (
        <ol className="best-time-list" aria-label="Best hours">
          {heatmap.top.map((c) => (
            <li key={`${c.weekday}:${c.hour}`}>{describe(c, heatmap.basis)}</li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
