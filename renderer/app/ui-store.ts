import { create } from 'zustand';

/** The screens the sidebar leads to. */
export type Route = 'calendar' | 'account';

type UiState = {
  route: Route;
  outboxOpen: boolean;
  /** A profile just connected whose brand the user has not confirmed yet. */
  brandChoiceFor: string | null;
  /** Shown once on the account page right after a first connection. */
  justConnected: boolean;
  /** A connection is being made from this window: it refreshes the app itself when done. */
  connecting: boolean;
  navigate(route: Route): void;
  setOutboxOpen(open: boolean): void;
  setConnecting(connecting: boolean): void;
  askBrandChoice(profileId: string): void;
  finishConnecting(): void;
  dismissWelcome(): void;
};

/** Window-level UI state; server data lives in react-query, never here. */
export const useUi = create<UiState>((set) => ({
  route: 'calendar',
  outboxOpen: false,
  brandChoiceFor: null,
  justConnected: false,
  connecting: false,
  // Leaving the account page ends the "you are connected" moment.
  navigate: (route) => set((s) => ({ route, justConnected: s.justConnected && route === 'account' })),
  setOutboxOpen: (outboxOpen) => set({ outboxOpen }),
  setConnecting: (connecting) => set({ connecting }),
  askBrandChoice: (profileId) => set({ brandChoiceFor: profileId, connecting: false }),
  finishConnecting: () =>
    set({ brandChoiceFor: null, route: 'account', justConnected: true, connecting: false }),
  dismissWelcome: () => set({ justConnected: false }),
}));
