import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from '@agency/ui/toaster';
import { Header } from './header';
import { Footer } from './footer';
import { useDocumentMeta } from '../app/use-document-meta';

/** Wraps every route: the one toast viewport and scroll restoration. */
export function RootLayout() {
  useDocumentMeta();
  return (
    <>
      <Outlet />
      <Toaster />
      <ScrollRestoration />
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
