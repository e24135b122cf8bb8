import { useId, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { StaffRoutes, type AuditEvent, type StaffUser } from '@agency/contracts';
import { Button, Card, Input, Select, Skeleton, buttonClasses } from '@agency/ui';
import { adminGet, adminKeys, asArray } from '../shared/admin-api';
import { EmptyState, LoadFailed, TabHeader } from '../shared/list-ui';
import { useDebouncedValue } from '../shared/list-filter';
import { formatDateTime } from '../shared/publishing';

const ACTION_LABELS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'content.create': 'Created',
  'content.update': 'Saved',
  'content.delete': 'Moved to the trash',
  'content.restore': 'Restored a revision',
  'content.bulk': 'Bulk action',
  'trash.restore': 'Restored from the trash',
  'trash.purge': 'Deleted for good',
  'media.upload': 'Uploaded',
  'media.update': 'Changed alt text',
  'media.delete': 'Deleted a file',
  'leads.handled': 'Marked leads',
  'leads.delete': 'Deleted leads',
  'leads.resend': 'Sent lead notifications again',
  'settings.update': 'Saved site settings',
  'password.change': 'Changed the shared password',
  'release.promote': 'Promoted a release',
  'release.rollback': 'Rolled back a release',
  'user.create': 'Created an account',
  'user.update': 'Changed an account',
  'user.link': 'Made a set-password link',
  'user.set-password': 'Set their password',
  'privacy.export': 'Exported a person’s data',
  'privacy.erase': 'Erased a person’s data',
  'redirect.create': 'Added a redirect',
  'redirect.delete': 'Deleted a redirect',
  'redirect.import': 'Imported redirects',
};

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
            placeholder="blog-posts"
            onChange={(e) => setType(e.target.value.trim())}
          />
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
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Audit events">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th className="px-4 py-3">When</th>
                <th className="px-4 py-3">Who</th>
                <th className="px-4 py-3">What</th>
                <th className="px-4 py-3">Item</th>
                <th className="px-4 py-3">Address</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {events.data.map((e) => (
                <tr key={e.id} data-testid="audit-row">
                  <td className="whitespace-nowrap px-4 py-2">{formatDateTime(e.at)}</td>
                  <td className="px-4 py-2 font-medium text-ink-900">{e.actorName}</td>
                  <td className="px-4 py-2">{ACTION_LABELS[e.action] ?? e.action}</td>
                  <td className="px-4 py-2">
                    {[e.entityType, e.entityId].filter(Boolean).join(' #')}
                    {e.summary ? `: ${e.summary}` : ''}
                  </td>
                  <td className="px-4 py-2 text-slate-600">{e.address ?? ''}</td>
                </tr>
              ))}
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
