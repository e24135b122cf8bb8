import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';
import { Button } from './components';
import { CloseIcon } from './icons';

const CARET = new Set(['text', 'search', 'url', 'tel', 'password']);
const CONTROLS =
  'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';
const firstControl = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(CONTROLS)].find((el) => !el.closest('[hidden]')) ?? null;

/**
 * Accessible modal dialog: focus trapped, Escape closes, labelled by its title. Focus goes back to
 * the control that had it when the dialog opened (Radix does that only for its own Trigger, and our
 * dialogs open from state).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  role = 'dialog',
  initialFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** 'alertdialog': a question that needs an answer; a click outside does not close it. */
  role?: 'dialog' | 'alertdialog';
  /** The control focused on opening (else the first one). */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        <DialogPrimitive.Content
          role={role}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            event.preventDefault();
            // The given control, else the first one; a field gets the caret at its end, its text not
            // selected (Radix selects it, and the first key typed then replaced a title).
            const target = initialFocus?.current ?? firstControl(event.currentTarget as HTMLElement);
            if (!target) return (event.currentTarget as HTMLElement).focus();
            target.focus();
            if (
              target instanceof HTMLTextAreaElement ||
              (target instanceof HTMLInputElement && CARET.has(target.type))
            )
              target.setSelectionRange(target.value.length, target.value.length);
          }}
          onInteractOutside={role === 'alertdialog' ? (event) => event.preventDefault() : undefined}
          onCloseAutoFocus={(event) => {
            const el = opener.current;
            if (!el?.isConnected) return;
            event.preventDefault();
            el.focus();
          }}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] ui-dialog -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-ink-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute right-4 top-4 rounded-md p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon className="h-5 w-5" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * A yes/no question in the app's own dialog (never the browser's `confirm()`): an alertdialog with
 * the safe answer focused, so Enter or Escape right away keep things as they are.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  pending = false,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: its button is disabled. */
  pending?: boolean;
  /** More choices (e.g. an export first), before the two answers. */
  children?: ReactNode;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={title}
      description={description}
      role="alertdialog"
      initialFocus={cancel}
    >
      <div className="flex flex-wrap justify-end gap-2">
        {children}
        <Button ref={cancel} variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="secondary" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
