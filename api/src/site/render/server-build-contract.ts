/**
 * What the server expects of the front ends' server builds. Structural on purpose: the API imports
 * no front-end code, it loads the built files at run time (see server-builds.ts).
 */
export type RemoteName = import('@agency/contracts').RemoteName;
type PageHeadContext = import('@agency/contracts').PageHeadContext;

export interface RemoteServerBuild {
  modules: Record<string, unknown>;
  /** The shared singletons as the build imports them: must be the host's own (compared by identity). */
  sharedSingletons?: Record<string, object>;
  prefetch?: Record<string, (client: unknown, params: Record<string, string>) => Promise<unknown>>;
}

export interface ShellRenderRequest {
  url: string;
  remotes: Partial<Record<RemoteName, RemoteServerBuild>>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  budgetMs: number;
  /** What the page's head needs from the server: the public origin, a preview's noindex. */
  head: PageHeadContext;
  /** The route table of the request's versions (site-table.ts); older shell builds ignore it. */
  routes?: readonly import('@agency/contracts').SiteRoute[];
  /** The outcome of a form this browser just posted without JavaScript (its flash), or null. */
  formOutcome?: import('@agency/contracts').FormOutcome | null;
}

export interface ShellRenderResult {
  html: string;
  state: unknown;
  rendered: RemoteName[];
  /** Modules left to the browser (`remote/module`), whose builds were not available. */
  leftToBrowser?: string[];
  problems: { remote?: RemoteName; message: string; error?: unknown }[];
  /** The head the page declared while rendering, and the site facts it used (older shell builds: none). */
  head?: unknown;
  headSite?: unknown;
}

export interface ShellServerBuild {
  render(req: ShellRenderRequest): Promise<ShellRenderResult>;
  sharedSingletons?: Record<string, object>;
}

/**
 * The singletons a remote's server build does not share with the shell's (a second copy bundled in,
 * or one missing): empty when the build can render in this process.
 */
export function unsharedSingletons(shell: ShellServerBuild, remote: RemoteServerBuild): string[] {
  const host = shell.sharedSingletons ?? {};
  const own = remote.sharedSingletons ?? {};
  return Object.keys(host).filter((name) => own[name] !== host[name]);
}
