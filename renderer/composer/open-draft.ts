/*
 * Which local draft the composer has open, kept in the window's storage (an id, nothing else), so
 * a window closed or crashed mid-sentence reopens on it. The draft itself lives in main's database.
 */

const KEY = 'postdeck.composer.openDraft';

export function readOpenDraft(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberOpenDraft(draftId: string | null): void {
  try {
    if (draftId) window.localStorage.setItem(KEY, draftId);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the draft is still saved, only the automatic reopen is lost.
  }
}
