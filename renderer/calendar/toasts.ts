import { create } from 'zustand';

export interface Toast {
  id: number;
  tone: 'info' | 'success' | 'error';
  message: string;
  /** One action offered on the toast, such as Undo. */
  action?: { label: string; run: () => void };
}

interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id'>): number;
  dismiss(id: number): void;
}

let nextId = 1;
/** Errors stay until dismissed (the user must be able to read why); the others fade. */
const LIFETIME_MS = { info: 5_000, success: 8_000, error: 0 } as const;
const MAX_TOASTS = 4;

/** Messages the calendar shows after an action: confirmations with Undo, and every failure's reason. */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { ...toast, id }].slice(-MAX_TOASTS) }));
    const lifetime = LIFETIME_MS[toast.tone];
    if (lifetime > 0) setTimeout(() => get().dismiss(id), lifetime);
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));
