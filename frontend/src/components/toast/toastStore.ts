import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** Spec §4: one toast at a time; it closes itself after 5 s; a closed toast leaves after 3 s. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 3000;

interface ToastState {
  toasts: ToastItem[];
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  remove: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show: (input) => {
    const id = nextId++;
    set((s) => ({ toasts: [{ ...input, id, open: true }, ...s.toasts].slice(0, TOAST_LIMIT) }));
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS);
    return id;
  },
  dismiss: (id) => {
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY_MS);
  },
  remove: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Show a toast from anywhere: toast({ title, description, variant: 'destructive' }). */
export const toast = (input: ToastInput) => useToastStore.getState().show(input);
