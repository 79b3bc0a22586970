import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ValidationIssue } from '../../shared/api/errors.js';
import { AppError } from '../ipc/ipc.js';
import { errorMessage } from '../ui/feedback.js';
import { applyWritten, shownBrandId } from '../ipc/posts-in-cache.js';
import { subjectOfDraft, type LabelsView } from '../../shared/labels/model.js';
import { labelsKey } from '../labels/queries.js';
import type { WorkingDraft } from './draft-model.js';
import type { SendKind } from './SendBar.js';
import { queuedMessage, sentMessage } from './send-messages.js';
import { queueDraft, sendDraft } from './queries.js';

/**
 * Sending the draft the four ways the send bar offers, each one call carrying the draft's copy,
 * which main saves first: "Add to queue" (queueDraft) takes the next free slots; the others
 * (sendDraft) queue it and wait a few seconds, answering the service's result (its issues shown
 * beside the fields) or that the post waits in the outbox and why. Either answer carries the posts
 * as main now shows them, applied to the window's caches. `onSent` gets the sentence to leave behind.
 */
export function useSend({
  draft,
  replace,
  localIssueCount,
  zone,
  accountName,
  onSent,
}: {
  draft: WorkingDraft;
  /** Puts the draft as sent (with its date) in the editor, without counting as an edit. */
  replace(draft: WorkingDraft): void;
  localIssueCount: number;
  zone: string;
  accountName(id: string): string;
  onSent(message: string): void;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<SendKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);

  /** Forgets the last send's result (the user changed the draft since). */
  const clear = useCallback(() => {
    setServerIssues([]);
    setError(null);
  }, []);

  const send = async (kind: SendKind, date: string | null) => {
    clear();
    if (draft.targets.length === 0) {
      setError('Choose at least one account to post to.');
      return;
    }
    if (localIssueCount > 0) {
      setError(
        `Fix the ${localIssueCount === 1 ? 'problem' : `${localIssueCount} problems`} marked in red first.`,
      );
      return;
    }
    setBusy(kind);
    const sending = { ...draft, date: kind === 'schedule' ? date : draft.date };
    try {
      replace(sending);
      if (kind === 'queue') {
        const queued = await queueDraft({ draftId: draft.id, draft: sending });
        applyWritten(client, shownBrandId(client), queued);
        onSent(
          queuedMessage(
            queued.slots.map((p) => ({ name: accountName(p.integrationId), date: p.date })),
            zone,
          ),
        );
        return;
      }
      const sent = await sendDraft({
        draftId: draft.id,
        type: kind === 'server-draft' ? 'draft' : kind,
        ...(kind === 'schedule' && date ? { date } : {}),
        ...(kind === 'now' ? { date: new Date().toISOString() } : {}),
        wait: true,
        draft: sending,
      });
      applyWritten(client, shownBrandId(client), sent);
      // Queued (offline, unreachable): it is on its way, and main's sentence says so.
      onSent(
        sent.outcome.kind === 'queued'
          ? sent.outcome.message
          : sentMessage(kind, sent.outcome.results.length, draft.replacesGroup !== null),
      );
    } catch (e) {
      if (e instanceof AppError && e.shape.issues && e.shape.issues.length > 0)
        setServerIssues(e.shape.issues);
      setError(errorMessage(e));
    } finally {
      setBusy(null);
      // A labelled draft's labels now show on its queued posts (main maps them when read): read
      // them again, only then (a send without labels costs no call; a confirmed one is announced).
      const labels = client.getQueryData<LabelsView>(labelsKey);
      if (labels && (labels.assignments[subjectOfDraft(draft)]?.length ?? 0) > 0)
        void client.invalidateQueries({ queryKey: labelsKey });
    }
  };

  return { busy, error, serverIssues, send, clear };
}
