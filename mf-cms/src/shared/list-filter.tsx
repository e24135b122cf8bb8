import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { publishState, type PublishState } from '@agency/contracts';
import { Input, Select } from '@agency/ui';

/** How a content tab reads its rows for search, the status filter and sorting. */
export interface ListFilterConfig<T> {
  /** What the search looks in (title, slug, author, ...). */
  text: (row: T) => string;
  /** The name sorted by A–Z. */
  name: (row: T) => string;
  /** The status choices: labels of published and draft (and scheduled, for dated types). */
  states: Partial<Record<PublishState, string>>;
}

/** `value` once it has stayed put for `ms`: a server-side search asks once per pause, not per key. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** A search of a list in the browser: true when every word of `query` is in `text` (any case). */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = text.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => haystack.includes(w));
}

/** The states of items with a publish date (pages, blog posts), as PublishBadge names them. */
export const DATED_STATES = { published: 'Published', scheduled: 'Scheduled', draft: 'Draft' } as const;

const SORTS = {
  list: 'List order',
  updated: 'Last updated',
  name: 'Name (A–Z)',
} as const;
type Sort = keyof typeof SORTS;

type Listed = { published?: unknown; publishedAt?: unknown; updatedAt?: unknown };

/** A row's state as the badges show it: Scheduled only for types that have publish dates. */
const stateOf = (row: Listed, dated: boolean): PublishState =>
  publishState({
    published: Boolean(row.published),
    publishedAt: dated && typeof row.publishedAt === 'string' ? row.publishedAt : null,
  });

/**
 * Search, status filter and sort of a fully loaded list, in the browser: answers the rows to show and
 * the controls above the list.
 */
export function useListFilter<T extends object>(rows: readonly T[], config: ListFilterConfig<T>) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<PublishState | 'all'>('all');
  const [sort, setSort] = useState<Sort>('list');
  const dated = 'scheduled' in config.states;
  const shown = useMemo(() => {
    const kept = rows.filter(
      (r) =>
        (status === 'all' || stateOf(r as Listed, dated) === status) && matchesSearch(config.text(r), query),
    );
    if (sort === 'name') return kept.sort((a, b) => config.name(a).localeCompare(config.name(b)));
    if (sort === 'updated') {
      const time = (r: T) => {
        const at = (r as Listed).updatedAt;
        return typeof at === 'string' ? Date.parse(at) || 0 : 0;
      };
      return kept.sort((a, b) => time(b) - time(a));
    }
    return kept;
  }, [rows, query, status, sort, dated, config]);

  const controls = (
    <FilterBar
      search={query}
      onSearch={setQuery}
      status={status}
      onStatus={(v) => setStatus(v as PublishState | 'all')}
      statuses={[['all', 'All'], ...(Object.entries(config.states) as [PublishState, string][])]}
      sort={{ value: sort, onChange: (v) => setSort(v as Sort), options: Object.entries(SORTS) }}
    />
  );
  return { shown, controls, filtering: query.trim() !== '' || status !== 'all' };
}

/** What a filtered list says when nothing matches. */
export function NoMatches({ children = 'No items match the search and status.' }: { children?: ReactNode }) {
  return (
    <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

type Choices = readonly (readonly [value: string, label: string])[];

/**
 * The controls above a list: search, status and (for lists sorted in the browser) sort, with a
 * list's own controls before or after them. The values live with the list (in the browser, or sent
 * to the server as the leads do).
 */
export function FilterBar({
  search,
  onSearch,
  searchLabel = 'Search',
  placeholder,
  status,
  onStatus,
  statuses,
  sort,
  before,
  after,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel?: string;
  placeholder?: string;
  status: string;
  onStatus: (value: string) => void;
  statuses: Choices;
  sort?: { value: string; onChange: (value: string) => void; options: Choices };
  before?: ReactNode;
  after?: ReactNode;
}) {
  const id = useId();
  const select = (
    name: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: Choices,
  ) => (
    <label className="text-sm font-medium text-ink-900" htmlFor={`${id}-${name}`}>
      {label}
      <Select id={`${id}-${name}`} className="mt-1" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </Select>
    </label>
  );
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" role="search">
      {before}
      <label className="min-w-[12rem] flex-1 text-sm font-medium text-ink-900" htmlFor={`${id}-q`}>
        {searchLabel}
        <Input
          id={`${id}-q`}
          type="search"
          className="mt-1"
          placeholder={placeholder}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </label>
      {select('status', 'Status', status, onStatus, statuses)}
      {sort ? select('sort', 'Sort by', sort.value, sort.onChange, sort.options) : null}
      {after}
    </div>
  );
}
