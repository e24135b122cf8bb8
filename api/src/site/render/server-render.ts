/**
 * One server render of a page: loads the shell's and the remotes' server builds (the versions asked),
 * calls the shell's render with the data reads it may make, reads the head it declared tolerantly,
 * and lists the stylesheets and scripts of what rendered. A region that failed is logged and counted
 * (renderFailed); a render that failed as a whole leaves the page to the browser.
 */
import type { Logger } from 'pino';
import {
  REMOTE_NAMES,
  type FormOutcome,
  type HeadSite,
  type PageHead,
  type PageHeadContext,
  type RemoteName,
  type RemoteOverrides,
  type RemotesManifest,
  type SiteRoute,
} from '@agency/contracts';
import type { Env } from '../../env';
import { isoTimestamps } from '../../http/iso-timestamps';
import type { ContentPreview } from '../content-preview';
import type { internalApi, RenderIdentity } from './internal-api';
import type { LoadedRemote, serverBuilds } from './server-builds';
import type { RemoteServerBuild, ShellRenderResult } from './server-build-contract';
import { RENDER_CAP_FACTOR } from './render-flight';

/** What a server render needs of the request it renders for: who its data's reads are for, its path (logs). */
export type RenderCaller = RenderIdentity & { path: string };

/** `value` when it has each named field of the named kind, else undefined: a build's answer read tolerantly. */
function withFields<T>(value: unknown, fields: Record<string, 'string' | 'array'>): T | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const ok = Object.entries(fields).every(([k, kind]) =>
    kind === 'array' ? Array.isArray(v[k]) : typeof v[k] === kind,
  );
  return ok ? (value as T) : undefined;
}

/**
 * The head a server render hands back, and the site facts it was built with: the shell's build is
 * loaded at run time, so a head without what every head has (an older or broken build) counts as
 * none, and the database's is used.
 */
function declaredHead(head: unknown): PageHead | undefined {
  const h = withFields<PageHead>(head, {
    title: 'string',
    description: 'string',
    path: 'string',
    jsonLd: 'array',
  });
  return h && (h.status === 200 || h.status === 404) ? h : undefined;
}
const declaredSite = (site: unknown) =>
  withFields<HeadSite>(site, {
    siteName: 'string',
    defaultMetaDescription: 'string',
    origin: 'string',
    socialLinks: 'array',
  });

const baseOf = (entry: string) => entry.slice(0, entry.lastIndexOf('/') + 1);

/** What one render is of and for. */
export interface RenderAsk {
  url: string;
  route: SiteRoute | undefined;
  manifest: RemotesManifest;
  versions: RemoteOverrides;
  headContext: PageHeadContext;
  /** Filled with the API paths the render read (the page's cache tags come from them). */
  apiPaths: string[];
  /** A content preview's answers by API path, instead of the stored ones. */
  answers?: ContentPreview['answers'] | undefined;
  /** The outcome of a form this browser just posted (its flash), or null. */
  formOutcome?: FormOutcome | null;
  /** Told what a render that threw threw (a preflight's check): nothing is counted as failed then. */
  seen?: { threw?: unknown };
}

export function serverRenderer(
  env: Env,
  log: Logger,
  builds: ReturnType<typeof serverBuilds>,
  api: ReturnType<typeof internalApi>,
  /** Counts a server render that failed for the remote whose region failed (site/canary-guard.ts). */
  renderFailed?: (remote: RemoteName, version: string) => void,
) {
  return async function serverRender(req: RenderCaller, ask: RenderAsk) {
    const { route, manifest, versions, apiPaths, answers, formOutcome = null, seen } = ask;
    const shell = await builds.shell();
    if (!shell) return undefined;
    const loaded = await Promise.all(REMOTE_NAMES.map((name) => builds.remote(name, versions)));
    const byName = new Map<RemoteName, LoadedRemote>();
    loaded.forEach((r, i) => r && byName.set(REMOTE_NAMES[i]!, r));
    const remotes: Partial<Record<RemoteName, RemoteServerBuild>> = {};
    for (const [name, r] of byName) remotes[name] = r.entry;
    let result: ShellRenderResult;
    try {
      result = await shell.render({
        url: ask.url,
        remotes,
        fetch: (url, init) => {
          apiPaths.push(url);
          // A content preview's item, as the API would answer it, instead of the stored one.
          const previewed = answers?.get(url.replace(/\?.*$/, ''));
          if (previewed !== undefined) {
            return Promise.resolve(
              new Response(JSON.stringify(previewed, isoTimestamps), {
                headers: { 'content-type': 'application/json; charset=utf-8' },
              }),
            );
          }
          return api(req)(url, init);
        },
        // Past SSR_BUDGET_MS a visitor with a stale copy gets that (renderPage); without one, the
        // render goes on up to the cap rather than sending the page without its text.
        budgetMs: env.SSR_BUDGET_MS * RENDER_CAP_FACTOR,
        head: ask.headContext,
        // The outcome of a form this browser just posted (or null), from the flash this render used
        // up: handed over as it is, not an API read, so it neither keeps nor tags the page.
        formOutcome,
        ...(manifest.routes ? { routes: manifest.routes } : {}),
      });
    } catch (err) {
      if (seen) seen.threw = err;
      // A visitor's render (not a preflight's) that failed counts against the route's remote.
      else if (route) renderFailed?.(route.remote, versions[route.remote] ?? 'local');
      log.error({ err, path: req.path }, 'server render failed; the page renders in the browser');
      return undefined;
    }
    for (const p of result.problems) {
      const failed = p.remote ?? route?.remote;
      if (!seen && failed && p.message.startsWith('render failed'))
        renderFailed?.(failed, versions[failed] ?? 'local');
      log.warn(
        {
          err: p.error,
          path: req.path,
          remote: p.remote,
          version: p.remote && byName.get(p.remote)?.version,
        },
        `server render: ${p.message}`,
      );
    }
    const stylesheets = result.rendered.flatMap((name) => {
      const r = byName.get(name);
      return r ? r.css.map((css) => baseOf(manifest.remotes[name].entry) + css) : [];
    });
    // The route's own page: the scripts its remote starts with and those its module needs.
    const own = route && byName.get(route.remote);
    const scripts = own
      ? [...new Set([...own.scripts.entry, ...(own.scripts.modules[route.module] ?? [])])].map(
          (file) => baseOf(manifest.remotes[route.remote].entry) + file,
        )
      : [];
    // Complete: every region rendered on the server, nothing went wrong on the way.
    const complete = result.problems.length === 0 && !result.leftToBrowser?.length;
    const head = declaredHead(result.head);
    const headSite = head && declaredSite(result.headSite);
    return { ...result, head: headSite && head, headSite, stylesheets, scripts, complete };
  };
}

export type ServerRender = ReturnType<typeof serverRenderer>;
