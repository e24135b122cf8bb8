import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '@agency/ui';
import { NavItems } from './nav-items';
import { MobileMenu } from './mobile-menu';
import { Wordmark } from './wordmark';

export function Header() {
  const { pathname } = useLocation();

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
            <NavItems
              pathname={pathname}
              className="rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-300"
              activeClassName="bg-white/10 text-white"
              idleClassName="text-slate-300 hover:text-white"
            />
          </ul>
        </nav>
        <div className="hidden md:block">
          <Link to="/contact" className={buttonClasses('primary', 'sm')}>
            Get Started
          </Link>
        </div>
        <MobileMenu pathname={pathname} />
      </div>
    </header>
  );
}
