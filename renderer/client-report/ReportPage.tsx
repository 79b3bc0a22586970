import { PlatformType } from '../../shared/platforms/types.js';
import {
  SECTION_TITLES,
  type ChartData,
  type ReportData,
  type ReportSection,
} from '../../shared/reports/model.js';
import { PlatformPreview } from '../previews/PlatformPreview.js';
import { changeWords, formatChange, formatTick, formatValue, niceTicks, shortDay } from './format.js';

/*
 * The report as a client reads it, on screen and on A4 paper: a header with the agency and the
 * brand, then each kept section. Charts are drawn as inline SVG (the page may load nothing), each
 * with its axes, its unit and the same numbers as a table beside it for screen readers.
 */

export function ReportPage({ data }: { data: ReportData }) {
  const kept = (s: ReportSection) => data.sections.includes(s);
  return (
    <div className="cr" style={{ ['--brand' as string]: data.brandColour }}>
      <header className="cr-head">
        <div className="cr-agency">
          {data.agency.logo ? (
            <img className="cr-logo" src={data.agency.logo} alt={data.agency.name || 'Agency logo'} />
          ) : null}
          {data.agency.name ? <span className="cr-agency-name">{data.agency.name}</span> : null}
        </div>
        <div className="cr-title">
          <h1>
            {data.brand}
            <span className="cr-sub">Report for {data.periodTitle}</span>
          </h1>
          <p className="cr-meta">
            {data.period.label}
            {data.previousLabel ? ` · compared with ${data.previousLabel}` : ''} · made on {data.madeOn} ·
            times in {data.zone}
          </p>
          <p className="cr-meta">{data.coverage}</p>
          {data.noComparison ? <p className="cr-meta">{data.noComparison}</p> : null}
        </div>
      </header>
      {kept('summary') && <Summary data={data} />}
      {kept('charts') && <Charts data={data} />}
      {kept('platforms') && <Platforms data={data} />}
      {kept('topPosts') && <TopPosts data={data} />}
      {kept('labels') && <Labels data={data} />}
      {kept('scheduled') && <Scheduled data={data} />}
      <footer className="cr-foot">
        {data.agency.name ? `Prepared by ${data.agency.name} with Postdeck.` : 'Prepared with Postdeck.'}{' '}
        Numbers are those the social networks reported; a day without data is left out, never counted as zero.
      </footer>
    </div>
  );
}

function Section({ id, title, children }: { id: ReportSection; title?: string; children: React.ReactNode }) {
  return (
    <section className={`cr-section cr-section-${id}`} aria-labelledby={`cr-${id}-title`}>
      <h2 id={`cr-${id}-title`}>{title ?? SECTION_TITLES[id]}</h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="cr-empty">{children}</p>;
}

function Summary({ data }: { data: ReportData }) {
  // Without a kept period before, the comparison columns would be dashes only: they are left out.
  const compared = data.previousLabel !== null;
  return (
    <Section id="summary" title="Summary">
      {data.summary.length === 0 ? (
        <Empty>No numbers are kept for this period yet.</Empty>
      ) : (
        <table className="cr-table cr-summary-table">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col" className="num">
                {data.periodTitle}
              </th>
              {compared ? (
                <>
                  <th scope="col" className="num">
                    Period before
                  </th>
                  <th scope="col" className="num">
                    Change
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {data.summary.map((row) => (
              <tr key={row.name} data-metric={row.name}>
                <th scope="row">
                  {row.name}
                  {row.unit && row.unit !== '%' ? <span className="cr-unit"> ({row.unit})</span> : null}
                  {row.kind === 'level' ? <span className="cr-unit"> at the end</span> : null}
                </th>
                <td className="num cr-value">{formatValue(row, row.value)}</td>
                {compared ? (
                  <>
                    <td className="num">{formatValue(row, row.previous)}</td>
                    <td className={`num cr-change cr-${changeWords(row.change).replace(/ /g, '-')}`}>
                      {formatChange(row.change)}
                      <span className="cr-visually-hidden"> ({changeWords(row.change)})</span>
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Charts({ data }: { data: ReportData }) {
  return (
    <Section id="charts">
      {data.charts.length === 0 ? (
        <Empty>No day of this period has numbers to draw.</Empty>
      ) : (
        <div className="cr-charts">
          {data.charts.map((c) => (
            <Chart key={c.name} chart={c} />
          ))}
        </div>
      )}
    </Section>
  );
}

const TEXT_FIRST = new Set<PlatformType>([
  'x',
  'linkedin',
  'linkedin-page',
  'facebook',
  'threads',
  'bluesky',
]);

const W = 460;
const H = 200;
const PAD = { left: 52, right: 12, top: 12, bottom: 34 };

function Chart({ chart }: { chart: ChartData }) {
  const values = chart.points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  // Followers sit far from zero: their axis starts near the lowest value, so a change shows.
  const ticks = niceTicks(min, max, 5, chart.kind !== 'level');
  const lo = ticks[0] ?? 0;
  const hi = ticks.at(-1) ?? 1;
  const n = chart.points.length;
  const x = (i: number) =>
    PAD.left + (n <= 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - (v - lo) / (hi - lo || 1));
  const path = chart.points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  const labelled = n <= 1 ? [0] : [0, Math.floor((n - 1) / 2), n - 1];
  const unit = chart.unit === '%' ? 'percent' : chart.unit;
  const title = `${chart.name}${unit ? ` (${unit})` : ''}, per day`;
  return (
    <figure className="cr-chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${title}: line chart; the table below holds the same numbers.`}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line className="cr-grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="cr-tick" x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {formatTick(chart, t)}
            </text>
          </g>
        ))}
        <line className="cr-axis" x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} />
        {labelled.map((i) => (
          <text
            key={i}
            className="cr-tick"
            x={x(i)}
            y={H - PAD.bottom + 16}
            textAnchor={i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}
          >
            {chart.points[i] ? shortDay(chart.points[i].date) : ''}
          </text>
        ))}
        <text className="cr-axis-title" x={(W + PAD.left) / 2} y={H - 4} textAnchor="middle">
          Day
        </text>
        <path className="cr-line" d={path} />
        {n <= 31 &&
          chart.points.map((p, i) => (
            <circle key={p.date} className="cr-dot" cx={x(i)} cy={y(p.value)} r={2.2} />
          ))}
      </svg>
      <details className="cr-chart-table">
        <summary>Table of {chart.name.toLowerCase()} per day</summary>
        <table className="cr-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="num">
                {chart.name}
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{shortDay(p.date)}</th>
                <td className="num">{formatValue(chart, p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Platforms({ data }: { data: ReportData }) {
  const { metrics, rows } = data.platforms;
  return (
    <Section id="platforms">
      {rows.length === 0 ? (
        <Empty>No account of this brand has numbers for this period.</Empty>
      ) : (
        <table className="cr-table">
          <thead>
            <tr>
              <th scope="col">Platform</th>
              {metrics.map((m) => (
                <th key={m.name} scope="col" className="num">
                  {m.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.platform}>
                <th scope="row">
                  {r.platform}
                  <span className="cr-unit">
                    {' '}
                    ({r.accounts} {r.accounts === 1 ? 'account' : 'accounts'})
                  </span>
                </th>
                {metrics.map((m, i) => (
                  <td key={m.name} className="num">
                    {formatValue(m, r.values[i])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function TopPosts({ data }: { data: ReportData }) {
  return (
    <Section id="topPosts">
      {data.topPosts.length === 0 ? (
        <Empty>No post of this period has results yet.</Empty>
      ) : (
        <ol className="cr-posts">
          {data.topPosts.map((p, i) => {
            // Networks whose post is its text are drawn as they show it; a video or picture
            // network without its media would be an empty frame, so its words are quoted instead.
            const look = PlatformType.safeParse(p.look);
            const drawn = look.success && TEXT_FIRST.has(look.data);
            return (
              <li key={i} className="cr-post">
                <p className="cr-post-head">
                  <strong>
                    {i + 1}. {p.account} on {p.platform}
                  </strong>{' '}
                  · {p.when}
                </p>
                <p className="cr-post-numbers">
                  {formatValue({ kind: 'count' }, p.engagements)} engagements
                  {p.impressions !== null
                    ? ` · ${formatValue({ kind: 'count' }, p.impressions)} impressions`
                    : ''}
                </p>
                {drawn && look.success ? (
                  <div className="cr-preview">
                    <PlatformPreview
                      post={{
                        platform: look.data,
                        account: { name: p.account },
                        blocks: [{ text: p.text, media: [] }],
                        publishedAt: p.publishedAt,
                      }}
                    />
                  </div>
                ) : (
                  <p className="cr-post-text">{p.text}</p>
                )}
                {p.linkCampaigns?.length ? (
                  <p className="cr-unit">Its links carried the campaign {p.linkCampaigns.join(', ')}.</p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

function Labels({ data }: { data: ReportData }) {
  return (
    <Section id="labels">
      {data.labels.length === 0 ? (
        <Empty>No post of this period has a label or a campaign.</Empty>
      ) : (
        <table className="cr-table">
          <thead>
            <tr>
              <th scope="col">Label or campaign</th>
              <th scope="col" className="num">
                Posts
              </th>
              <th scope="col" className="num">
                Engagements
              </th>
              <th scope="col" className="num">
                Impressions
              </th>
              <th scope="col" className="num">
                Engagement rate
              </th>
            </tr>
          </thead>
          <tbody>
            {data.labels.map((l) => (
              <tr key={l.name}>
                <th scope="row">
                  {l.name}
                  {l.campaign ? <span className="cr-unit"> (campaign, {l.campaign})</span> : null}
                </th>
                <td className="num">{formatValue({ kind: 'count' }, l.posts)}</td>
                <td className="num">{formatValue({ kind: 'count' }, l.engagements)}</td>
                <td className="num">{formatValue({ kind: 'count' }, l.impressions)}</td>
                <td className="num">{formatValue({ kind: 'ratio' }, l.engagementRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Scheduled({ data }: { data: ReportData }) {
  const { rows, more, label } = data.scheduled;
  return (
    <Section id="scheduled" title={`Scheduled for ${label}`}>
      {rows.length === 0 ? (
        <Empty>No post is scheduled for {label} yet.</Empty>
      ) : (
        <table className="cr-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Account</th>
              <th scope="col">Post</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td className="cr-nowrap">{r.when}</td>
                <td>
                  {r.account} <span className="cr-unit">({r.platform})</span>
                </td>
                <td className="cr-text">
                  {r.text.length > 160 ? `${r.text.slice(0, 159)}…` : r.text}
                  {r.linkCampaigns?.length ? (
                    <span className="cr-unit"> (links of the campaign {r.linkCampaigns.join(', ')})</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more > 0 ? <p className="cr-empty">And {more} more.</p> : null}
    </Section>
  );
}
