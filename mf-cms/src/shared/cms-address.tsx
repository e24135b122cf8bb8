import { CONTENT_TYPES, CONTENT_TYPE_NAMES, type ContentType } from '@agency/contracts';
import { createContext, useContext, useState } from 'react';

type ContentTab = (typeof CONTENT_TYPES)[ContentType]['tab'];
/** One tab per content type of the registry (packages/contracts), in its order. */
const CONTENT_TABS = CONTENT_TYPE_NAMES.map((type) => CONTENT_TYPES[type].tab) as ContentTab[];

/** The CMS's tabs, in the order of the tab strip. */
export const TABS = [
  'Overview',
  ...CONTENT_TABS,
  'Media',
  'Leads',
  'Releases',
  'Redirects',
  'Trash',
  'Staff',
  'Audit',
  'Settings',
] as const;
export type TabName = (typeof TABS)[number];

/** The content type a tab lists, if it is a content tab. */
export const contentTypeOfTab = (name: TabName) =>
  CONTENT_TYPE_NAMES.find((type) => CONTENT_TYPES[type].tab === name);

/**
 * Where the CMS is: a tab and, in a content tab, the item open in its editor ('new', or the item's
 * id). The address bar holds it as `/cms?tab=blog&item=12`, so a link, Back and a reload land on it.
 */
export interface CmsAddress {
  tab: TabName;
  item: string | null;
}

/** 'Case Studies' → 'case-studies'. */
const tabSlug = (tab: TabName) => tab.toLowerCase().replace(/ /g, '-');

/** The address a URL's query names; an unknown tab, or one this role does not see, is the Overview. */
export function addressFrom(search: URLSearchParams, visible: readonly TabName[]): CmsAddress {
  const slug = search.get('tab');
  const tab = visible.find((t) => tabSlug(t) === slug) ?? 'Overview';
  const item = search.get('item');
  return { tab, item: tab !== 'Overview' && item && /^(new|\d+)$/.test(item) ? item : null };
}

/** A tab the URL names that this role may not see (a link an admin shared with an editor), or undefined. */
export function hiddenTabOf(search: URLSearchParams, visible: readonly TabName[]): TabName | undefined {
  const slug = search.get('tab');
  return TABS.find((t) => tabSlug(t) === slug && !visible.includes(t));
}

/** The query of an address ('' for the Overview, so /cms stays /cms). */
export function addressSearch({ tab, item }: CmsAddress): string {
  if (tab === 'Overview') return '';
  const params = new URLSearchParams({ tab: tabSlug(tab) });
  if (item) params.set('item', item);
  return `?${params.toString()}`;
}

export const sameAddress = (a: CmsAddress, b: CmsAddress) => a.tab === b.tab && a.item === b.item;

/** The open item of a content tab and how to open or close one ('new', an id, or null). */
export interface OpenItem {
  item: string | null;
  setItem: (item: string | null) => void;
}

export const OpenItemContext = createContext<OpenItem | null>(null);

/**
 * The item a content tab shows in its editor: the CMS address's inside the dashboard; a tab rendered
 * on its own (a component test) keeps it in its own state.
 */
export function useOpenItem(): OpenItem {
  const address = useContext(OpenItemContext);
  const [item, setItem] = useState<string | null>(null);
  return address ?? { item, setItem };
}

/** The row an open item names, once the list holds it: 'new', the row, or null (none or not found). */
export function openRow<T extends { id: number }>(item: string | null, rows: readonly T[]): T | 'new' | null {
  if (item === 'new') return 'new';
  if (item === null) return null;
  return rows.find((r) => String(r.id) === item) ?? null;
}
