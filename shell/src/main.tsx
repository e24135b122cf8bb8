import { startTransition } from 'react';
import { createRoot, hydrateRoot, type ErrorInfo } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { hydrate } from '@tanstack/react-query';
import { REMOTE_FOLDERS, REMOTE_NAMES, type RemotesManifest } from '@agency/contracts/routes';
import './styles.css';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { AppProviders } from './app/app-providers';
import { PAGE_DATA_IDS, type PageHeadContext } from '@agency/contracts/page-data';
import type { SsrState } from './app/ssr-state';
import { matchRoute } from '@agency/contracts/site-routes';
import { SiteRoutesProvider, routesOf } from './app/site-routes-context';
import {
  CLIENT_ONLY_DIGEST,
  configureErrorReporting,
  configureRemoteLoader,
  preloadRemoteModule,
  reportUncaughtRemoteErrors,
} from '@agency/ui/remote-module';
import { recordVisitStart } from '@agency/ui';
import { loadRemoteModule, loadRemotesManifest, registerManifestRemotes } from './federation/remote-registry';

const PAGE_PRELOAD_WAIT_MS = 3000;

function readSsrState(): SsrState | undefined {
  const text = document.getElementById(PAGE_DATA_IDS.ssrState)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return undefined;
  }
}

/**
 * Regions the server left to the browser on purpose (a remote without a server build, the CMS) are
 * expected; anything else (a hydration mismatch) is a bug worth seeing in the console.
 */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  if ((error as { digest?: unknown } | null)?.digest === CLIENT_ONLY_DIGEST) return;
  console.error('[shell] recoverable error', error, info.componentStack);
}

/** What the page's head needs from the server; a page without the block (none today) uses this address. */
function readPageHeadContext(): PageHeadContext {
  try {
    const text = document.getElementById(PAGE_DATA_IDS.head)?.textContent;
    const context = text ? (JSON.parse(text) as Partial<PageHeadContext>) : {};
    return {
      origin: typeof context.origin === 'string' ? context.origin : window.location.origin,
      ...(context.noindex === true ? { noindex: true } : {}),
    };
  } catch {
    return { origin: window.location.origin };
  }
}

async function start() {
  let manifest: RemotesManifest;
  try {
    manifest = await loadRemotesManifest();
  } catch (err) {
    // Without a manifest, try the locally built remotes; each failing remote is contained by its boundary.
    console.error('[shell] remotes manifest unavailable', err);
    manifest = {
      remotes: Object.fromEntries(
        REMOTE_NAMES.map((n) => [n, { entry: `/remotes/${REMOTE_FOLDERS[n]}/remoteEntry.js` }]),
      ) as RemotesManifest['remotes'],
    };
  }
  registerManifestRemotes(manifest);
  configureRemoteLoader(loadRemoteModule);
  // A remote that fails in a visitor's browser is reported with its version (POST /api/client-errors).
  configureErrorReporting(manifest);
  reportUncaughtRemoteErrors();
  const queryClient = createQueryClient();
  const ssr = readSsrState();
  if (ssr) hydrate(queryClient, ssr.queries);
  // The route table the server composed from the remotes' current releases (the same it rendered with).
  const table = routesOf(manifest.routes);
  const app = (
    <AppProviders client={queryClient} head={readPageHeadContext()}>
      <SiteRoutesProvider value={table}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SiteRoutesProvider>
    </AppProviders>
  );
  const root = document.getElementById('root')!;
  if (!ssr || !root.firstElementChild) {
    createRoot(root).render(app);
    return;
  }
  // The route's own page is loaded first, so it hydrates with the header in one pass; a slow remote
  // only delays this up to PAGE_PRELOAD_WAIT_MS, after
  // which its region hydrates whenever its code arrives. Nested remotes below the fold hydrate later.
  const match = matchRoute(table, window.location.pathname);
  if (match) {
    await Promise.race([
      preloadRemoteModule(match.route.remote, match.route.module).catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, PAGE_PRELOAD_WAIT_MS)),
    ]);
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (no long task for a tap to wait behind), header first.
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError });
  });
}

// First, on every page: the tab's first page records how the visit began (its leads' source).
recordVisitStart();
void start();
