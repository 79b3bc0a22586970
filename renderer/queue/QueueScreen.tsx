import { useEffect, useState } from 'react';
import { formatWallTime } from '../ui/time-format.js';
import { accountWithPlatform } from '../../shared/platforms/names.js';
import { normalizeSlots, type QueueSlot } from '../../shared/queue/slots.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { WEEKDAY_NAMES } from '../../shared/queue/slots.js';
import { useCopySlots, useQueueSlots, useSaveSlots } from './queries.js';
import { useSlotProposal } from './slot-proposal.js';
import { useCategories } from '../categories/queries.js';
import { LabelPill } from '../labels/LabelPill.js';
import '../labels/labels.css';
import './queue.css';

/** The posting queue's weekly slots: the brand default, or one account's own; add, remove, copy. */
export function QueueScreen() {
  // Accounts are learned from posts: ask again on every visit rather than trust an early empty answer.
  const accounts = useIpcQuery('listIntegrations', {}, { refetchOnMount: 'always' });
  // Slots proposed by another screen (best times) fill the editor unsaved until the user confirms.
  const [proposed] = useState(() => useSlotProposal.getState().proposal);
  useEffect(() => {
    if (proposed) useSlotProposal.getState().take();
  }, [proposed]);
  const [pending, setPending] = useState(proposed?.slots ?? null);
  const [selected, setSelected] = useState<string | null>(proposed?.integrationId ?? null);
  const slots = useQueueSlots(selected);
  const save = useSaveSlots();
  const copy = useCopySlots();
  const [weekday, setWeekday] = useState(1);
  const [time, setTime] = useState('09:00');
  // Content categories a slot may be kept for (renderer/categories); '' keeps it open to any post.
  const { categories } = useCategories();
  const [keptFor, setKeptFor] = useState('');
  const categoryOfSlot = (s: QueueSlot) => categories.find((c) => c.id === s.category) ?? null;
  const [copyTo, setCopyTo] = useState<string[]>([]);
  const connected = (accounts.data ?? []).filter((a) => !a.disconnected);
  const current = pending ?? slots.data?.slots ?? [];
  const label =
    selected === null ? 'Brand default' : (connected.find((a) => a.id === selected)?.name ?? selected);

  const write = (next: QueueSlot[] | null) => {
    if (pending !== null && next !== null) return setPending(normalizeSlots(next));
    setPending(null);
    save.mutate({ integrationId: selected, slots: next === null ? null : normalizeSlots(next) });
  };

  return (
    <div className="queue-screen">
      <section className="card" aria-labelledby="queue-accounts-title">
        <h2 id="queue-accounts-title">Posting slots</h2>
        <p className="muted">
          Weekly times “Add to queue” and imports with <code>queue</code> post at: the next slot with no post
          of that account. Times are in {slots.data?.timezone ?? 'the brand’s zone'}. A slot kept for a
          content category takes only posts of that category; a post without one never takes it.
        </p>
        <label className="queue-field">
          Account
          <select
            aria-label="Account"
            value={selected ?? ''}
            onChange={(e) => {
              setSelected(e.target.value === '' ? null : e.target.value);
              setCopyTo([]);
              setPending(null);
            }}
          >
            <option value="">Brand default (accounts without their own)</option>
            {connected.map((a) => (
              <option key={a.id} value={a.id}>
                {accountWithPlatform(a.name, a.platform)}
              </option>
            ))}
          </select>
        </label>
        {slots.data?.inherited && pending === null ? (
          <p className="queue-note" role="status">
            {label} follows the brand default. Adding a slot gives it its own.
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="queue-week-title">
        <h2 id="queue-week-title">{label}: weekly slots</h2>
        {pending !== null && proposed ? (
          <div className="notice queue-proposal" role="region" aria-label="Proposed slots">
            <p>
              <strong>Proposed, not saved yet:</strong> {proposed.reason}.{' '}
              {slots.data?.inherited
                ? `${label} follows the brand default now; saving gives it these slots of its own.`
                : `They replace the ${slots.data?.slots.length ?? 0} slot${slots.data?.slots.length === 1 ? '' : 's'} ${label} has now.`}{' '}
              Change them below, then save.
            </p>
            <button
              type="button"
              className="button button-primary"
              disabled={save.isPending}
              onClick={() =>
                save.mutate(
                  { integrationId: selected, slots: pending },
                  { onSuccess: () => setPending(null) },
                )
              }
            >
              Save these slots
            </button>
            <button type="button" className="button" onClick={() => setPending(null)}>
              Discard
            </button>
          </div>
        ) : null}
        <div className="queue-week">
          {WEEKDAY_NAMES.map((day, d) => {
            const times = current.filter((s) => s.weekday === d);
            return (
              <div className="queue-day" key={day} role="group" aria-label={day}>
                <h3>{day}</h3>
                {times.length === 0 ? <p className="muted">No slots</p> : null}
                <ul>
                  {times.map((s) => (
                    <li key={s.time} className="queue-slot">
                      <span>{formatWallTime(s.time)}</span>
                      {categoryOfSlot(s) ? (
                        <span
                          className="queue-slot__kept"
                          title={`Kept for ${categoryOfSlot(s)?.name ?? ''} posts`}
                        >
                          <span className="visually-hidden">kept for </span>
                          <LabelPill label={categoryOfSlot(s) ?? { name: '', color: 'grey' }} />
                        </span>
                      ) : null}
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Remove ${day} ${formatWallTime(s.time)}${categoryOfSlot(s) ? ` (${categoryOfSlot(s)?.name ?? ''})` : ''}`}
                        onClick={() => write(current.filter((x) => x !== s))}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
        <form
          className="queue-add"
          onSubmit={(e) => {
            e.preventDefault();
            // A time is one slot: adding it again replaces it, kept for the category now chosen.
            const others = current.filter((s) => s.weekday !== weekday || s.time !== time);
            write([...others, keptFor ? { weekday, time, category: keptFor } : { weekday, time }]);
          }}
        >
          <label className="queue-field">
            Day
            <select aria-label="Day" value={weekday} onChange={(e) => setWeekday(Number(e.target.value))}>
              {WEEKDAY_NAMES.map((day, d) => (
                <option key={day} value={d}>
                  {day}
                </option>
              ))}
            </select>
          </label>
          <label className="queue-field">
            Time
            <input
              aria-label="Time"
              type="time"
              value={time}
              required
              onChange={(e) => setTime(e.target.value)}
            />
          </label>
          {categories.length > 0 ? (
            <label className="queue-field">
              Kept for
              <select aria-label="Kept for" value={keptFor} onChange={(e) => setKeptFor(e.target.value)}>
                <option value="">Any post</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} posts
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="submit" className="button button-primary">
            Add slot
          </button>
          {selected !== null && !slots.data?.inherited ? (
            <button type="button" className="button" onClick={() => write(null)}>
              Follow the brand default
            </button>
          ) : null}
        </form>
        {save.error ? (
          <p className="field-error" role="alert">
            {save.error.message}
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="queue-copy-title">
        <h2 id="queue-copy-title">Copy these slots to other accounts</h2>
        <ul className="queue-copy-list">
          {connected
            .filter((a) => a.id !== selected)
            .map((a) => (
              <li key={a.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={copyTo.includes(a.id)}
                    onChange={(e) =>
                      setCopyTo(e.target.checked ? [...copyTo, a.id] : copyTo.filter((x) => x !== a.id))
                    }
                  />{' '}
                  {accountWithPlatform(a.name, a.platform)}
                </label>
              </li>
            ))}
        </ul>
        <button
          type="button"
          className="button"
          disabled={copyTo.length === 0 || copy.isPending}
          onClick={() => copy.mutate({ from: selected, to: copyTo }, { onSuccess: () => setCopyTo([]) })}
        >
          Copy to {copyTo.length} account{copyTo.length === 1 ? '' : 's'}
        </button>
        {copy.data ? (
          <p role="status">
            Copied to {copy.data.copied} account{copy.data.copied === 1 ? '' : 's'}.
          </p>
        ) : null}
        {copy.error ? (
          <p className="field-error" role="alert">
            {copy.error.message}
          </p>
        ) : null}
      </section>
    </div>
  );
}
