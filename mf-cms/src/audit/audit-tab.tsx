import { useId, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import {
  AUDIT_TYPE_LABELS,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  StaffRoutes,
  auditActionLabel,
  auditTypeLabel,
  type AuditEvent,
  type ContentType,
  type StaffUser,
} from '@agency/contracts';
import { Link } from '@agency/ui/router';
import { Button, Card, Input, Select, Skeleton, buttonClasses } from '@agency/ui';
import { adminGet, adminKeys, asArray } from '../shared/admin-api';
import { EmptyState, LoadFailed, TabHeader } from '../shared/list-ui';
import { useDebouncedValue } from '../shared/list-filter';
import { addressSearch, type CmsAddress, type TabName } from '../shared/cms-address';

/** An audit time to the second, in the reader's zone: 'March 1, 2026 at 9:00:15 AM UTC'. */
const auditWhen = (value: string) => {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return at.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
};

const isContentType = (type: string | null): type is ContentType =>
  type !== null && (CONTENT_TYPE_NAMES as readonly string[]).includes(type);

/** The tab of the staff API's other areas, by the item type rows store. */
const AREA_TABS: Record<string, TabName> = {
  media: 'Media',
  upload: 'Media',
  resources: 'Media',
  leads: 'Leads',
  users: 'Staff',
  'site-settings': 'Settings',
  notifications: 'Settings',
  password: 'Settings',
  privacy: 'Settings',
  redirects: 'Redirects',
};

/**
 * Where a row's item is in the CMS: a content item opens in its editor; one moved to the Trash is in
 * the Trash tab; one deleted for good is nowhere; the other areas open their tab.
 */
export function auditItemAddress(e: AuditEvent): CmsAddress | null {
  if (e.action === 'trash.purge') return null;
  const trashed =
    e.action === 'content.delete' ||
    e.action === 'media.delete' ||
    e.summary.startsWith('Moved to the Trash');
  if (trashed) return { tab: 'Trash', item: null };
  if (isContentType(e.entityType)) {
    const tab = CONTENT_TYPES[e.entityType].tab as TabName;
    return { tab, item: e.entityId && /^\d+$/.test(e.entityId) ? e.entityId : null };
  }
  if (e.action.startsWith('release.')) return { tab: 'Releases', item: null };
  const tab = e.entityType ? AREA_TABS[e.entityType] : undefined;
  return tab ? { tab, item: null } : null;
}

/** The item of a row in words: its type as the CMS names it, its id and its summary. */
const itemText = (e: AuditEvent) =>
  `${[auditTypeLabel(e.entityType), e.entityId ? `#${e.entityId}` : ''].filter(Boolean).join(' ')}${
    e.summary ? `: ${e.summary}` : ''
  }`;

/** The names the type filter offers (it takes any of them, or the code). */
const TYPE_NAMES = [...new Set(Object.values(AUDIT_TYPE_LABELS))].sort();

/** Rows the Audit tab loads at a time. */
const AUDIT_PAGE_SIZE = 100;

/** Audit (admins): who did what, newest first, by person and by item, and as a CSV download. */
export function AuditTab() {
  const id = useId();
  const [actor, setActor] = useState('');
  const [type, setType] = useState('');
  const [itemId, setItemId] = useState('');
  // Typed filters ask the server once per pause (the actor is a choice: at once).
  const typedType = useDebouncedValue(type.trim());
  const typedId = useDebouncedValue(itemId.trim());
  const params = new URLSearchParams();
  if (actor) params.set('actor', actor);
  if (typedType) params.set('type', typedType);
  if (typedId) params.set('id', typedId);
  const query = params.toString() ? `?${params.toString()}` : '';
  // A page at a time, newest first; "Show older" asks for the rows before the last one shown.
  const events = useInfiniteQuery({
    queryKey: [...adminKeys.all, 'audit', query],
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(params);
      page.set('limit', String(AUDIT_PAGE_SIZE));
      if (pageParam) page.set('before', String(pageParam));
      return adminGet<unknown>(`${StaffRoutes.audit}?${page.toString()}`);
    },
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const rows = asArray<AuditEvent>(last);
      return rows.length >= AUDIT_PAGE_SIZE ? rows[rows.length - 1]?.id : undefined;
    },
    select: (d) => d.pages.flatMap((page) => asArray<AuditEvent>(page)),
    // The rows stay while the next filter's answer comes, instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
  });
  const users = useQuery({
    queryKey: [...adminKeys.all, 'users'],
    queryFn: () => adminGet<unknown>(StaffRoutes.users),
    select: (d) => asArray<StaffUser>(d),
  });

  return (
    <section aria-label="Audit">
      <TabHeader title="Audit" description="Sign-ins, changes and releases: who did what, newest first." />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-actor`} className="mb-1 block text-sm font-medium text-ink-900">
            Person
          </label>
          <Select id={`${id}-actor`} value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">Everyone</option>
            <option value="owner">Owner (shared password)</option>
            {(users.data ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-medium text-ink-900">
            Item type
          </label>
          <Input
            id={`${id}-type`}
            value={type}
            placeholder="Blog"
            list={`${id}-types`}
            onChange={(e) => setType(e.target.value)}
          />
          <datalist id={`${id}-types`}>
            {TYPE_NAMES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor={`${id}-item`} className="mb-1 block text-sm font-medium text-ink-900">
            Item id
          </label>
          <Input id={`${id}-item`} value={itemId} onChange={(e) => setItemId(e.target.value)} />
        </div>
        <a href={`${StaffRoutes.auditCsv}${query}`} className={buttonClasses('outline', 'md')} download>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      {events.isPending ? (
        <Skeleton className="h-32" />
      ) : events.isError ? (
        <LoadFailed what="The audit" onRetry={() => void events.refetch()} />
      ) : !events.data.length ? (
        <EmptyState>Nothing recorded for this filter.</EmptyState>
      ) : (
        <Card className="md:overflow-x-auto">
          {/* A table from md up; below, each row is a block with its own labels (no sideways scroll). */}
          <table className="block w-full text-left text-sm md:table" aria-label="Audit events">
            <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600 md:table-header-group">
              <tr>
                <th className="px-4 py-3">When</th>
                <th className="px-4 py-3">Who</th>
                <th className="px-4 py-3">What</th>
                <th className="px-4 py-3">Item</th>
                <th className="px-4 py-3">Address</th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-200 md:table-row-group">
              {events.data.map((e) => {
                const where = auditItemAddress(e);
                return (
                  <tr key={e.id} data-testid="audit-row" className="block px-4 py-3 md:table-row md:p-0">
                    <td className="block text-xs text-slate-600 md:table-cell md:whitespace-nowrap md:px-4 md:py-2 md:text-sm md:text-ink-900">
                      {auditWhen(e.at)}
                    </td>
                    <td className="block font-medium text-ink-900 md:table-cell md:px-4 md:py-2">
                      {e.actorName}
                    </td>
                    <td className="block md:table-cell md:px-4 md:py-2">{auditActionLabel(e)}</td>
                    <td className="block break-words md:table-cell md:px-4 md:py-2">
                      {where ? (
                        <Link
                          to={{ search: addressSearch(where) }}
                          className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
                        >
                          {itemText(e)}
                        </Link>
                      ) : (
                        itemText(e)
                      )}
                    </td>
                    <td className="block text-xs text-slate-600 md:table-cell md:px-4 md:py-2 md:text-sm">
                      {e.address ?? ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {events.hasNextPage ? (
            <div className="border-t border-slate-200 p-3 text-center">
              <Button
                variant="outline"
                disabled={events.isFetchingNextPage}
                onClick={() => void events.fetchNextPage()}
              >
                {events.isFetchingNextPage ? 'Loading older entries…' : 'Show older entries'}
              </Button>
            </div>
          ) : null}
        </Card>
      )}
    </section>
  );
}
