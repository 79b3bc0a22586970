import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import { NOT_APPROVED_OUTCOME } from '../../shared/review/model.js';

/*
 * Pure. What the system notification says when sync sees a post the user scheduled
 * go out or fail. The post's text is cut short: a notification is a glance, not a reader.
 */

export interface NotificationText {
  title: string;
  body: string;
}

const EXCERPT_CHARS = 80;

function excerpt(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (!flat) return 'A post without text';
  const chars = Array.from(flat);
  return chars.length <= EXCERPT_CHARS
    ? flat
    : `${chars
        .slice(0, EXCERPT_CHARS - 1)
        .join('')
        .trimEnd()}…`;
}

/** The notification for an outcome, or null for states that need none (the user only hears of endings). */
export function notificationFor(outcome: IpcEventPayload<'postOutcome'>): NotificationText | null {
  if (outcome.state === NOT_APPROVED_OUTCOME)
    return {
      title: 'A post was not sent: not approved in time',
      body: `${excerpt(outcome.content)}\n${outcome.error ?? ''}`.trim(),
    };
  const state = outcome.state.toLowerCase();
  if (state === 'published') {
    return { title: 'Post published', body: excerpt(outcome.content) };
  }
  if (state === 'error' || state === 'failed') {
    const reason =
      outcome.error?.trim() || 'The service did not say why. Open Postdeck to reschedule or delete it.';
    return { title: 'A post could not be published', body: `${excerpt(outcome.content)}\n${reason}` };
  }
  return null;
}
