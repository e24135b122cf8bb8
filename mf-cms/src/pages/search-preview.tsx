import { cn } from '@agency/ui';

/** What search results show of a title and a description before they cut it off. */
export const SEARCH_LIMITS = { metaTitle: 60, metaDescription: 160 } as const;

/**
 * "42 / 60": the length against what search results show; past it the count says so. It does not
 * say "characters": the page's one character count is the content editor's (spec).
 */
export function CharacterCount({
  id,
  length,
  limit,
  over: consequence = 'search results cut the rest off',
}: {
  id: string;
  length: number;
  limit: number;
  /** What happens past the limit. */
  over?: string;
}) {
  const over = length > limit;
  return (
    <p id={id} className={cn('mt-1 text-xs', over ? 'font-medium text-amber-800' : 'text-slate-600')}>
      {length} / {limit}
      {over ? `: ${consequence}` : ''}
    </p>
  );
}

const cut = (text: string, limit: number) =>
  text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;

/** A search result as the page would appear in one. */
export function SearchPreview({
  title,
  description,
  path,
}: {
  title: string;
  description: string;
  path: string;
}) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <section aria-label="Search result preview" className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Search result preview</p>
      <p className="mt-2 truncate text-sm text-slate-600">
        {origin}
        {path}
      </p>
      <p className="mt-0.5 text-lg leading-snug text-[#1a0dab]">
        {cut(title, SEARCH_LIMITS.metaTitle) || 'Page title'}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {description
          ? cut(description, SEARCH_LIMITS.metaDescription)
          : 'The site’s default description is shown.'}
      </p>
    </section>
  );
}
