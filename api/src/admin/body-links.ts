import type { AppContext } from '../app-context';
import type { SiteTable } from '../releases/site-table';
import { sitePathExists } from './content-block-checks';

/**
 * The site addresses a body links to: `href="/…"` (HTML, and HTML inside markdown) and `](/…)`
 * (markdown links and images are told apart: an image is a file, not a page). Protocol-relative
 * (`//host`) and uploaded files (`/uploads/…`) are not pages; each address is named once.
 */
export function internalLinksIn(body: string): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(
    /href\s*=\s*["'](\/[^"'\s>]*)["']|(?<!!)\[[^\]]*\]\((\/[^)\s]*)(?:\s+"[^"]*")?\)/g,
  )) {
    const href = (m[1] ?? m[2])!.replace(/&amp;/g, '&');
    if (href.startsWith('//') || href.startsWith('/uploads/')) continue;
    found.add(href);
  }
  return [...found];
}

/**
 * The internal links of `bodies` that lead to no page visitors can see (a route of the live table,
 * or a published item of a one-slug route: the hero's rule, content-block-checks.ts). A save is not
 * refused for them (a page may be published later, in that order): the answer names them.
 */
export async function deadLinksIn(
  app: Pick<AppContext, 'db' | 'clock'>,
  bodies: readonly string[],
  site: SiteTable,
): Promise<string[]> {
  const links = [...new Set(bodies.flatMap(internalLinksIn))];
  const alive = await Promise.all(links.map((href) => sitePathExists(app, href, site)));
  return links.filter((_, i) => !alive[i]);
}
