import { create } from 'zustand';
import { useEffect, type ReactNode } from 'react';

/** Spec section 9: toast constants. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_DIRECTION = 'right' as const;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** Text read to screen-reader users describing how to do the action another way. */
  altText: string;
  onClick: () => void;
}

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  variant: ToastVariant;
  open: boolean;
}

export type ToastInput = Omit<ToastItem, 'id' | 'open' | 'variant'> & { variant?: ToastVariant };

/**
 * Where the toasts show on screens from 768 px: 'top' (right, below the site's 4rem header: the
 * default) or 'bottom-left' (a screen whose controls sit at the top right and the bottom right, the
 * CMS: its header, tab strip and list actions; its dialogs' Save buttons). Phones always show them
 * at the top, below the header.
 */
export type ToastPlacement = 'top' | 'bottom-left';

interface ToastState {
  toasts: ToastItem[];
  placement: ToastPlacement;
  place: (placement: ToastPlacement) => void;
  add: (toast: ToastInput) => string;
  dismiss: (id?: string) => void;
  remove: (id: string) => void;
}

let counter = 0;
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * One store for the whole page: the shell renders it, every remote writes to it.
 * It reaches remotes as a federation shared singleton (`@agency/ui/toast`).
 */
export const useToastStore = create<ToastState>()((set, get) => {
  const scheduleRemoval = (id: string) => {
    if (removeTimers.has(id)) return;
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        get().remove(id);
      }, TOAST_REMOVE_DELAY),
    );
  };
  return {
    toasts: [],
    placement: 'top',
    place: (placement) => set({ placement }),
    add: (input) => {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = String(counter);
      const item: ToastItem = { ...input, variant: input.variant ?? 'default', id, open: true };
      set((s) => ({ toasts: [item, ...s.toasts].slice(0, TOAST_LIMIT) }));
      return id;
    },
    dismiss: (id) => {
      const ids = id ? [id] : get().toasts.map((t) => t.id);
      ids.forEach(scheduleRemoval);
      set((s) => ({ toasts: s.toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)) }));
    },
    remove: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  };
});

/** Shows a toast; returns helpers to dismiss it. */
export function toast(input: ToastInput) {
  const id = useToastStore.getState().add(input);
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}

/** While the calling screen is shown, toasts show at `placement`; the one before comes back after. */
export function useToastPlacement(placement: ToastPlacement) {
  useEffect(() => {
    const { placement: before, place } = useToastStore.getState();
    place(placement);
    return () => place(before);
  }, [placement]);
}
