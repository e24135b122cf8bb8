import * as ToastPrimitive from '@radix-ui/react-toast';
import {
  TOAST_DURATION,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  useToastStore,
} from '@agency/ui/toast';
import { cn } from '../cn';
import { CloseIcon } from '../icons';

/** Renders the page's toasts; mounted once, by the shell. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const placement = useToastStore((s) => s.placement);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          data-variant={t.variant}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=open]:animate-toast-in',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {t.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            ) : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {t.action ? (
            <ToastPrimitive.Action
              altText={t.action.altText}
              onClick={t.action.onClick}
              className="inline-flex h-8 shrink-0 items-center rounded-md border border-current px-3 text-sm font-medium"
            >
              {t.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100 focus-visible:outline-2"
          >
            <CloseIcon className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        // Never over what staff or visitors press next: at the bottom right the toasts covered the
        // Save buttons of the CMS's dialogs (issue 25); at top 0 the site's menu button and the
        // CMS's Logout; below the header, the CMS's last tabs and its list actions (issue 41). So
        // the site shows them below its header, the CMS at the bottom left (see ToastPlacement).
        className={cn(
          'fixed right-0 top-16 z-[100] flex max-h-[calc(100vh-4rem)] w-full flex-col p-4 md:max-w-[420px]',
          placement === 'bottom-left' && 'md:bottom-0 md:left-0 md:right-auto md:top-auto',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
