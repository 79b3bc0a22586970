import { useMemo, useState, type FormEvent } from 'react';
import type { DraftInput } from '../../shared/drafts/ipc.js';
import { WEEKDAY_NAMES } from '../../shared/queue/slots.js';
import { describeRule, MONTH_NAMES, ordinal, repeatWarning, ruleNote } from '../../shared/series/describe.js';
import { SeriesRule, type MonthDay } from '../../shared/series/model.js';
import { firstOccurrences, LEAD_MS, totalDates, weekdayOf } from '../../shared/series/occurrences.js';
import { formatFull } from '../calendar/format.js';
import { Modal } from '../ui/Modal.js';
import { errorMessage } from '../ui/feedback.js';
import { useSeriesWrite } from './queries.js';
import './series.css';

/*
 * "Repeat…" beside the composer's Schedule: the rule (daily, weekly on chosen days, monthly on a
 * day or "the second Tuesday", yearly), its wall time in the brand's zone, its end, and more texts
 * that take turns. The words and the next dates are worked out here with the same shared code
 * main plans with, so what the dialog shows is what gets made.
 */

type Freq = SeriesRule['freq'];
type EndKind = SeriesRule['end']['kind'];
const NTHS = [
  [1, 'first'],
  [2, 'second'],
  [3, 'third'],
  [4, 'fourth'],
  [-1, 'last'],
] as const;
/** Monday first, as a week runs. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const PREVIEW = 8;

/** The wall day and time of an instant in a zone ("2027-02-22", "09:00"). */
function wallOf(iso: string | null, zone: string, now: number): { day: string; time: string } {
  // No time chosen yet: tomorrow at 9:00.
  const at = iso ? new Date(iso) : new Date(now + 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: iso ? `${parts.hour}:${parts.minute}` : '09:00',
  };
}

export function RepeatDialog({
  zone,
  draft,
  platforms,
  beforeCreate,
  onCreated,
  onClose,
}: {
  zone: string;
  /** The composer's copy of the draft, saved by main before it becomes the series. */
  draft: DraftInput & { id: string };
  platforms: readonly string[];
  /** Stops the composer's autosave: the draft becomes the series. */
  beforeCreate(): void;
  onCreated(message: string): void;
  onClose(): void;
}) {
  // When the dialog opened: the dates before it (and LEAD_MS after) are not made any more.
  const [opened] = useState(() => Date.now());
  const [first] = useState(() => wallOf(draft.date, zone, opened));
  const startDay = Number(first.day.slice(8, 10));
  const startWeekday = weekdayOf(first.day);
  const [freq, setFreq] = useState<Freq>('weekly');
  const [interval, setInterval] = useState(1);
  const [weekdays, setWeekdays] = useState<number[]>([startWeekday]);
  const [monthKind, setMonthKind] = useState<MonthDay['kind']>('day');
  const [day, setDay] = useState(startDay);
  const [nth, setNth] = useState<1 | 2 | 3 | 4 | -1>(Math.min(4, Math.ceil(startDay / 7)) as 1 | 2 | 3 | 4);
  const [weekday, setWeekday] = useState(startWeekday);
  const [month, setMonth] = useState(Number(first.day.slice(5, 7)));
  const [start, setStart] = useState(first.day);
  const [time, setTime] = useState(first.time);
  const [endKind, setEndKind] = useState<EndKind>('count');
  const [count, setCount] = useState(6);
  const [until, setUntil] = useState(first.day);
  const [variants, setVariants] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useSeriesWrite('createSeries');

  const parsed = useMemo(
    () =>
      SeriesRule.safeParse({
        freq,
        interval,
        weekdays,
        monthDay: monthKind === 'day' ? { kind: 'day', day } : { kind: 'weekday', nth, weekday },
        month,
        start,
        time,
        end:
          endKind === 'never'
            ? { kind: 'never' }
            : endKind === 'count'
              ? { kind: 'count', count }
              : { kind: 'until', date: until },
      }),
    [freq, interval, weekdays, monthKind, day, nth, weekday, month, start, time, endKind, count, until],
  );
  const rule = parsed.success ? parsed.data : null;
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the rule.');
  const preview = useMemo(() => {
    if (!rule) return null;
    const soon = opened + LEAD_MS;
    const dates = firstOccurrences(rule, zone, 200)
      .filter((o) => o.at >= soon)
      .slice(0, PREVIEW);
    return {
      dates,
      total: totalDates(rule, zone),
      words: describeRule(rule),
      note: ruleNote(rule),
      warning: repeatWarning(
        platforms,
        [draft.blocks[0]?.content ?? '', ...variants],
        totalDates(rule, zone),
      ),
    };
  }, [rule, zone, platforms, variants, draft.blocks, opened]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!rule) return setError(problem);
    if (draft.targets.length === 0) return setError('Choose at least one account to post to.');
    if (!preview || preview.dates.length === 0)
      return setError('Every date of this rule has passed; choose a later start or end.');
    beforeCreate();
    try {
      const made = await create.mutateAsync({
        draftId: draft.id,
        draft,
        rule,
        variants: variants.map((v) => v.trim()).filter((v) => v.length > 0),
      });
      onCreated(
        `Series created: ${made.series.description}. ${made.created === 1 ? '1 post' : `${made.created} posts`} scheduled.`,
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const toggleDay = (d: number) =>
    setWeekdays((days) => (days.includes(d) ? days.filter((x) => x !== d) : [...days, d]));

  return (
    <Modal title="Repeat this post" onClose={onClose} className="series-dialog">
      <form aria-label="Repeat this post" onSubmit={(e) => void submit(e)}>
        <div className="series-row">
          <label className="field">
            <span>Repeats</span>
            <select aria-label="Repeats" value={freq} onChange={(e) => setFreq(e.target.value as Freq)}>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly</option>
              <option value="yearly">Yearly</option>
            </select>
          </label>
          <label className="field series-narrow">
            <span>Every</span>
            <input
              type="number"
              min={1}
              max={99}
              value={interval}
              onChange={(e) => setInterval(Math.max(1, Number(e.target.value) || 1))}
            />
          </label>
          <span className="muted series-unit">
            {{ daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' }[freq]}
            {interval === 1 ? '' : 's'}
          </span>
        </div>

        {freq === 'weekly' ? (
          <fieldset className="series-days">
            <legend>On</legend>
            {WEEK.map((d) => (
              <label key={d} className="series-day">
                <input type="checkbox" checked={weekdays.includes(d)} onChange={() => toggleDay(d)} />
                {WEEKDAY_NAMES[d]}
              </label>
            ))}
          </fieldset>
        ) : null}

        {freq === 'monthly' || freq === 'yearly' ? (
          <fieldset className="series-month">
            <legend>On</legend>
            {freq === 'yearly' ? (
              <label className="field">
                <span>Month</span>
                <select aria-label="Month" value={month} onChange={(e) => setMonth(Number(e.target.value))}>
                  {MONTH_NAMES.map((name, i) => (
                    <option key={name} value={i + 1}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <div className="series-row">
              <label className="series-choice">
                <input
                  type="radio"
                  name="series-month-kind"
                  checked={monthKind === 'day'}
                  onChange={() => setMonthKind('day')}
                />
                Day
              </label>
              <select
                aria-label="Day of the month"
                value={day}
                disabled={monthKind !== 'day'}
                onChange={(e) => setDay(Number(e.target.value))}
              >
                {Array.from({ length: 31 }, (_, i) => (
                  <option key={i} value={i + 1}>
                    {ordinal(i + 1)}
                  </option>
                ))}
              </select>
            </div>
            <div className="series-row">
              <label className="series-choice">
                <input
                  type="radio"
                  name="series-month-kind"
                  checked={monthKind === 'weekday'}
                  onChange={() => setMonthKind('weekday')}
                />
                The
              </label>
              <select
                aria-label="Which one"
                value={nth}
                disabled={monthKind !== 'weekday'}
                onChange={(e) => setNth(Number(e.target.value) as 1 | 2 | 3 | 4 | -1)}
              >
                {NTHS.map(([n, words]) => (
                  <option key={n} value={n}>
                    {words}
                  </option>
                ))}
              </select>
              <select
                aria-label="Weekday"
                value={weekday}
                disabled={monthKind !== 'weekday'}
                onChange={(e) => setWeekday(Number(e.target.value))}
              >
                {WEEK.map((d) => (
                  <option key={d} value={d}>
                    {WEEKDAY_NAMES[d]}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
        ) : null}

        <div className="series-row">
          <label className="field">
            <span>Starts</span>
            <input type="date" required value={start} onChange={(e) => setStart(e.target.value)} />
          </label>
          <label className="field">
            <span>At ({zone})</span>
            <input type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
          </label>
        </div>

        <div className="series-row">
          <label className="field">
            <span>Ends</span>
            <select aria-label="Ends" value={endKind} onChange={(e) => setEndKind(e.target.value as EndKind)}>
              <option value="count">After a number of times</option>
              <option value="until">On a date</option>
              <option value="never">Never</option>
            </select>
          </label>
          {endKind === 'count' ? (
            <label className="field series-narrow">
              <span>How many times</span>
              <input
                type="number"
                min={1}
                max={500}
                value={count}
                onChange={(e) => setCount(Math.max(1, Math.min(500, Number(e.target.value) || 1)))}
              />
            </label>
          ) : endKind === 'until' ? (
            <label className="field">
              <span>Last day</span>
              <input type="date" required value={until} onChange={(e) => setUntil(e.target.value)} />
            </label>
          ) : (
            <p className="muted series-unit">
              The next eight weeks are kept scheduled, topped up as time passes.
            </p>
          )}
        </div>

        <fieldset className="series-variants">
          <legend>Texts that take turns</legend>
          <p className="muted">The post’s own text goes first; each further text takes the next date.</p>
          {variants.map((v, i) => (
            <div className="series-variant" key={i}>
              <label className="field">
                <span>Text {i + 2}</span>
                <textarea
                  rows={2}
                  value={v}
                  onChange={(e) => setVariants((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
                />
              </label>
              <button
                type="button"
                className="button button-small"
                onClick={() => setVariants((all) => all.filter((_, j) => j !== i))}
              >
                Remove text {i + 2}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button button-small"
            onClick={() => setVariants((all) => [...all, ''])}
          >
            Add a text
          </button>
        </fieldset>

        <section className="series-preview" aria-label="What gets scheduled" aria-live="polite">
          {problem ? (
            <p className="field-error">{problem}</p>
          ) : preview ? (
            <>
              <p className="series-words">{preview.words}</p>
              {preview.note ? (
                <p className="muted" role="note">
                  {preview.note}
                </p>
              ) : null}
              {preview.warning ? (
                <p className="series-warning" role="note">
                  {preview.warning}
                </p>
              ) : null}
              {preview.dates.length === 0 ? (
                <p className="field-error">
                  Every date of this rule has passed; choose a later start or end.
                </p>
              ) : (
                <>
                  <p className="muted">
                    {preview.total === null
                      ? 'Next dates:'
                      : `${preview.total === 1 ? '1 date' : `${preview.total} dates`} in all. Next:`}
                  </p>
                  <ol className="series-dates" aria-label="Next dates">
                    {preview.dates.map((o) => (
                      <li key={o.date}>{formatFull(new Date(o.at), zone)}</li>
                    ))}
                  </ol>
                </>
              )}
            </>
          ) : null}
        </section>

        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="series-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create series'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
