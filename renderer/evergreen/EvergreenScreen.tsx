import { useState } from 'react';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { timePattern } from '../ui/time-format.js';
import { repeatLabel, type EvergreenItem, type EvergreenList } from '../../shared/evergreen/model.js';
import { EmptyState, ErrorState, Loading } from '../ui/feedback.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { useEvergreen, useEvergreenPreview, useEvergreenWrite } from './queries.js';
import { ItemEditor } from './ItemEditor.js';
import { ListCategory } from '../categories/ListCategory.js';
import './evergreen.css';

/*
 * Evergreen lists: their posts, a preview of the next four weeks of repeats,
 * and the switch that turns a list on or pauses it.
 */

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

function endText(item: EvergreenItem): string {
  if (item.endRule.kind === 'afterRepeats') return `ends after ${item.endRule.repeats} repeats`;
  if (item.endRule.kind === 'onDate') return `ends after ${item.endRule.date}`;
  return 'never ends';
}

export function EvergreenScreen() {
  const data = useEvergreen();
  const accounts = useIpcQuery('listIntegrations', {}, { refetchOnMount: 'always' });
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const createList = useEvergreenWrite('saveEvergreenList');

  if (data.isPending) return <Loading label="Loading evergreen lists…" />;
  if (data.isError)
    return (
      <ErrorState
        title="The evergreen lists could not be read"
        error={data.error}
        onRetry={() => void data.refetch()}
      />
    );

  const { lists, items, timezone } = data.data;
  const list = lists.find((l) => l.id === selected) ?? lists[0] ?? null;
  const connected = (accounts.data ?? []).filter((a) => !a.disconnected);

  return (
    <div className="evergreen-screen">
      <section className="card" aria-labelledby="evergreen-lists-title">
        <h2 id="evergreen-lists-title">Evergreen lists</h2>
        <p className="muted">
          Posts worth saying again. When a list is on, its posts fill the free queue slots of their accounts
          (times in {timezone}); posts you schedule yourself always keep their slots.
        </p>
        {lists.length > 0 ? (
          <div className="evergreen-tabs" role="tablist" aria-label="Lists">
            {lists.map((l) => (
              <button
                key={l.id}
                type="button"
                role="tab"
                aria-selected={l.id === list?.id}
                className="button"
                onClick={() => setSelected(l.id)}
              >
                {l.name}{' '}
                <span className={l.enabled ? 'evergreen-on' : 'evergreen-off'}>
                  {l.enabled ? 'on' : 'paused'}
                </span>
              </button>
            ))}
          </div>
        ) : null}
        <form
          className="evergreen-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim() === '') return;
            createList.mutate(
              { name: name.trim() },
              {
                onSuccess: (created) => {
                  setSelected(created.id);
                  setName('');
                },
              },
            );
          }}
        >
          <label className="queue-field">
            New list
            <input
              aria-label="New list name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={name.trim() === '' || createList.isPending}>
            Create list
          </button>
        </form>
        {createList.error ? (
          <p className="field-error" role="alert">
            {createList.error.message}
          </p>
        ) : null}
      </section>
      {list ? (
        <ListPanel
          key={list.id}
          list={list}
          items={items.filter((i) => i.listId === list.id)}
          accounts={connected}
        />
      ) : (
        <EmptyState title="No evergreen list yet">
          <p>Create a list above, or use “Make evergreen” on a post in the calendar.</p>
        </EmptyState>
      )}
    </div>
  );
}

function ListPanel({
  list,
  items,
  accounts,
}: {
  list: EvergreenList;
  items: EvergreenItem[];
  accounts: Parameters<typeof ItemEditor>[0]['accounts'];
}) {
  const [editing, setEditing] = useState<EvergreenItem | 'new' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const removeList = useEvergreenWrite('deleteEvergreenList');
  const toggle = useEvergreenWrite('setEvergreenListEnabled');
  const remove = useEvergreenWrite('deleteEvergreenItem');
  const preview = useEvergreenPreview(list.id);
  const accountName = (id: string) => accounts.find((a) => a.id === id)?.name ?? id;
  const byId = new Map(items.map((i) => [i.id, i]));

  return (
    <>
      <section className="card" aria-labelledby="evergreen-list-title">
        <div className="evergreen-row evergreen-head">
          <h2 id="evergreen-list-title">{list.name}</h2>
          <button
            type="button"
            className={list.enabled ? 'button' : 'button button-primary'}
            aria-pressed={list.enabled}
            disabled={toggle.isPending || (!list.enabled && items.length === 0)}
            onClick={() => toggle.mutate({ id: list.id, enabled: !list.enabled })}
          >
            {list.enabled ? 'Pause list' : 'Turn list on'}
          </button>
        </div>
        <p role="status" className="muted">
          {list.enabled
            ? 'On: repeats are created two weeks ahead. Pausing stops new ones; those already scheduled stay.'
            : 'Paused: nothing is created. Check the preview below, then turn the list on.'}
          {toggle.data && toggle.data.created > 0 ? ` ${toggle.data.created} repeats scheduled.` : ''}
        </p>
        {toggle.error ? (
          <p className="field-error" role="alert">
            {toggle.error.message}
          </p>
        ) : null}
        <ListCategory listId={list.id} />
        {items.length === 0 ? <p className="muted">No posts in this list yet.</p> : null}
        <ul className="evergreen-items">
          {items.map((item) => (
            <li key={item.id} className="evergreen-item">
              <div>
                <p className="evergreen-text">{excerpt(item.versions[0] ?? '')}</p>
                <p className="muted">
                  {item.versions.length} version{item.versions.length === 1 ? '' : 's'} ·{' '}
                  {item.targets.map((t) => accountName(t.integrationId)).join(', ')} · rests{' '}
                  {item.cooldownDays} day
                  {item.cooldownDays === 1 ? '' : 's'} · {endText(item)}
                  {item.skipDates.length > 0 ? ` · skips ${item.skipDates.join(', ')}` : ''}
                </p>
              </div>
              <div className="evergreen-row">
                <button type="button" className="button button-small" onClick={() => setEditing(item)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Delete evergreen post ${excerpt(item.versions[0] ?? '')}`}
                  onClick={() => remove.mutate({ id: item.id })}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
        <div className="evergreen-row">
          {editing === null ? (
            <button type="button" className="button" onClick={() => setEditing('new')}>
              Add post
            </button>
          ) : null}
          {confirmDelete ? (
            <>
              <span role="alert">
                Delete “{list.name}” and its {items.length} post{items.length === 1 ? '' : 's'}? Repeats
                already scheduled stay.
              </span>
              <button
                type="button"
                className="button button-danger"
                onClick={() => removeList.mutate({ id: list.id })}
              >
                Delete list
              </button>
              <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={() => setConfirmDelete(true)}>
              Delete list…
            </button>
          )}
        </div>
        {removeList.error ? (
          <p className="field-error" role="alert">
            {removeList.error.message}
          </p>
        ) : null}
      </section>
      {editing !== null ? (
        <ItemEditor
          key={editing === 'new' ? 'new' : editing.id}
          listId={list.id}
          item={editing === 'new' ? null : editing}
          accounts={accounts}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <section className="card" aria-labelledby="evergreen-preview-title">
        <h2 id="evergreen-preview-title">Next four weeks</h2>
        {preview.isPending ? (
          <Loading label="Planning the next four weeks…" />
        ) : preview.isError ? (
          <ErrorState
            title="The preview could not be made"
            error={preview.error}
            onRetry={() => void preview.refetch()}
          />
        ) : preview.data.fills.length === 0 ? (
          <p className="muted">
            No repeats in the next four weeks: add posts, give their accounts queue slots, or shorten their
            rest.
          </p>
        ) : (
          <table className="evergreen-preview" aria-label="Repeats in the next four weeks">
            <thead>
              <tr>
                <th scope="col">When ({preview.data.timezone})</th>
                <th scope="col">Account</th>
                <th scope="col">Post</th>
                <th scope="col">Repeat</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {preview.data.fills.map((f) => {
                const item = byId.get(f.itemId);
                return (
                  <tr key={`${f.itemId} ${f.integrationId} ${f.date}`}>
                    <td>
                      {format(
                        new TZDate(Date.parse(f.date), preview.data.timezone),
                        `EEE d MMM, ${timePattern()}`,
                      )}
                    </td>
                    <td>{accountName(f.integrationId)}</td>
                    <td>{excerpt(item?.versions[f.version] ?? item?.versions[0] ?? '')}</td>
                    <td>{repeatLabel(f)}</td>
                    <td>{f.existing ? 'scheduled' : list.enabled ? 'to come' : 'when on'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
