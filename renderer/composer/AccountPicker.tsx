import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { platformRules } from '../../shared/platforms/rules.js';
import { PLATFORM_TYPES, PlatformType } from '../../shared/platforms/types.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';
import { EmptyState, ErrorState, Loading, errorMessage } from '../ui/feedback.js';
import { addIntegration } from './queries.js';

/** The brand's accounts grouped by platform, searchable, ticked to post to; and adding one by id. */
export function AccountPicker({
  selected,
  onToggle,
}: {
  selected: readonly string[];
  onToggle(account: IntegrationView & { platform: PlatformType }, on: boolean): void;
}) {
  const accounts = useIpcQuery('listIntegrations', {});
  // Accounts are learned from posts: each read of posts that ends may have brought new ones.
  const readingPosts = useIsFetching({ queryKey: ['listPosts'] });
  const refetch = accounts.refetch;
  useEffect(() => {
    if (readingPosts === 0) void refetch();
  }, [readingPosts, refetch]);
  const [search, setSearch] = useState('');
  const searchId = useId();

  const groups = useMemo(() => {
    const q = search.trim().toLowerCase();
    const usable = (accounts.data ?? []).filter(
      (a): a is IntegrationView & { platform: PlatformType } => a.platform !== null,
    );
    return PLATFORM_TYPES.map((p) => ({
      platform: p,
      accounts: usable.filter(
        (a) =>
          a.platform === p &&
          (q === '' ||
            a.name.toLowerCase().includes(q) ||
            a.id.toLowerCase().includes(q) ||
            platformRules[p].label.toLowerCase().includes(q)),
      ),
    })).filter((g) => g.accounts.length > 0);
  }, [accounts.data, search]);

  return (
    <section className="composer-accounts" aria-labelledby={`${searchId}-title`}>
      <h3 id={`${searchId}-title`} className="composer-section-title">
        Accounts <span className="count">{selected.length}</span>
      </h3>
      <label className="visually-hidden" htmlFor={searchId}>
        Search accounts
      </label>
      <input
        id={searchId}
        type="search"
        className="composer-search"
        placeholder="Search accounts"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {accounts.isPending ? (
        <Loading label="Loading accounts…" />
      ) : accounts.isError ? (
        <ErrorState
          title="Accounts could not be loaded"
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
        />
      ) : groups.length === 0 ? (
        <EmptyState title={search ? 'No account matches' : 'No accounts known yet'}>
          <p className="muted">Add one by its id below.</p>
        </EmptyState>
      ) : (
        <div className="composer-account-groups">
          {groups.map((g) => (
            <fieldset key={g.platform} className="composer-account-group">
              <legend>{platformRules[g.platform].label}</legend>
              {g.accounts.map((a) => (
                <label key={a.id} className="composer-account" data-platform={a.platform}>
                  <input
                    type="checkbox"
                    checked={selected.includes(a.id)}
                    disabled={a.disconnected && !selected.includes(a.id)}
                    onChange={(e) => onToggle(a, e.target.checked)}
                  />
                  <span className="platform-dot" aria-hidden="true" />
                  <span className="composer-account-name">
                    {a.name || a.id}
                    {a.disconnected ? <span className="badge composer-account-off">disconnected</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
      <AddAccount onAdded={(a) => onToggle(a, true)} />
    </section>
  );
}

function AddAccount({ onAdded }: { onAdded(account: IntegrationView & { platform: PlatformType }): void }) {
  const client = useQueryClient();
  const [id, setId] = useState('');
  const [platform, setPlatform] = useState<PlatformType>('x');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (id.trim() === '') {
      setError('Enter the account id from your dashboard.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const added = await addIntegration({ id: id.trim(), platform });
      await client.invalidateQueries({ queryKey: ipcKey('listIntegrations', {}) });
      onAdded({ ...added, platform });
      setId('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="composer-add-account">
      <summary>Add an account by id</summary>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${base}-id`}>Account id</label>
          <input
            id={`${base}-id`}
            value={id}
            onChange={(e) => setId(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-err` : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${base}-platform`}>Platform</label>
          <select
            id={`${base}-platform`}
            value={platform}
            onChange={(e) => setPlatform(PlatformType.parse(e.target.value))}
          >
            {PLATFORM_TYPES.map((p) => (
              <option key={p} value={p}>
                {platformRules[p].label}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p id={`${base}-err`} className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-small" disabled={busy}>
          Add account
        </button>
      </form>
    </details>
  );
}
