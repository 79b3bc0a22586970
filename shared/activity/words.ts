import { reviewLabel } from '../review/model.js';
import type { ActivityChange, ActivityEntry, ActivityOrigin, ActivityWho } from './model.js';

/*
 * An entry in human words, the same on the timeline, the brand's log and the CSV: what happened,
 * from where, and who did it. Times are written by the caller's formatter (the brand's zone and the
 * user's clock on screen, the brand's zone in a file).
 */

export type FormatTime = (iso: string) => string;

const WHAT: Record<Extract<ActivityChange, { kind: 'confirmed' }>['what'], string> = {
  create: 'the post',
  edit: 'the change to the post',
  move: 'the new time',
  delete: 'the delete',
};

/** What changed, as a sentence without its origin ("Moved from Tue 3 Dec 9:00 to Wed 4 Dec 10:30"). */
export function describeChange(change: ActivityChange, time: FormatTime): string {
  switch (change.kind) {
    case 'created': {
      const on = change.accounts.length > 0 ? ` on ${change.accounts.join(', ')}` : '';
      const at = change.date ? ` for ${time(change.date)}` : '';
      return `Created${at}${on}: “${short(change.text)}”`;
    }
    case 'edited': {
      const parts: string[] = [];
      if (change.textBefore !== change.textAfter)
        parts.push(
          change.textBefore === null
            ? `text now “${short(change.textAfter)}”`
            : `text “${short(change.textBefore)}” → “${short(change.textAfter)}”`,
        );
      if (change.dateBefore !== change.dateAfter && change.dateAfter)
        parts.push(
          change.dateBefore
            ? `time ${time(change.dateBefore)} → ${time(change.dateAfter)}`
            : `time ${time(change.dateAfter)}`,
        );
      if (change.accountsBefore.join('\u0000') !== change.accountsAfter.join('\u0000'))
        parts.push(`accounts now ${change.accountsAfter.join(', ') || 'none'}`);
      return parts.length > 0 ? `Edited: ${parts.join('; ')}` : 'Edited';
    }
    case 'moved':
      return change.from
        ? `Moved from ${time(change.from)} to ${time(change.to)}`
        : `Moved to ${time(change.to)}`;
    case 'deleted':
      return change.text ? `Deleted “${short(change.text)}”` : 'Deleted';
    case 'restored':
      return 'Delete taken back before it was sent';
    case 'labels':
      return `Labels changed from ${change.before.join(', ') || 'none'} to ${change.after.join(', ') || 'none'}`;
    case 'category':
      return `Category changed from ${change.before ?? 'none'} to ${change.after ?? 'none'}`;
    case 'review': {
      const state = reviewLabel(change.state);
      const comment = change.comment ? `: “${short(change.comment)}”` : '';
      const step =
        change.step && change.step.count > 1
          ? ` at step ${change.step.index + 1} of ${change.step.count} (${change.step.name})`
          : '';
      return change.changedSince
        ? `Reviewer said “${state}” about an earlier version (edited since the pack)${comment}`
        : `Review: ${state}${step}${comment}`;
    }
    case 'confirmed':
      return change.what === 'delete'
        ? 'The service confirmed the delete'
        : `The service confirmed ${WHAT[change.what]}${change.posts > 1 ? ` (${change.posts} accounts)` : ''}`;
    case 'refused':
      return `The service refused it: ${change.reason}`;
    case 'willRetry':
      return `Not through yet (${change.reason}); the Outbox tries again by itself`;
    case 'retried':
      return 'Sent again from the Outbox';
    case 'discarded':
      return change.puttingRight
        ? 'Discarded from the Outbox; it may have reached the service, so Postdeck puts the service right'
        : 'Discarded from the Outbox';
    case 'decided':
      return change.action === 'now'
        ? 'Its time had passed: posted now instead'
        : `Its time had passed: moved to ${change.date ? time(change.date) : 'a new time'}`;
  }
}

/** Where it came from, as words that follow the change ("by dragging"). */
export function describeOrigin(origin: ActivityOrigin, time: FormatTime): string {
  switch (origin.kind) {
    case 'drag':
      return 'by dragging in the calendar';
    case 'keyboard':
      return 'with the keyboard in the calendar';
    case 'bulk':
      return 'in a bulk change';
    case 'grid':
      return 'in the Instagram grid';
    case 'undo':
      return 'by Undo';
    case 'calendar':
      return "in the post's details";
    case 'composer':
      return 'in the composer';
    case 'queue':
      return 'with Add to queue';
    case 'import':
      return `by importing ${origin.file}`;
    case 'evergreen':
      return 'by an evergreen repeat';
    case 'series':
      return 'by a recurring series';
    case 'feed':
      return 'from a feed';
    case 'labels':
      return 'with the Labels menu';
    case 'category':
      return 'with the category picker';
    case 'review':
      return 'in the app';
    case 'reviewReply':
      return origin.packDate
        ? `by a reply to the review pack of ${time(origin.packDate)}`
        : 'by a reply to a review pack';
    case 'outboxRetry':
      return 'from the Outbox';
    case 'outboxDiscard':
      return 'from the Outbox';
    case 'outboxDecision':
      return 'from the Outbox';
    case 'outbox':
      return 'when the Outbox sent it';
  }
}

/** Who, saying which kind of name it is ("Ana (connection user)"). */
export function describeWho(who: ActivityWho): string {
  switch (who.kind) {
    case 'connectionUser':
      return who.source === 'service'
        ? `${who.name} (connection user)`
        : `${who.name} (connection name; the service named no user)`;
    case 'approver':
      return who.name ? `${who.name} (name typed in the review pack)` : 'The reviewer (no name given)';
    case 'service':
      return 'The service';
  }
}

/** The whole entry as one line: "Moved from … to … by dragging in the calendar · Ana (connection user)". */
export function describeEntry(entry: ActivityEntry, time: FormatTime): string {
  return `${describeChange(entry.change, time)} ${describeOrigin(entry.origin, time)} · ${describeWho(entry.who)}`;
}

function short(text: string): string {
  const one = text.replace(/\s+/gu, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 79)}…` : one;
}
