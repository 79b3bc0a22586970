import { useEffect } from 'react';
import type { ReviewImportSummary } from '../../shared/review/model.js';
import { useNotices } from '../ui/notice-store.js';
import { importReviewReply } from './queries.js';

/*
 * Bringing a reviewer's reply back: File → Import review (or the palette) opens a file picker, and
 * a reply dropped anywhere on the window is imported too. Main reads and checks the file (by a
 * token, never a path) and applies it; this shows what it did, or why it refused.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The summary a person reads after an import. */
export function summarySentence(s: ReviewImportSummary): string {
  if (s.alreadyImported) return 'This reply was imported before; nothing changed.';
  const parts = [
    plural(s.approved, 'post approved', 'posts approved'),
    ...(s.stepsPassed > 0
      ? [
          plural(
            s.stepsPassed,
            'post approved at this step, now waiting for the next',
            'posts approved at this step, now waiting for the next',
          ),
        ]
      : []),
    plural(s.changesRequested, 'post with changes requested', 'posts with changes requested'),
  ];
  if (s.changedSinceReview > 0)
    parts.push(
      `${plural(s.changedSinceReview, 'post', 'posts')} changed since review (verdict shown beside it, not applied)`,
    );
  if (s.gone > 0) parts.push(`${plural(s.gone, 'post', 'posts')} no longer in the calendar`);
  return `${parts.join('; ')}.`;
}

export async function importReviewFile(file: File): Promise<void> {
  const notices = useNotices.getState();
  const token = await window.api.fileToken(file);
  if (!token) {
    notices.show({
      tone: 'error',
      message: 'This file cannot be read; save the reply to your computer and try again.',
    });
    return;
  }
  try {
    const result = await importReviewReply({ file: token });
    notices.show({ tone: 'success', title: 'Review imported', message: summarySentence(result.summary) });
  } catch (error) {
    notices.show({
      tone: 'error',
      title: 'Review not imported',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Asks for a reply file with the system's file picker. */
export function openReviewReplyPicker(): void {
  // Outside a page (a unit test of the menu) there is nothing to pick with.
  if (typeof document === 'undefined') return;
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.json,application/json';
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void importReviewFile(file);
  });
  input.click();
}

/** A reply file dropped on the window (where no other drop area took it) is imported. */
export function useReviewDrop(): void {
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!e.defaultPrevented && e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (e.defaultPrevented) return;
      const files = [...(e.dataTransfer?.files ?? [])];
      e.preventDefault();
      const reply = files.length === 1 ? files[0] : undefined;
      if (reply && /\.json$/i.test(reply.name)) void importReviewFile(reply);
      else if (files.length > 0)
        useNotices.getState().show({
          tone: 'info',
          message: 'Drop a review reply (.json) here to import it; add pictures in the composer.',
        });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
}
