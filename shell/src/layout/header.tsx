import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { buttonClasses, cn } from '@agency/ui';
import { NAV_LINKS, isNavLinkActive } from './nav-links';
import { Wordmark } from './wordmark';

export function Header() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-white/10 bg-ink-950/95 backdrop-blur supports-[backdrop-filter]:bg-ink-950/80">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-ink-900 focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Wordmark />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => {
              const active = isNavLinkActive(link.href, pathname);
              return (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    aria-current={active ? 'page' : undefined}
                    data-active={active || undefined}
                    className={cn(
                      'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-300',
                      active ? 'bg-white/10 text-white' : 'text-slate-300 hover:text-white',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="hidden md:block">
          <Link to="/contact" className={buttonClasses('primary', 'sm')}>
            Get Started
          </Link>
        </div>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand-300 md:hidden"
            aria-label="Open menu"
          >
            <Menu className="h-6 w-6" aria-hidden="true" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60 md:hidden" />
            <Dialog.Content
              className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white p-6 shadow-2xl data-[state=open]:animate-[drawer-in_200ms_ease-out] md:hidden"
              aria-describedby={undefined}
            >
              <div className="flex items-center justify-between">
                <Dialog.Title className="text-lg font-bold text-ink-900">Menu</Dialog.Title>
                <Dialog.Close
                  className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  aria-label="Close"
                >
                  <X className="h-6 w-6" aria-hidden="true" />
                </Dialog.Close>
              </div>
              <nav aria-label="Mobile" className="mt-6">
                <ul className="grid gap-1">
                  {NAV_LINKS.map((link) => {
                    const active = isNavLinkActive(link.href, pathname);
                    return (
                      <li key={link.href}>
                        <Link
                          to={link.href}
                          onClick={close}
                          aria-current={active ? 'page' : undefined}
                          data-active={active || undefined}
                          className={cn(
                            'block rounded-md px-3 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                            active ? 'bg-brand-50 text-brand-800' : 'text-ink-900 hover:bg-slate-100',
                          )}
                        >
                          {link.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
                <Link to="/contact" onClick={close} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
                  Get Started
                </Link>
              </nav>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </header>
  );
}
