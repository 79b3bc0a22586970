import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MenuCommand } from '../../shared/desktop/ipc.js';
import { errorMessage } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { useIpcEvent } from '../ipc/use-ipc.js';
import { DiagnosticsSection } from '../settings/DiagnosticsSection.js';
import { ConnectForm } from './ConnectForm.js';
import './onboarding.css';
import { connectSandbox } from './queries.js';

/** The first screen of a new user: try the sandbox, or connect a real account. */
export function WelcomeScreen() {
  const askBrandChoice = useUi((s) => s.askBrandChoice);
  const finishConnecting = useUi((s) => s.finishConnecting);
  const setConnecting = useUi((s) => s.setConnecting);
  const client = useQueryClient();
  const [sandboxBusy, setSandboxBusy] = useState(false);
  const [sandboxError, setSandboxError] = useState<string | null>(null);
  // Not connected yet is when a log helps most (a connection that fails): the diagnostics are here
  // too, from the button below or Help → About Postdeck and Diagnostics.
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(false);
  const openDiagnostics = useCallback(() => {
    setDiagnosticsOpen(true);
    useUi.getState().showDiagnostics();
  }, []);
  const onMenu = useCallback(
    ({ command }: { command: MenuCommand }) => {
      if (command === 'openDiagnostics') openDiagnostics();
    },
    [openDiagnostics],
  );
  useIpcEvent('menuCommand', onMenu);

  async function startSandbox() {
    setSandboxBusy(true);
    setSandboxError(null);
    setConnecting(true);
    try {
      await connectSandbox({});
      finishConnecting();
      await client.invalidateQueries();
    } catch (error) {
      setConnecting(false);
      setSandboxError(errorMessage(error));
    } finally {
      setSandboxBusy(false);
    }
  }

  return (
    <main className="welcome">
      <header className="welcome-header">
        <p className="brand-mark" aria-hidden="true">
          P
        </p>
        <h1>Welcome to Postdeck</h1>
        <p className="welcome-lede">
          Plan, schedule and move the posts of every brand you manage, in one calendar.
        </p>
      </header>
      <div className="welcome-options">
        <section className="card welcome-card" aria-labelledby="sandbox-title">
          <h2 id="sandbox-title">Try it with the built-in sandbox</h2>
          <p>
            A local service with demo brands, accounts and posts runs on this computer. Nothing is published
            anywhere, so try anything.
          </p>
          {sandboxError ? (
            <p className="form-error" role="alert">
              {sandboxError}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-primary"
            onClick={() => void startSandbox()}
            disabled={sandboxBusy}
          >
            {sandboxBusy ? 'Starting the sandbox…' : 'Start the sandbox'}
          </button>
        </section>
        <section className="card welcome-card" aria-labelledby="connect-title">
          <h2 id="connect-title">Connect your account</h2>
          <p>Use the address and an API key from your Social Publishing dashboard.</p>
          <ConnectForm onConnected={(profile) => askBrandChoice(profile.id)} />
        </section>
      </div>
      <footer className="welcome-footer">
        {diagnosticsOpen ? (
          <DiagnosticsSection />
        ) : (
          <button type="button" className="button button-quiet" onClick={openDiagnostics}>
            About and diagnostics
          </button>
        )}
      </footer>
    </main>
  );
}
