import { create } from 'zustand';

/*
 * The app's one list of notices: what an action did (with Undo), every
 * refusal from main, the sentence the composer leaves after sending, and a scheduled post's fate.
 * Shown by Notices.tsx wherever the user is.
 */

export type NoticeTone = 'info' | 'success' | 'error';

export interface Notice {
  id: number;
  tone: NoticeTone;
  /** A heading above the message ("Published"). */
  title?: string;
  message: string;
  /** Lines under the message: a reason, what to do next. */
  details?: string[];
  /** One action offered on the notice, such as Undo. */
  action?: { label: string; run: () => void };
  /** The posts it speaks of: a later refusal of one of them takes it away (a "Moved… Undo" gone stale). */
  about?: readonly string[];
}

export type NewNotice = Omit<Notice, 'id'>;

interface NoticesState {
  notices: Notice[];
  /** Shows a notice; answers its id. */
  show(notice: NewNotice): number;
  dismiss(id: number): void;
  /** Takes away every notice about this post. */
  dismissAbout(postId: string): void;
}

let nextId = 1;
/** Errors stay until dismissed (the user must be able to read why); the others fade. */
const LIFETIME_MS: Record<NoticeTone, number> = { info: 5_000, success: 8_000, error: 0 };
/** The few newest stay on screen; what they said is in the calendar or the outbox anyway. */
const MAX_NOTICES = 4;

export const useNotices = create<NoticesState>()((set, get) => ({
  notices: [],
  show: (notice) => {
    const id = nextId++;
    set((s) => ({ notices: [...s.notices, { ...notice, id }].slice(-MAX_NOTICES) }));
    const lifetime = LIFETIME_MS[notice.tone];
    if (lifetime > 0) setTimeout(() => get().dismiss(id), lifetime);
    return id;
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  dismissAbout: (postId) => set((s) => ({ notices: s.notices.filter((n) => !n.about?.includes(postId)) })),
}));
