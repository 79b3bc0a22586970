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
  navigate(route: Route): void;
  setOutboxOpen(open: boolean): void;
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
  navigate: (route) => set({ route }),
  setOutboxOpen: (outboxOpen) => set({ outboxOpen }),
  askBrandChoice: (profileId) => set({ brandChoiceFor: profileId }),
  finishConnecting: () => set({ brandChoiceFor: null, route: 'account', justConnected: true }),
  dismissWelcome: () => set({ justConnected: false }),
}));
