import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../shared/ipc/models.js';
import { errorMessage } from '../app/feedback.js';
import { AppError, call } from '../lib/ipc.js';
import { checkConnectInput, connectErrorField } from './connect-errors.js';

type Problems = { baseUrl?: string; apiKey?: string; form?: string; keychainUnavailable?: boolean };

/**
 * Base URL and API key, checked by main with GET /me before anything is stored.
 * The key input is uncontrolled on purpose: the key is read once on submit, handed to main, and
 * never kept in React state, a store, or a DOM attribute.
 */
export function ConnectForm({ onConnected }: { onConnected: (profile: ProfileView) => void }) {
  const id = useId();
  const client = useQueryClient();
  const urlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  async function connect(storage: 'keychain' | 'session') {
    const baseUrl = urlRef.current?.value.trim() ?? '';
    const apiKey = keyRef.current?.value.trim() ?? '';
    const local = checkConnectInput(baseUrl, apiKey);
    if (local.baseUrl || local.apiKey) {
      setProblems(local);
      (local.baseUrl ? urlRef : keyRef).current?.focus();
      return;
    }
    setBusy(true);
    setProblems({});
    try {
      const profile = await call('connectProfile', { baseUrl, apiKey, storage });
      if (keyRef.current) keyRef.current.value = '';
      // The brand step must be chosen before the profile list refreshes and shows the app.
      onConnected(profile);
      await client.invalidateQueries();
    } catch (error) {
      const found = describe(error);
      setProblems(found);
      if (found.baseUrl) urlRef.current?.focus();
      else if (found.apiKey) keyRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void connect('keychain');
  }

  return (
    <form className="connect-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${id}-url`}>Service address</label>
        <input
          ref={urlRef}
          id={`${id}-url`}
          name="baseUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://api.example.com/v1"
          aria-invalid={problems.baseUrl ? true : undefined}
          aria-describedby={problems.baseUrl ? `${id}-url-error` : `${id}-url-hint`}
          disabled={busy}
        />
        {problems.baseUrl ? (
          <p id={`${id}-url-error`} className="field-error" role="alert">
            {problems.baseUrl}
          </p>
        ) : (
          <p id={`${id}-url-hint`} className="field-hint">
            The base URL your provider gave you, including its version, such as /v1.
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-key`}>API key</label>
        <input
          ref={keyRef}
          id={`${id}-key`}
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="pst_live_…"
          aria-invalid={problems.apiKey ? true : undefined}
          aria-describedby={problems.apiKey ? `${id}-key-error` : `${id}-key-hint`}
          disabled={busy}
        />
        {problems.apiKey ? (
          <p id={`${id}-key-error`} className="field-error" role="alert">
            {problems.apiKey}
          </p>
        ) : (
          <p id={`${id}-key-hint`} className="field-hint">
            Kept in your system keychain. Postdeck never shows it again.
          </p>
        )}
      </div>
      {problems.form ? (
        <div className="form-error" role="alert">
          <p>{problems.form}</p>
          {problems.keychainUnavailable ? (
            <button type="button" className="button" onClick={() => void connect('session')} disabled={busy}>
              Keep the key for this session only
            </button>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Checking the key…' : 'Connect'}
      </button>
    </form>
  );
}

function describe(error: unknown): Problems {
  if (!(error instanceof AppError)) return { form: errorMessage(error) };
  if (error.code === 'KEYCHAIN_UNAVAILABLE') return { form: error.message, keychainUnavailable: true };
  const field = connectErrorField(error);
  return { [field]: error.message };
}
