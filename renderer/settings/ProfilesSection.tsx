import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { ErrorState, Loading, errorMessage } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { ConnectForm } from '../onboarding/ConnectForm.js';
import { describeKey } from './key-status.js';
import { ReplaceKeyForm } from './ReplaceKeyForm.js';
import { switchProfile } from '../ui/queries.js';
import { removeProfile } from './queries.js';

/** Every saved connection (agencies keep several): switch, remove, or add one. */
export function ProfilesSection() {
  const profiles = useIpcQuery('listProfiles', {});
  const askBrandChoice = useUi((s) => s.askBrandChoice);
  const [adding, setAdding] = useState(false);

  return (
    <section className="card" aria-labelledby="profiles-title">
      <h2 id="profiles-title">Connections</h2>
      {profiles.isPending ? <Loading label="Loading connections…" /> : null}
      {profiles.isError ? (
        <ErrorState
          title="Connections could not be read"
          error={profiles.error}
          onRetry={() => void profiles.refetch()}
        />
      ) : null}
      {profiles.isSuccess ? (
        <ul className="rows" aria-label="Connections">
          {profiles.data.map((profile) => (
            <ProfileRow key={profile.id} profile={profile} />
          ))}
        </ul>
      ) : null}
      {adding ? (
        <div className="add-connection">
          <h3>Add a connection</h3>
          <ConnectForm onConnected={(profile) => askBrandChoice(profile.id)} />
          <button type="button" className="button button-quiet" onClick={() => setAdding(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add a connection
        </button>
      )}
    </section>
  );
}

function ProfileRow({ profile }: { profile: ProfileView }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = profile.label;
  const organization = profile.organization?.name;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      await client.invalidateQueries();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="row row-profile">
      <div className="row-text">
        <span className="row-title">{name}</span>
        {organization && organization !== name ? <span>{organization}</span> : null}
        <span className="muted mono">{profile.baseUrl}</span>
        <span className="muted">{describeKey(profile.key)}</span>
        {problem ? (
          <span className="field-error" role="alert">
            {problem}
          </span>
        ) : null}
        {replacing ? <ReplaceKeyForm profile={profile} onDone={() => setReplacing(false)} /> : null}
      </div>
      {profile.active ? <span className="badge">Active</span> : null}
      {confirming ? (
        <span className="row-actions" role="group" aria-label={`Remove ${name}?`}>
          <span>Remove this connection and its key?</span>
          <button
            type="button"
            className="button button-small button-danger"
            disabled={busy}
            onClick={() => void run(() => removeProfile({ profileId: profile.id }))}
          >
            Remove
          </button>
          <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </span>
      ) : (
        <span className="row-actions">
          {profile.active ? null : (
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              onClick={() => void run(() => switchProfile({ profileId: profile.id }))}
              aria-label={`Switch to ${name}`}
            >
              Switch
            </button>
          )}
          <button type="button" className="button button-small" onClick={() => setReplacing(true)}>
            {/* The name comes from the visible words (axe: label-content-name-mismatch). */}
            Replace<span className="visually-hidden"> the</span> key
            <span className="visually-hidden"> of {name}</span>
          </button>
          <button
            type="button"
            className="button button-small button-quiet"
            onClick={() => setConfirming(true)}
          >
            Remove<span className="visually-hidden"> {name}</span>…
          </button>
        </span>
      )}
    </li>
  );
}
