import { useId, useState } from 'react';
import type { DemoFeed, FeedItemView, FeedView } from '../../shared/feeds/model.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { accountWithPlatform } from '../../shared/platforms/names.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { EmptyState, ErrorState, FieldError, Loading } from '../ui/feedback.js';
import { useNotices } from '../ui/notice-store.js';
import { useUi } from '../ui/ui-store.js';
import { useDemoFeeds, useFeedItems, useFeeds, useFeedsWrite } from './queries.js';
import { useCategories } from '../categories/queries.js';
import './feeds.css';

/*
 * Feeds to drafts: the brand's feeds (added by address, read now or every 30 minutes, each with
 * the sentence of its last read), and the review list of new items, each made a draft or dismissed.
 * An item's summary is plain text from main: the feed's HTML is never rendered.
 */

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function FeedsScreen() {
  const feeds = useFeeds();
  const items = useFeedItems();
  const accounts = useIpcQuery('listIntegrations', {}, { refetchOnMount: 'always' });

  if (feeds.isPending) return <Loading label="Loading feeds…" />;
  if (feeds.isError)
    return (
      <ErrorState
        title="The feeds could not be read"
        error={feeds.error}
        onRetry={() => void feeds.refetch()}
      />
    );
  const connected = (accounts.data ?? []).filter((a) => !a.disconnected && a.platform !== null);
  return (
    <div className="feeds-screen">
      <section className="card" aria-labelledby="feeds-title">
        <h2 id="feeds-title">Your feeds</h2>
        <p className="muted feeds-intro">
          Add your blog’s or a news site’s feed (RSS, Atom or JSON Feed). Postdeck reads it now, then every 30
          minutes, and lists what is new below so you can make a draft of it.
        </p>
        <AddFeed />
        <DemoFeeds />
        {feeds.data.length === 0 ? (
          <EmptyState title="No feed yet">
            <p>Type a feed’s address above and choose Add feed.</p>
          </EmptyState>
        ) : (
          <ul className="feeds-list" aria-label="Feeds of this brand">
            {feeds.data.map((feed) => (
              <FeedLine key={feed.id} feed={feed} accounts={connected} />
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="feed-items-title">
        <h2 id="feed-items-title">New from your feeds</h2>
        {items.isPending ? (
          <Loading label="Loading new items…" />
        ) : items.isError ? (
          <ErrorState
            title="The new items could not be read"
            error={items.error}
            onRetry={() => void items.refetch()}
          />
        ) : items.data.length === 0 ? (
          <EmptyState title="Nothing new to review">
            <p>New items of your feeds show here. Choose Check now on a feed to read it at once.</p>
          </EmptyState>
        ) : (
          <ul className="feed-items" aria-label="New items">
            {items.data.map((item) => (
              <ItemCard key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AddFeed() {
  const [url, setUrl] = useState('');
  const add = useFeedsWrite('addFeed');
  const notify = useNotices((s) => s.show);
  const errorId = useId();
  return (
    <form
      className="feeds-add"
      onSubmit={(e) => {
        e.preventDefault();
        if (url.trim() === '') return;
        add.mutate(
          { url: url.trim() },
          {
            onSuccess: ({ feed, added }) => {
              setUrl('');
              notify({ tone: 'success', message: `Added ${feed.title ?? feed.url}: ${newItems(added)}.` });
            },
          },
        );
      }}
    >
      <label className="feeds-field">
        Feed address
        <input
          type="url"
          value={url}
          placeholder="https://example.com/feed.xml"
          maxLength={2000}
          aria-invalid={add.isError}
          aria-describedby={add.isError ? errorId : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            if (add.isError) add.reset();
          }}
        />
      </label>
      <button type="submit" className="button button-primary" disabled={url.trim() === '' || add.isPending}>
        {add.isPending ? 'Reading the feed…' : 'Add feed'}
      </button>
      <FieldError id={errorId} error={add.error?.message} />
    </form>
  );
}

const newItems = (n: number) =>
  n === 0 ? 'nothing new' : n === 1 ? '1 new item to review' : `${n} new items to review`;

/** The built-in sandbox's demo feeds, offered while one is not added. */
function DemoFeeds() {
  const demo = useDemoFeeds();
  const add = useFeedsWrite('addFeed');
  const left = (demo.data ?? []).filter((d: DemoFeed) => !d.added);
  if (left.length === 0) return null;
  return (
    <div className="feeds-demo" role="group" aria-label="Demo feeds">
      <p>The built-in sandbox serves demo feeds, so you can try this at once:</p>
      <div className="feeds-row">
        {left.map((d) => (
          <button
            key={d.url}
            type="button"
            className="button"
            disabled={add.isPending}
            onClick={() => add.mutate({ url: d.url })}
          >
            Add {d.title}
          </button>
        ))}
      </div>
      <FieldError error={add.error?.message} />
    </div>
  );
}

function FeedLine({ feed, accounts }: { feed: FeedView; accounts: IntegrationView[] }) {
  const check = useFeedsWrite('checkFeed');
  const remove = useFeedsWrite('removeFeed');
  const [options, setOptions] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const notify = useNotices((s) => s.show);
  const optionsId = useId();
  const name = feed.title ?? feed.url;
  return (
    <li className="feed-line">
      <div className="feed-line-head">
        <div className="feed-line-name">
          <h3>{name}</h3>
          <p className="muted feed-url">{feed.url}</p>
        </div>
        <div className="feeds-row">
          <button
            type="button"
            className="button button-small"
            disabled={check.isPending}
            onClick={() =>
              check.mutate(
                { id: feed.id },
                {
                  onSuccess: ({ added, queued, feed: read }) => {
                    if (read.problem === null)
                      notify({
                        tone: 'info',
                        message: `${name}: ${queued > 0 ? `${queued} queued` : newItems(added)}.`,
                      });
                  },
                },
              )
            }
          >
            {check.isPending ? 'Checking…' : 'Check now'}
          </button>
          <button
            type="button"
            className="button button-small"
            aria-expanded={options}
            aria-controls={optionsId}
            onClick={() => setOptions(!options)}
          >
            Options
          </button>
          {confirm ? (
            <>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => remove.mutate({ id: feed.id })}
              >
                Remove {name}
              </button>
              <button type="button" className="button button-small" onClick={() => setConfirm(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-small button-quiet"
              onClick={() => setConfirm(true)}
            >
              Remove
            </button>
          )}
        </div>
      </div>
      {feed.problem ? (
        <p className="field-error feed-problem">{feed.problem}</p>
      ) : (
        <p className="muted feed-status">
          {feed.checkedAt ? `Read ${when(feed.checkedAt)}` : 'Not read yet'}
          {feed.waiting > 0 ? ` · ${feed.waiting} waiting for review` : ''}
          {feed.straightToQueue ? ' · new items go straight to the queue' : ''}
        </p>
      )}
      <FieldError error={check.error?.message ?? remove.error?.message} />
      {options ? <FeedOptions id={optionsId} feed={feed} accounts={accounts} /> : null}
    </li>
  );
}

function FeedOptions({ id, feed, accounts }: { id: string; feed: FeedView; accounts: IntegrationView[] }) {
  const save = useFeedsWrite('setFeedOptions');
  const [toQueue, setToQueue] = useState(feed.straightToQueue);
  const [chosen, setChosen] = useState<string[]>(feed.accountIds);
  const [categoryId, setCategoryId] = useState<string | null>(feed.categoryId);
  const categories = useCategories().categories;
  const categoryField = useId();
  const noAccounts = toQueue && chosen.length === 0;
  return (
    <form
      id={id}
      className="feed-options"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          id: feed.id,
          straightToQueue: toQueue,
          categoryId,
          accountIds: chosen,
        });
      }}
    >
      <fieldset>
        <legend>Drafts of this feed go to</legend>
        {accounts.length === 0 ? <p className="muted">This brand has no connected account yet.</p> : null}
        <div className="feed-accounts">
          {accounts.map((a) => (
            <label key={a.id} className="feed-check">
              <input
                type="checkbox"
                checked={chosen.includes(a.id)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, a.id] : chosen.filter((c) => c !== a.id))
                }
              />
              {accountWithPlatform(a.name, a.platform)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="feed-check">
        <input type="checkbox" checked={toQueue} onChange={(e) => setToQueue(e.target.checked)} />
        Send new items straight to the queue (each at its accounts’ next free slot), without review
      </label>
      {noAccounts ? (
        <p className="field-hint">Choose at least one account, or new items keep waiting for review.</p>
      ) : null}
      {categories.length > 0 ? (
        <div className="field">
          <label htmlFor={categoryField}>Content category of its drafts</label>
          <select
            id={categoryField}
            value={categoryId ?? ''}
            onChange={(e) => setCategoryId(e.target.value || null)}
          >
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <p className="muted">
            Queued items take the queue slots kept for it (open slots when it has none).
          </p>
        </div>
      ) : null}
      <div className="feeds-row">
        <button type="submit" className="button" disabled={save.isPending}>
          Save options
        </button>
        {save.isSuccess ? (
          <span className="muted" role="status">
            Saved.
          </span>
        ) : null}
      </div>
      <FieldError error={save.error?.message} />
    </form>
  );
}

function ItemCard({ item }: { item: FeedItemView }) {
  const draft = useFeedsWrite('draftFeedItem');
  const dismiss = useFeedsWrite('dismissFeedItem');
  const [withImage, setWithImage] = useState(false);
  const openComposer = useUi((s) => s.openComposer);
  const notify = useNotices((s) => s.show);
  const titleId = useId();
  const imageHost = item.imageUrl ? hostOf(item.imageUrl) : null;
  return (
    <li className="feed-item" aria-labelledby={titleId}>
      <h3 id={titleId}>{item.title}</h3>
      <p className="muted feed-item-meta">
        {item.feedTitle}
        {item.publishedAt ? ` · ${when(item.publishedAt)}` : ''}
      </p>
      {item.summary ? <p className="feed-item-summary">{item.summary}</p> : null}
      {item.link ? <p className="muted feed-url">{item.link}</p> : null}
      {item.imageUrl ? (
        <label className="feed-check">
          <input type="checkbox" checked={withImage} onChange={(e) => setWithImage(e.target.checked)} />
          Add its picture to the draft (from {imageHost})
        </label>
      ) : null}
      <div className="feeds-row">
        <button
          type="button"
          className="button button-primary button-small"
          disabled={draft.isPending || dismiss.isPending}
          onClick={() =>
            draft.mutate(
              { id: item.id, withImage },
              {
                onSuccess: ({ draftId }) =>
                  notify({
                    tone: 'success',
                    message: `Made a draft of “${item.title}”.`,
                    action: { label: 'Open the draft', run: () => openComposer({ draftId }) },
                  }),
              },
            )
          }
        >
          {draft.isPending ? 'Making the draft…' : 'Make draft'}
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={draft.isPending || dismiss.isPending}
          onClick={() => dismiss.mutate({ id: item.id })}
        >
          Dismiss
        </button>
      </div>
      <FieldError error={draft.error?.message ?? dismiss.error?.message} />
    </li>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the feed';
  }
}
