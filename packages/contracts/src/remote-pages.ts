import { z } from 'zod';
import type { RemotePage } from './site-routes';

/** A path pattern: `/`, or `/`-separated lowercase segments and `:param`s. */
const PATH_PATTERN = /^\/$|^(\/(:[a-zA-Z][a-zA-Z0-9]*|[a-z0-9][a-z0-9._-]*))+$/;

const RemotePageSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  path: z.string().max(200).regex(PATH_PATTERN),
  module: z.string().regex(/^[A-Z][A-Za-z0-9]{0,63}$/),
  kind: z.enum(['static', 'service', 'case-study', 'blog-post', 'cms-page', 'app']),
  layout: z.enum(['site', 'bare']),
  head: z
    .object({
      title: z.string().min(1).max(200),
      description: z.string().max(500).optional(),
      noindex: z.boolean().optional(),
    })
    .optional(),
  inSitemap: z.boolean().optional(),
  label: z.string().min(1).max(60).optional(),
  feed: z.string().regex(PATH_PATTERN).optional(),
  nav: z.object({ header: z.number().int().optional(), footer: z.number().int().optional() }).optional(),
  movedFrom: z.array(z.string().max(200).regex(PATH_PATTERN)).max(20).optional(),
});

/**
 * Reads a release's `pages.json` tolerantly: the pages that are valid, each problem named (a page
 * that does not parse is left out, the others still serve); undefined when the file is not a list of
 * pages at all (the release then serves the pages its remote had before pages.json).
 */
export function readRemotePages(text: string): { pages: RemotePage[]; problems: string[] } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const list = (json as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(list)) return undefined;
  const pages: RemotePage[] = [];
  const problems: string[] = [];
  for (const [i, item] of list.entries()) {
    const parsed = RemotePageSchema.safeParse(item);
    if (parsed.success) pages.push(parsed.data as RemotePage);
    else
      problems.push(
        `page ${i} (${String((item as { path?: unknown } | null)?.path)}): ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`,
      );
  }
  return { pages, problems };
}
