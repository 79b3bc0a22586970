import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type RefObject,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { errorMessage } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { AppError } from '../ipc/ipc.js';
import {
  checkConnectInput,
  connectErrorField,
  connectErrorMessage,
  type ConnectField,
} from './connect-errors.js';
import { connectProfile } from './queries.js';

type Problems = Partial<Record<ConnectField, string>> & { keychainUnavailable?: boolean };

/**
 * Base URL and API key (and a brand, when the service asks for one), checked by main with GET /me before anything is stored.
 * The inputs are uncontrolled on purpose: the key is read once on submit, handed to main, and
 * never kept in React state, a store, or a DOM attribute.
 */
export function ConnectForm({ onConnected }: { onConnected: (profile: ProfileView) => void }) {
  const client = useQueryClient();
  const urlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const brandRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const setConnecting = useUi((s) => s.setConnecting);
  // The service names the key's default brand; a service that insists on one gets the field.
  const [askBrand, setAskBrand] = useState(false);

  function show(found: Problems) {
    setProblems(found);
    if (found.brandId) setAskBrand(true);
  }

  // Focus goes to the first field to fix, once it is on screen.
  useEffect(() => {
    const fields = [
      [problems.baseUrl, urlRef],
      [problems.apiKey, keyRef],
      [problems.brandId, brandRef],
    ] as const;
    fields.find(([problem]) => problem)?.[1].current?.focus();
  }, [problems]);

  async function connect(storage: 'keychain' | 'session') {
    const baseUrl = urlRef.current?.value.trim() ?? '';
    const apiKey = keyRef.current?.value.trim() ?? '';
    const brandId = brandRef.current?.value.trim() ?? '';
    const local = checkConnectInput(baseUrl, apiKey);
    if (local.baseUrl || local.apiKey) {
      show(local);
      return;
    }
    setBusy(true);
    setProblems({});
    setConnecting(true);
    try {
      const profile = await connectProfile({
        baseUrl,
        apiKey,
        storage,
        ...(brandId ? { brandId } : {}),
      });
      if (keyRef.current) keyRef.current.value = '';
      // The brand step must be chosen before the profile list refreshes and shows the app.
      onConnected(profile);
      await client.invalidateQueries();
    } catch (error) {
      setConnecting(false);
      show(describe(error));
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
      <Field
        label="Service address"
        hint="The base URL your provider gave you, including its version, such as /v1."
        error={problems.baseUrl}
        inputRef={urlRef}
        name="baseUrl"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://api.example.com/v1"
        disabled={busy}
      />
      <Field
        label="API key"
        hint="Kept in your system keychain. Postdeck never shows it again."
        error={problems.apiKey}
        inputRef={keyRef}
        name="apiKey"
        type="password"
        autoComplete="off"
        placeholder="pst_live_…"
        disabled={busy}
      />
      {askBrand ? (
        <Field
          label="Brand ID"
          hint="Shown in your dashboard next to the brand; it starts with brand_. You can switch brands once connected."
          error={problems.brandId}
          inputRef={brandRef}
          name="brandId"
          type="text"
          autoComplete="off"
          placeholder="brand_…"
          disabled={busy}
        />
      ) : null}
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

type FieldProps = {
  label: string;
  hint: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'ref'>;

/** A labelled input whose hint gives way to the error sentence, both read out as its description. */
function Field({ label, hint, error, inputRef, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        {...input}
      />
      <p
        id={`${id}-note`}
        className={error ? 'field-error' : 'field-hint'}
        role={error ? 'alert' : undefined}
      >
        {error ?? hint}
      </p>
    </div>
  );
}

function describe(error: unknown): Problems {
  if (!(error instanceof AppError)) return { form: errorMessage(error) };
  if (error.code === 'KEYCHAIN_UNAVAILABLE') return { form: error.message, keychainUnavailable: true };
  return { [connectErrorField(error)]: connectErrorMessage(error) };
}
