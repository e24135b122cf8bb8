import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses, CloseIcon, MenuIcon } from '@agency/ui';
import { NavItems } from './nav-items';

const MOBILE_MENU_ID = 'mobile-menu';
const TITLE_ID = 'mobile-menu-title';

/** The browser opens and closes a `popover` itself: the menu works from the first paint, before any script. */
function supportsPopover(el: HTMLElement): boolean {
  return typeof el.showPopover === 'function';
}

function isOpen(el: HTMLElement): boolean {
  return supportsPopover(el) ? el.matches(':popover-open') : !el.hidden;
}

function setOpen(el: HTMLElement, open: boolean) {
  if (supportsPopover(el)) {
    if (open !== isOpen(el)) el.togglePopover(open);
    return;
  }
  // Without popover support (older browsers, jsdom) the drawer is shown and hidden by script.
  el.hidden = !open;
  if (open) el.querySelector<HTMLElement>('button')?.focus();
}

function focusables(el: HTMLElement): HTMLElement[] {
  return [...el.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
}

/**
 * Below the md breakpoint: the menu button and the right-side drawer with the five links and
 * 'Get Started' (spec). HTML first: the drawer is a `popover` the button toggles with
 * `popovertarget`, and its Close control hides it with `popovertargetaction="hide"`, so both work as
 * soon as the page paints, with no JavaScript; the browser also closes it on Escape or a tap outside
 * and puts focus back on the button. After hydration the script adds what the platform does not:
 * choosing a link (a client-side navigation) closes it, opening it moves focus to its Close control,
 * and Tab stays inside it. The open state lives in the DOM only, so the server's HTML and the first
 * client render are identical (no hydration mismatch) whatever the visitor did before hydration.
 */
export function MobileMenu({ pathname }: { pathname: string }) {
  const drawer = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const el = drawer.current;
    if (!el) return;
    if (!supportsPopover(el)) {
      // From here on the script shows and hides the drawer (see setOpen).
      el.hidden = true;
      el.removeAttribute('popover');
      return;
    }
    const onToggle = (e: Event) => {
      if ((e as ToggleEvent).newState === 'open') el.querySelector<HTMLElement>('button')?.focus();
    };
    el.addEventListener('toggle', onToggle);
    return () => el.removeEventListener('toggle', onToggle);
  }, []);

  const close = () => {
    const el = drawer.current;
    if (!el || !isOpen(el)) return;
    setOpen(el, false);
    if (!supportsPopover(el)) button.current?.focus();
  };

  /** Popover browsers toggle the drawer natively (popovertarget); the others get it done here. */
  const fallbackToggle = () => {
    const el = drawer.current;
    if (el && !supportsPopover(el)) setOpen(el, !isOpen(el));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      // The browser closes a popover on Escape itself; this covers the script-driven fallback.
      if (drawer.current && !supportsPopover(drawer.current)) close();
      return;
    }
    if (e.key !== 'Tab' || !drawer.current) return;
    const items = focusables(drawer.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={MOBILE_MENU_ID}
        onClick={fallbackToggle}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-300 md:hidden"
        aria-label="Open menu"
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog: its keydown keeps Tab inside */}
      <div
        ref={drawer}
        id={MOBILE_MENU_ID}
        popover="auto"
        role="dialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        onKeyDown={onKeyDown}
        className="fixed inset-y-0 right-0 left-auto z-50 m-0 h-full max-h-none w-[85vw] max-w-sm flex-col border-0 bg-white p-6 text-ink-900 shadow-2xl backdrop:bg-ink-950/60 open:flex not-[[hidden]]:not-[[popover]]:flex md:hidden"
      >
        <div className="flex items-center justify-between">
          <h2 id={TITLE_ID} className="text-lg font-bold text-ink-900">
            Menu
          </h2>
          <button
            type="button"
            popoverTarget={MOBILE_MENU_ID}
            popoverTargetAction="hide"
            onClick={close}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Close"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-6">
          <ul className="grid gap-1">
            <NavItems
              pathname={pathname}
              onNavigate={close}
              className="block rounded-md px-3 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-brand-600"
              activeClassName="bg-brand-50 text-brand-800"
              idleClassName="text-ink-900 hover:bg-slate-100"
            />
          </ul>
          <Link to="/contact" onClick={close} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
            Get Started
          </Link>
        </nav>
      </div>
    </>
  );
}
