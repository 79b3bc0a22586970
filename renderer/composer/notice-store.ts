import { create } from 'zustand';

/** The sentence the composer leaves behind when it closes after sending ("Scheduled…", "Queued…"). */
export const useComposerNotice = create<{
  message: string | null;
  show(message: string): void;
  clear(): void;
}>((set) => ({
  message: null,
  show: (message) => set({ message }),
  clear: () => set({ message: null }),
}));
