import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { DraftMedia } from '../../shared/drafts/ipc.js';

/** The screens the sidebar leads to. */
export type Route =
  | 'calendar'
  | 'analytics'
  | 'queue'
  | 'import'
  | 'account'
  | 'media'
  | 'evergreen'
  | 'snippets'
  | 'grid'
  | 'feeds';
const ROUTES: readonly Route[] = [
  'calendar',
  'analytics',
  'queue',
  'import',
  'account',
  'media',
  'evergreen',
  'snippets',
  'grid',
  'feeds',
];

/** What the composer opens on: a new post (optionally at a time), a local draft, or a server post to edit or copy. */
export type ComposerRequest = {
  date?: string;
  /** Text to start with (a postdeck://compose link). */
  text?: string;
  draftId?: string;
  editPostId?: string;
  duplicatePostId?: string;
  /**
   * The post's own brand (Edit or Duplicate from the all-brands view): the composer works under it,
   * so its accounts, labels and sends are that brand's.
   */
  brand?: { profileId: string; brandId: string };
  /** Media already on the service to start the first block with (the media library). */
  media?: DraftMedia[];
};

type UiState = {
  route: Route;
  outboxOpen: boolean;
  /** A profile just connected whose brand the user has not confirmed yet. */
  brandChoiceFor: string | null;
  /** Shown once above the calendar right after a connection. */
  justConnected: boolean;
  /** A connection is being made from this window: it refreshes the app itself when done. */
  connecting: boolean;
  /** The open composer, or null when it is closed. */
  composer: ComposerRequest | null;
  /** Help → About and Diagnostics asked for that section of the account page. */
  diagnosticsRequested: boolean;
  /** The sidebar folded to its rail (true), open (false), or as the window's width has it (null). */
  sidebarFolded: boolean | null;
  setSidebarFolded(folded: boolean): void;
  navigate(route: Route): void;
  showDiagnostics(): void;
  diagnosticsShown(): void;
  openComposer(request?: ComposerRequest): void;
  closeComposer(): void;
  setOutboxOpen(open: boolean): void;
  setConnecting(connecting: boolean): void;
  askBrandChoice(profileId: string): void;
  finishConnecting(): void;
  dismissWelcome(): void;
};

/** Window-level UI state; server data lives in react-query, never here. */
export const useUi = create<UiState>()(
  persist(
    (set) => ({
      route: 'calendar',
      outboxOpen: false,
      brandChoiceFor: null,
      justConnected: false,
      connecting: false,
      composer: null,
      diagnosticsRequested: false,
      sidebarFolded: null,
      setSidebarFolded: (sidebarFolded) => set({ sidebarFolded }),
      showDiagnostics: () => set({ route: 'account', diagnosticsRequested: true }),
      diagnosticsShown: () => set({ diagnosticsRequested: false }),
      // Going anywhere else ends the "you are connected" moment.
      navigate: (route) => set((s) => ({ route, justConnected: s.justConnected && route === s.route })),
      openComposer: (request = {}) => set({ composer: request }),
      closeComposer: () => set({ composer: null }),
      setOutboxOpen: (outboxOpen) => set({ outboxOpen }),
      setConnecting: (connecting) => set({ connecting }),
      askBrandChoice: (profileId) => set({ brandChoiceFor: profileId, connecting: false }),
      // The first screen after connecting is the calendar: main already knows the brand's accounts.
      finishConnecting: () =>
        set({ brandChoiceFor: null, route: 'calendar', justConnected: true, connecting: false }),
      dismissWelcome: () => set({ justConnected: false }),
    }),
    {
      // The page the user was on and the sidebar's fold come back after a restart; moments
      // (composer, welcome) do not.
      name: 'postdeck.ui',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ route: s.route, sidebarFolded: s.sidebarFolded }),
      merge: (persisted, current) => {
        const saved = persisted as { route?: unknown; sidebarFolded?: unknown } | null;
        const route = saved?.route;
        const folded = saved?.sidebarFolded;
        return {
          ...current,
          route: ROUTES.includes(route as Route) ? (route as Route) : current.route,
          sidebarFolded: typeof folded === 'boolean' ? folded : null,
        };
      },
    },
  ),
);
