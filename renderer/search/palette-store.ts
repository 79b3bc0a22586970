import { create } from 'zustand';

/** Whether the command palette is open (Ctrl/Cmd+K, or the top bar's Search button). */
export const usePalette = create<{ open: boolean; setOpen(open: boolean): void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
