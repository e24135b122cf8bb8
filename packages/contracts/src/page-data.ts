/**
 * What a server-rendered page carries for the browser's start-up, named once: the API writes these
 * blocks and files, the shell's loader and main.tsx read them, the remotes' builds write the file.
 */

/** The JSON data blocks of a rendered page (`<script type="application/json" id="…">`). */
export const PAGE_DATA_IDS = {
  /** The remotes manifest the server rendered with, so the browser hydrates the same versions. */
  manifest: 'remotes-manifest',
  /** The dehydrated query cache of the server render. */
  ssrState: 'ssr-state',
  /** The route's own scripts (its remote's entry and its module's chunks), hinted with the shell's. */
  routePreloads: 'route-preloads',
  /** What the page's head needs that only the server knows (PageHeadContext), on every page. */
  head: 'page-head',
} as const;

/** PAGE_DATA_IDS.head: the public origin of absolute URLs, and whether the page is never indexed. */
export interface PageHeadContext {
  /** PUBLIC_URL: canonical, Open Graph and JSON-LD URLs use it, never the address the page came from. */
  origin: string;
  /** A staff preview of content: noindex whatever the item is. */
  noindex?: true;
}

/** The file a remote's browser build writes beside remoteEntry.js: which scripts each module needs. */
export const REMOTE_PRELOADS_FILE = 'preloads.json';

/** REMOTE_PRELOADS_FILE's content; paths relative to the remote's base URL (`assets/x.js`). */
export interface RemotePreloads {
  /** What remoteEntry.js imports as soon as it runs. */
  entry: string[];
  /** Per exposed module (`HomePage`): its chunk and every chunk it imports statically. */
  modules: Record<string, string[]>;
}
