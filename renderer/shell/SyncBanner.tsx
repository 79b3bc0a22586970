import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';
import { useUi } from '../ui/ui-store.js';
import { syncNow } from './queries.js';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/** Says plainly when work is waiting: offline with pending changes, failures, missed times. */
export function SyncBanner() {
  // Kept current by main's syncStatus events (server-events.ts), so never polled.
  const status = useIpcQuery('getSyncStatus', {});
  const openOutbox = useUi((s) => s.setOutboxOpen);
  const client = useQueryClient();
  const [trying, setTrying] = useState(false);
  if (!status.isSuccess) return null;

  async function tryNow() {
    setTrying(true);
    try {
      client.setQueryData(ipcKey('getSyncStatus', {}), await syncNow({}));
      await client.invalidateQueries({ queryKey: ['listOutbox'] });
    } catch {
      // Still unreachable: the banner stays, and main keeps probing on its own.
    } finally {
      setTrying(false);
    }
  }
  const { online, pending, failed, needsDecision } = status.data;

  const messages: { tone: 'offline' | 'warning'; text: string; action?: string; onAction?: () => void }[] =
    [];
  if (!online) {
    messages.push({
      tone: 'offline',
      action: trying ? 'Trying…' : 'Try again now',
      onAction: () => void tryNow(),
      text:
        pending > 0
          ? `You are offline — ${changes(pending)} will be sent when the connection returns.`
          : 'You are offline — the calendar shows what was last synced, and new changes will be sent when the connection returns.',
    });
  }
  if (needsDecision > 0) {
    messages.push({
      tone: 'warning',
      text: `${needsDecision === 1 ? '1 scheduled post' : `${needsDecision} scheduled posts`} missed ${needsDecision === 1 ? 'its' : 'their'} time while offline. Post now or pick a new time.`,
      action: 'Decide in the outbox',
    });
  }
  if (failed > 0) {
    messages.push({
      tone: 'warning',
      text: `${changes(failed)} could not be sent. Retry or discard ${failed === 1 ? 'it' : 'them'} in the outbox.`,
      action: 'Review in the outbox',
    });
  }

  return (
    <div className="sync-banners" role="status">
      {messages.map((message) => (
        <div key={message.text} className={`sync-banner sync-banner-${message.tone}`}>
          <p>{message.text}</p>
          {message.action ? (
            <button
              type="button"
              className="button button-small"
              disabled={trying && message.tone === 'offline'}
              onClick={message.onAction ?? (() => openOutbox(true))}
            >
              {message.action}
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
