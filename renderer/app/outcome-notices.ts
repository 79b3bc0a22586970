import { create } from 'zustand';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';

/** A post the user scheduled reached its end: published, or failed with the platform's reason. */
export type OutcomeNotice = IpcEventPayload<'postOutcome'> & { key: number };

type NoticesState = {
  notices: OutcomeNotice[];
  add(outcome: IpcEventPayload<'postOutcome'>): void;
  dismiss(key: number): void;
};

/** The few newest outcomes stay on screen; older ones are in the calendar anyway. */
const MAX_NOTICES = 3;
let nextKey = 1;

export const useOutcomeNotices = create<NoticesState>((set) => ({
  notices: [],
  add: (outcome) =>
    set((s) => ({ notices: [...s.notices, { ...outcome, key: nextKey++ }].slice(-MAX_NOTICES) })),
  dismiss: (key) => set((s) => ({ notices: s.notices.filter((n) => n.key !== key) })),
}));
