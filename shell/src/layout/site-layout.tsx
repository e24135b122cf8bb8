import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { LazyToaster } from './lazy-toaster';
import { Header } from './header';
import { Footer } from './footer';
import { SiteHeadScope } from '../app/head-scope';

/**
 * A new page starts at its top (or at its #anchor); back and forward keep the browser's own scroll
 * restoration. The first page load keeps whatever the browser did.
 */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, type]);
}

/** Wraps every route: the one toast viewport and scrolling on navigation. */
export function RootLayout() {
  useScrollOnNavigate();
  // Says the page is live (hydrated or rendered): for synthetic monitoring and the e2e suite.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <>
      <SiteHeadScope>
        <Outlet />
      </SiteHeadScope>
      <LazyToaster />
    </>
  );
}

/** Public pages: fixed header, page content, footer. */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
