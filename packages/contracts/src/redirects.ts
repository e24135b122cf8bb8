import { z } from 'zod';

/**
 * Redirects (docs/cms.md): an old site address answering 301 with where its content lives now.
 * Recorded by the API when a public item's slug changes, added or imported by staff in the
 * Redirects tab.
 */
export const REDIRECTS_PATH = '/api/admin/redirects';

export const RedirectMessages = {
  from: 'Give the old address as a path on this site, like /blog/old-post',
  to: 'Give the new address as a path on this site (/blog/new-post) or a full http(s) address',
  same: 'The old and the new address are the same',
  loop: 'This redirect would make a loop: the new address already leads back to the old one',
  reserved: 'This address belongs to the server (the API, the CMS or site files) and cannot redirect',
  notFound: 'Redirect not found',
  csvEmpty: 'The CSV holds no redirects (expected a header "from,to" and one line per redirect)',
} as const;

export const redirectInputSchema = z
  .object({
    from: z.string().trim().min(1, RedirectMessages.from).max(500, RedirectMessages.from),
    to: z.string().trim().min(1, RedirectMessages.to).max(1000, RedirectMessages.to),
  })
  .strict();
export type RedirectInput = z.infer<typeof redirectInputSchema>;

/** POST /api/admin/redirects/import: the CSV file's text (columns `from,to`; others are ignored). */
export const redirectImportSchema = z
  .object({ csv: z.string().max(1_000_000, 'The CSV is larger than 1 MB') })
  .strict();

export interface Redirect {
  id: number;
  fromPath: string;
  toPath: string;
  source: 'slug' | 'manual' | 'import';
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
}

export interface RedirectImportResult {
  added: number;
  /** Lines not imported (1 is the header), with the reason. */
  refused: { line: number; from: string; to: string; message: string }[];
}
