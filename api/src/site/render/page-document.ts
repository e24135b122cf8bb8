/**
 * The page's HTML document: the built shell's index.html as a template, filled with the head, the
 * hints at the end of the head (stylesheets, page data, manifest, route scripts), the server-rendered
 * root, its dehydrated state and the banners.
 */
import { readFile, stat } from 'node:fs/promises';
import {
  PAGE_DATA_IDS,
  StaffMessages,
  type PageHeadContext,
  type RemoteOverrides,
  type RemotesManifest,
} from '@agency/contracts';
import { escapeHtml, safeJson } from '../seo/render-head';
import { previewBanner } from '../remote-preview';
import { contentPreviewBanner } from '../content-preview';
import { parseTemplate, type HtmlTemplate } from './html-document';

/** The built shell's index.html as a template, re-read when the shell is rebuilt. */
export function templateLoader(file: string) {
  let cached: { mtimeMs: number; template: HtmlTemplate } | undefined;
  /** The template, and its file's mtime: a shell rebuild rewrites it, so the stamp names the build. */
  return async (): Promise<{ mtimeMs: number; template: HtmlTemplate } | undefined> => {
    try {
      const s = await stat(file);
      if (!cached || cached.mtimeMs !== s.mtimeMs)
        cached = { mtimeMs: s.mtimeMs, template: parseTemplate(await readFile(file, 'utf8')) };
      return cached;
    } catch {
      return undefined;
    }
  };
}

const attr = (s: string) => escapeHtml(s);

/**
 * A browser-only app (the CMS) has nothing to server-render: without JavaScript it says so instead of
 * showing a blank page. Outside #root, which must stay empty for the loader to start the app at once.
 */
const appNeedsScript = () =>
  `<noscript><p role="alert" style="max-width:36rem;margin:8rem auto;padding:0 1rem;font:1.125rem/1.6 system-ui,sans-serif;text-align:center">${escapeHtml(StaffMessages.needsJavaScript)}</p></noscript>`;

/**
 * The end of the head: each server-rendered remote's stylesheet (no flash of unstyled content), what
 * the page's head needs from the server (PAGE_DATA_IDS.head: the public origin, a preview's noindex),
 * the current manifest inline (a JSON data block, which the CSP does not treat as script), so the
 * browser hydrates with the same versions the server used, and the route's own scripts (its remote's
 * entry), which the shell's loader hints together with the shell's chunks once the stylesheets are in
 * (packages/federation-config/defer-app-start.ts): no script competes with the first paint.
 */
function runtimeHints(
  headContext: PageHeadContext,
  manifest: RemotesManifest,
  stylesheets: string[],
  routeScripts: string[] = [],
) {
  return [
    ...stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}" />`),
    `<script type="application/json" id="${PAGE_DATA_IDS.head}">${safeJson(headContext)}</script>`,
    `<script type="application/json" id="${PAGE_DATA_IDS.manifest}">${safeJson(manifest)}</script>`,
    ...(routeScripts.length
      ? [
          `<script type="application/json" id="${PAGE_DATA_IDS.routePreloads}">${safeJson(routeScripts)}</script>`,
        ]
      : []),
  ]
    .map((t) => `    ${t}\n`)
    .join('');
}

/** What a page's document is made of (its head already rendered as HTML). */
export interface DocumentParts {
  head: string;
  headContext: PageHeadContext;
  manifest: RemotesManifest;
  /** The route's remote entry, when the page has a route. */
  routeEntry?: string | undefined;
  /** The server render, when there was one. */
  page?: { html: string; state: unknown; stylesheets: string[]; scripts: string[] } | undefined;
  /** The route is a browser-only app (the CMS). */
  app: boolean;
  preview?: RemoteOverrides | undefined;
  contentPreview: boolean;
}

/** The page's HTML: the template filled with the head, the hints, the root, its state and banners. */
export function pageDocument(template: HtmlTemplate, parts: DocumentParts): string {
  const { page } = parts;
  return template.render({
    head: parts.head,
    headEnd: runtimeHints(
      parts.headContext,
      parts.manifest,
      page?.stylesheets ?? [],
      [parts.routeEntry, ...(page?.scripts ?? [])].filter((e): e is string => Boolean(e)),
    ),
    root: page?.html ?? '',
    bodyEnd:
      (page
        ? `<script type="application/json" id="${PAGE_DATA_IDS.ssrState}">${safeJson(page.state)}</script>`
        : '') +
      (parts.app ? appNeedsScript() : '') +
      (parts.preview ? previewBanner(parts.preview) : '') +
      (parts.contentPreview ? contentPreviewBanner() : ''),
  });
}
