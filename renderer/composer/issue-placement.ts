import type { ValidationIssue } from '../../shared/api/errors.js';
import type { WorkingDraft, Scope } from './draft-model.js';
import { placeOf } from './checks.js';

/*
 * Where each problem of a draft is shown: beside a block's text or media
 * (for the accounts whose text is on screen), on an account's card, beside one of its settings,
 * or in the list under the editor. Pure, so the composer only lays out what it answers.
 */

export interface PlacedIssues {
  /** Messages for one block's text or media in the text on screen (named by account when several share it). */
  inBlock(kind: 'text' | 'media', block: number): string[];
  /** Issues of an account as a whole (its thread, the post, its platform): they go on its card. */
  ofAccount(target: number): string[];
  /** Issues of one settings field of one account. */
  ofSetting(target: number, field: string): ValidationIssue[];
  /** How many problems an account has, for its preview. */
  countOf(target: number): number;
  /** Issues of the post as a whole (no account, or one no longer chosen). */
  other: ValidationIssue[];
}

const isWholeAccount = (issue: ValidationIssue) => {
  const place = placeOf(issue);
  return (
    place.kind === 'thread' ||
    place.kind === 'post' ||
    (place.kind === 'settings' && place.field === '__type')
  );
};

export function placeIssues(
  issues: readonly ValidationIssue[],
  draft: WorkingDraft,
  scope: Scope,
  accountName: (id: string) => string,
): PlacedIssues {
  // The accounts whose text is on screen: those using the shared text, or the one chosen.
  const inScope = draft.targets
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => (scope === null ? t.blocks === null : t.integrationId === scope));
  return {
    inBlock: (kind, block) =>
      issues.flatMap((issue) => {
        const place = placeOf(issue);
        if (place.kind !== kind || place.block !== block) return [];
        const hit = inScope.find(({ i }) => i === issue.target);
        if (!hit) return [];
        return [inScope.length > 1 ? `${accountName(hit.t.integrationId)}: ${issue.message}` : issue.message];
      }),
    ofAccount: (target) =>
      issues.filter((i) => i.target === target && isWholeAccount(i)).map((i) => i.message),
    ofSetting: (target, field) =>
      issues.filter((i) => {
        const place = placeOf(i);
        return i.target === target && place.kind === 'settings' && place.field === field;
      }),
    countOf: (target) => issues.filter((i) => i.target === target).length,
    other: issues.filter((i) => i.target === null || i.target >= draft.targets.length),
  };
}
