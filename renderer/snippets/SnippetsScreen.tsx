import { useState } from 'react';
import { accountWithPlatform } from '../../shared/platforms/names.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { SnippetInput, type Snippet } from '../../shared/snippets/model.js';
import { ErrorState, Loading } from '../ui/feedback.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { useSignatureMap, useSnippets, useSnippetWrite } from './queries.js';
import './snippets.css';

/*
 * The brand's snippets (typed as /name in the composer, or picked from its
 * "Insert snippet" menu) and each account's signature (added to every post unless it leaves it off).
 */

export function SnippetsScreen() {
  const snippets = useSnippets();
  const accounts = useIpcQuery('listIntegrations', {}, { refetchOnMount: 'always' });
  const signatures = useSignatureMap();
  if (snippets.isPending) return <Loading label="Loading snippets…" />;
  if (snippets.isError)
    return (
      <ErrorState
        title="The snippets could not be read"
        error={snippets.error}
        onRetry={() => void snippets.refetch()}
      />
    );
  const connected = (accounts.data ?? []).filter((a) => !a.disconnected);
  return (
    <div className="snippets-screen">
      <section className="card" aria-labelledby="snippets-title">
        <h2 id="snippets-title">Snippets</h2>
        <p className="muted">
          Text you use often, such as a group of hashtags or opening hours. In the composer, type{' '}
          <code>/</code> and the name, or use “Insert snippet”.
        </p>
        <SnippetRow key="new" snippet={null} />
        {snippets.data.map((s) => (
          <SnippetRow key={s.id} snippet={s} />
        ))}
      </section>
      <section className="card" aria-labelledby="signatures-title">
        <h2 id="signatures-title">Signatures</h2>
        <p className="muted">
          Added after the text of every post to that account, counted by the composer’s counters and shown in
          its preview. A post can leave them off.
        </p>
        {connected.length === 0 ? (
          <p className="muted">No accounts known yet; open the calendar first.</p>
        ) : null}
        {connected.map((a) => (
          <SignatureRow
            key={`${a.id} ${signatures.get(a.id) ?? ''}`}
            account={a}
            body={signatures.get(a.id) ?? ''}
          />
        ))}
      </section>
    </div>
  );
}

function SnippetRow({ snippet }: { snippet: Snippet | null }) {
  const save = useSnippetWrite('saveSnippet');
  const remove = useSnippetWrite('deleteSnippet');
  const [name, setName] = useState(snippet?.name ?? '');
  const [body, setBody] = useState(snippet?.body ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const what = snippet ? `snippet /${snippet.name}` : 'new snippet';
  // What the row says about its edits, so leaving the page never drops one unnoticed.
  const changed = snippet ? name !== snippet.name || body !== snippet.body : name !== '' || body !== '';
  const state = changed ? 'Not saved yet' : savedOnce && snippet ? 'Saved' : null;
  return (
    <form
      className="snippets-row"
      aria-label={snippet ? `Snippet /${snippet.name}` : 'New snippet'}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = SnippetInput.safeParse({
          ...(snippet ? { id: snippet.id } : {}),
          name: name.trim(),
          body,
        });
        if (!parsed.success) {
          setProblem(parsed.error.issues.map((i) => i.message).join(' '));
          return;
        }
        setProblem(null);
        save.mutate(parsed.data, {
          onSuccess: () => {
            setSavedOnce(true);
            if (!snippet) {
              setName('');
              setBody('');
            }
          },
        });
      }}
    >
      <label className="queue-field">
        Name
        <input
          aria-label={`Name of ${what}`}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="queue-field">
        Text
        <textarea
          aria-label={`Text of ${what}`}
          rows={2}
          value={body}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            // Enter in the name saves (a form's own submit); in the text, where Enter is a new
            // line, Ctrl/Cmd+Enter saves.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
      </label>
      <button type="submit" className="button" disabled={save.isPending}>
        {snippet ? 'Save' : 'Add snippet'}
      </button>
      {state ? (
        <span
          className={changed ? 'snippets-state snippets-state--unsaved' : 'snippets-state muted'}
          role="status"
        >
          {state}
        </span>
      ) : null}
      {snippet ? (
        <button
          type="button"
          className="button"
          aria-label={`Delete snippet /${snippet.name}`}
          onClick={() => remove.mutate({ id: snippet.id })}
        >
          Delete
        </button>
      ) : null}
      {problem || save.error ? (
        <p className="field-error" role="alert">
          {problem ?? save.error?.message}
        </p>
      ) : null}
    </form>
  );
}

function SignatureRow({ account, body: saved }: { account: IntegrationView; body: string }) {
  const set = useSnippetWrite('setSignature');
  const [body, setBody] = useState(saved);
  return (
    <form
      className="snippets-row"
      aria-label={`Signature of ${accountWithPlatform(account.name, account.platform)}`}
      onSubmit={(e) => {
        e.preventDefault();
        set.mutate({ integrationId: account.id, body: body.trim() === '' ? null : body });
      }}
    >
      <label className="queue-field">
        {accountWithPlatform(account.name, account.platform)}
        <textarea
          aria-label={`Signature of ${accountWithPlatform(account.name, account.platform)}`}
          rows={2}
          maxLength={2000}
          value={body}
          placeholder="No signature"
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={set.isPending || body === saved}>
        Save signature
      </button>
      {set.error ? (
        <p className="field-error" role="alert">
          {set.error.message}
        </p>
      ) : null}
    </form>
  );
}
