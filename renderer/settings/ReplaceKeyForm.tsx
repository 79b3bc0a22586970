import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { errorMessage } from '../ui/feedback.js';
import { checkConnectInput } from '../onboarding/connect-errors.js';
import { replaceKey } from './queries.js';

/**
 * A new key for a saved connection (the old one was revoked, or a live key replaces a test key).
 * Main checks it with GET /me first; like the connect form, the input is never kept in state.
 */
export function ReplaceKeyForm({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
  const id = useId();
  const client = useQueryClient();
  const keyRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const apiKey = keyRef.current?.value.trim() ?? '';
    const local = checkConnectInput(profile.baseUrl, apiKey).apiKey;
    if (local) {
      setProblem(local);
      keyRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await replaceKey({ profileId: profile.id, apiKey });
      if (keyRef.current) keyRef.current.value = '';
      void client.invalidateQueries();
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
      keyRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="replace-key" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
      <label htmlFor={`${id}-key`}>New API key for {profile.label}</label>
      <input
        ref={keyRef}
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="pst_live_…"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        disabled={busy}
      />
      {problem ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <span className="row-actions">
        <button type="submit" className="button button-small button-primary" disabled={busy}>
          {busy ? 'Checking the key…' : 'Save key'}
        </button>
        <button type="button" className="button button-small" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </span>
    </form>
  );
}
