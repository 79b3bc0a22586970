import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { DesktopSettings } from '../../shared/desktop/ipc.js';
import { ErrorState, errorMessage, FieldError } from '../ui/feedback.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';
import { setDesktopSettings } from './queries.js';

/** Running in the background and opening at login: main applies them as soon as they change. */
export function DesktopSection() {
  const settings = useIpcQuery('getDesktopSettings', {});
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  const key = ipcKey('getDesktopSettings', {});
  // What the boxes show: the click at once (a controlled checkbox must change in the same event,
  // or it snaps back until the answer comes), then main's answer to the latest change. An answer
  // to an earlier click would undo a later one still on its way, so it is dropped.
  const [shown, setShown] = useState<DesktopSettings | null>(null);
  const latest = useRef(0);
  const value = shown ?? settings.data ?? null;

  const change = async (patch: Partial<DesktopSettings>) => {
    if (!value) return;
    setError(null);
    const turn = ++latest.current;
    setShown({ ...value, ...patch });
    try {
      const saved = await setDesktopSettings(patch);
      if (turn !== latest.current) return;
      setShown(saved);
      client.setQueryData(key, saved);
    } catch (e) {
      if (turn === latest.current) {
        setShown(null);
        void settings.refetch();
      }
      setError(errorMessage(e));
    }
  };

  return (
    <section className="card" aria-labelledby="desktop-title">
      <h2 id="desktop-title">Desktop</h2>
      {settings.isError ? (
        <ErrorState
          title="The desktop settings could not be read"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {value ? (
        <div className="desktop-settings">
          <label className="choice">
            <input
              type="checkbox"
              checked={value.keepRunningInBackground}
              onChange={(e) => void change({ keepRunningInBackground: e.target.checked })}
            />
            Keep running in the background
          </label>
          <p className="muted setting-help">
            Closing the window leaves Postdeck in the tray (the menu bar on macOS), so scheduled changes keep
            going out and you hear when a post is published or fails. Even when this is off, Postdeck stays
            while changes are waiting to be sent.
          </p>
          <label className="choice">
            <input
              type="checkbox"
              checked={value.openAtLogin}
              onChange={(e) => void change({ openAtLogin: e.target.checked })}
            />
            Open at login
          </label>
          <p className="muted setting-help">
            On Windows and macOS; on Linux, add Postdeck to your desktop’s startup applications.
          </p>
        </div>
      ) : null}
      <FieldError error={error} />
    </section>
  );
}
