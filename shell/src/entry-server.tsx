/**
 * The shell's server build: renders one page (shell + the remotes' server builds) to HTML with the
 * data it shows, for the Express server (api/src/site/render). Runs in Node only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { RemoteName } from '@agency/contracts/routes';
import { matchRoute, type SiteRoute } from '@agency/contracts/site-routes';
import { SiteRoutesProvider, routesOf } from './app/site-routes-context';
import { formOutcomeQueryOptions, servicesQueryOptions, siteSettingsQueryOptions } from '@agency/ui';
import { setApiTransport } from '@agency/ui/api-client';
import { CLIENT_ONLY_DIGEST, RemoteRenderScopeProvider } from '@agency/ui/remote-module';
import type { RemoteServerEntry } from '@agency/ui/server-entry';
import { AppProviders } from './app/app-providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import type { SsrState } from './app/ssr-state';
import type { HeadSite, PageHead } from '@agency/contracts/page-head';
import type { PageHeadContext } from '@agency/contracts/page-data';
import type { FormOutcome } from '@agency/contracts/form-posts';

export { sharedSingletons } from '@agency/ui/singletons';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

// The query functions call the API through @agency/ui's transport; each render answers them with
// its own request's fetch (cookies included), whatever else is rendering at the same time.
const requestFetch = new AsyncLocalStorage<Fetch>();
setApiTransport((url, init) => {
  const f = requestFetch.getStore();
  return f ? f(url, init) : Promise.reject(new Error(`No request in scope for ${url}`));
});

export interface RenderRequest {
  /** Path and query string of the page. */
  url: string;
  /** The server builds that loaded, by remote; a missing one is rendered in the browser. */
  remotes: Partial<Record<RemoteName, RemoteServerEntry>>;
  /** Answers the page's API calls (in process, with the visitor's cookies). */
  fetch: Fetch;
  /** Data and render together must finish within this; what does not is left to the browser. */
  budgetMs: number;
  /** The public origin of the page's absolute URLs, and a preview's noindex. */
  head: PageHeadContext;
  /** The route table composed from the remotes' releases (api site-table.ts); absent: the built-in one. */
  routes?: readonly SiteRoute[];
  /** The outcome of a form this browser just posted without JavaScript (its flash), or null. */
  formOutcome?: FormOutcome | null;
}

export interface RenderResult {
  /** Inner HTML of `#root`. */
  html: string;
  state: SsrState;
  /** Remotes whose HTML is in the page (their stylesheets belong in the head). */
  rendered: RemoteName[];
  /** Modules left to the browser (no server build for them): the page is not complete. */
  leftToBrowser: string[];
  /** What went wrong on the way; the page is still whole (those regions render in the browser). */
  problems: { remote?: RemoteName; message: string; error?: unknown }[];
  /**
   * The head the page declared (with its status) and the site facts it was built with; none when its
   * page did not render here, or a region failed to (rendered again in the browser, it could not take
   * the server's tags over).
   */
  head?: PageHead;
  headSite?: HeadSite;
}

const settle = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => 'done' as const,
      () => 'done' as const,
    ),
    new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.max(0, ms)).unref()),
  ]);

async function prefetchPage(
  client: QueryClient,
  match: ReturnType<typeof matchRoute>,
  remotes: RenderRequest['remotes'],
  problems: RenderResult['problems'],
  deadline: number,
) {
  // The layout's own data: site settings, and the footer's service links (pages inside the site layout).
  const shellData = Promise.all([
    client.prefetchQuery(siteSettingsQueryOptions),
    match?.route.layout === 'bare' ? undefined : client.prefetchQuery(servicesQueryOptions),
  ]);
  const page = match && remotes[match.route.remote]?.prefetch?.[match.route.module];
  const pageData = page ? Promise.resolve().then(() => page(client, match.params)) : Promise.resolve();
  // Both are awaited up to the deadline; only the page's own data decides whether its region is
  // rendered here (late layout data leaves the layout on its defaults, as in the browser).
  const [pageOutcome, shellOutcome] = await Promise.all([
    settle(pageData, deadline - Date.now()),
    settle(shellData, deadline - Date.now()),
  ]);
  if (pageOutcome === 'late' && match) {
    // Data slower than the budget: this remote's region is rendered in the browser instead.
    problems.push({ remote: match.route.remote, message: 'data exceeded the render budget' });
    delete remotes[match.route.remote];
  }
  if (shellOutcome === 'late') problems.push({ message: 'layout data exceeded the render budget' });
  // prefetchQuery never throws: a failed read is a query in error state. The page still renders
  // (with that section's error state, as in the browser), but it is a problem, so it is not kept in
  // the page cache for everyone. A 404 is the answer, not a failure (the page says so).
  for (const query of client.getQueryCache().getAll()) {
    const { status, error } = query.state;
    if (status === 'error' && (error as { status?: unknown } | null)?.status !== 404) {
      problems.push({ message: `data failed: ${JSON.stringify(query.queryKey)}`, error });
    }
  }
}

/** A region that failed or ran out of time is rendered again in the browser. */
const REGION_FAILED = ['render failed; the region renders in the browser', 'render exceeded the budget'];

function renderToHtml(element: React.ReactElement, timeoutMs: number, problems: RenderResult['problems']) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Everything is complete before the first byte is written: no streamed boundary needs an
      // inline script (the CSP allows none), and the cache stores whole pages.
      onAllReady: () => stream.pipe(sink),
      // Complete boundaries stay inline: none is outlined into a later chunk that needs a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError(error, info) {
        const digest = (error as { digest?: unknown } | null)?.digest;
        if (digest === CLIENT_ONLY_DIGEST) return CLIENT_ONLY_DIGEST;
        problems.push({ message: REGION_FAILED[0]!, error, ...info });
        return 'server-render-error';
      },
    });
    const timer = setTimeout(
      () => {
        problems.push({ message: REGION_FAILED[1]! });
        stream.abort(new Error('render budget exceeded'));
      },
      Math.max(1, timeoutMs),
    );
    sink.on('finish', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  const deadline = Date.now() + req.budgetMs;
  const problems: RenderResult['problems'] = [];
  const remotes = { ...req.remotes };
  const client = createQueryClient();
  // A form this visitor posted without JavaScript: its outcome (or null), for every page's forms,
  // dehydrated with the page's data (the browser drops it once shown: useFormOutcome).
  client.setQueryData(formOutcomeQueryOptions.queryKey, req.formOutcome ?? null);
  // The page's route, once: its data, and whose region a query left loading fails.
  const match = matchRoute(routesOf(req.routes), new URL(req.url, 'http://localhost').pathname);
  await requestFetch.run(req.fetch, () => prefetchPage(client, match, remotes, problems, deadline));

  const rendered = new Set<RemoteName>();
  const leftToBrowser = new Set<string>();
  const scope = {
    resolve: (remote: RemoteName, module: string) => remotes[remote]?.modules[module],
    rendered,
    leftToBrowser,
  };
  let declared: { head: PageHead; site: HeadSite } | undefined;
  const collect = (head: PageHead, site: HeadSite) => {
    declared = { head, site };
  };
  const html = await renderToHtml(
    <AppProviders client={client} head={{ ...req.head, collect }}>
      <RemoteRenderScopeProvider value={scope}>
        <SiteRoutesProvider value={routesOf(req.routes)}>
          <StaticRouter location={req.url}>
            <AppRoutes />
          </StaticRouter>
        </SiteRoutesProvider>
      </RemoteRenderScopeProvider>
    </AppProviders>,
    deadline - Date.now(),
    problems,
  );
  // A query still loading once the render ended: the page rendered its loading state (its data loader
  // missed it), which must never pass for a complete page. It counts as a failed region of the route's
  // remote: the page is not kept, its head is the database's, and a preflight or canary sees it.
  const stillLoading = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && (q.options as { enabled?: unknown }).enabled !== false);
  if (stillLoading.length) {
    problems.push({
      ...(match ? { remote: match.route.remote } : {}),
      message: `${REGION_FAILED[0]!}: data still loading when the render ended ${stillLoading.map((q) => JSON.stringify(q.queryKey)).join(', ')}`,
    });
  }
  const queries = dehydrate(client, {
    // Errors too (a missing post renders 'Article Not Found' from the server, and the browser agrees).
    shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error',
  });
  client.clear();
  const regionFailed = problems.some((p) => REGION_FAILED.some((m) => p.message.startsWith(m)));
  return {
    html,
    state: { queries },
    rendered: [...rendered],
    leftToBrowser: [...leftToBrowser],
    problems,
    ...(declared && !regionFailed ? { head: declared.head, headSite: declared.site } : {}),
  };
}
