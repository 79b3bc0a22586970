import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/*
 * The colour theme: the user's choice (system, light, dark) is remembered across
 * restarts and applied as `data-theme="light|dark"` on <html>, the system's choice followed live.
 * Stylesheets style dark mode with `[data-theme='dark']`.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

interface ThemeState {
  choice: ThemeChoice;
  choose(choice: ThemeChoice): void;
}

export const useTheme = create<ThemeState>()(
  persist(
    (set) => ({
      choice: 'system',
      choose: (choice) => set({ choice }),
    }),
    {
      name: 'postdeck.theme',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      merge: (persisted, current) => {
        const choice = (persisted as { choice?: unknown } | null)?.choice;
        return {
          ...current,
          choice: THEME_CHOICES.includes(choice as ThemeChoice) ? (choice as ThemeChoice) : 'system',
        };
      },
    },
  ),
);

/** The theme actually shown for a choice. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** Applies the remembered choice now and whenever it or the system's theme changes. Call once at start. */
export function startTheme(root: HTMLElement = document.documentElement): () => void {
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const { choice } = useTheme.getState();
    const theme = resolveTheme(choice, system.matches);
    root.dataset.theme = theme;
    root.dataset.themeChoice = choice;
    root.style.colorScheme = theme;
  };
  apply();
  system.addEventListener('change', apply);
  const unsubscribe = useTheme.subscribe(apply);
  return () => {
    system.removeEventListener('change', apply);
    unsubscribe();
  };
}
