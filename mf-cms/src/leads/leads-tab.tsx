import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import {
  AdminRoutes,
  type ContactLead,
  type LeadType,
  type NewsletterLead,
  type AdminResourceLead,
} from '@agency/contracts';
import { Card, Input, Skeleton, buttonClasses, cn, formatDate } from '@agency/ui';
import { adminGet, adminKeys, asArray } from '../shared/admin-api';
import { EmptyState, LoadFailed, TabHeader } from '../shared/list-ui';

const TYPES: { value: LeadType; label: string }[] = [
  { value: 'contacts', label: 'Contact Requests' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'resources', label: 'Resource Leads' },
];

type Column = { label: string; cell: (row: Record<string, unknown>) => string };
const date = (r: Record<string, unknown>) => formatDate(String(r.createdAt));
const COLUMNS: Record<LeadType, Column[]> = {
  contacts: [
    { label: 'Received', cell: date },
    {
      label: 'Name',
      cell: (r) =>
        `${String((r as unknown as ContactLead).firstName)} ${String((r as unknown as ContactLead).lastName)}`,
    },
    { label: 'Email', cell: (r) => String(r.email) },
    { label: 'Company', cell: (r) => String(r.company) },
    { label: 'Budget', cell: (r) => String(r.budget) },
    { label: 'Goals', cell: (r) => String(r.goals) },
  ],
  newsletter: [
    { label: 'Subscribed', cell: date },
    { label: 'Email', cell: (r) => String((r as unknown as NewsletterLead).email) },
  ],
  resources: [
    { label: 'Received', cell: date },
    { label: 'Name', cell: (r) => String((r as unknown as AdminResourceLead).name) },
    { label: 'Email', cell: (r) => String(r.email) },
    { label: 'Resource', cell: (r) => String(r.resourceTitle) },
  ],
};

export function LeadsTab() {
  const id = useId();
  const [type, setType] = useState<LeadType>('contacts');
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(t);
  }, [input]);

  const params = new URLSearchParams({ type });
  if (q) params.set('q', q);
  const leads = useQuery({
    queryKey: adminKeys.leads(type, q),
    queryFn: () => adminGet<unknown>(`${AdminRoutes.leads}?${params.toString()}`),
    select: (d) => asArray<Record<string, unknown>>(d),
    staleTime: 0,
  });
  const rows = leads.data ?? [];
  const columns = COLUMNS[type];

  return (
    <div>
      <TabHeader
        title="Leads"
        description="Contact requests, newsletter subscribers and gated-resource leads, newest first."
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div
          role="radiogroup"
          aria-label="Lead type"
          className="inline-flex rounded-lg border border-slate-300 bg-white p-1"
        >
          {TYPES.map((t) => (
            <button
              key={t.value}
              type="button"
              role="radio"
              aria-checked={type === t.value}
              onClick={() => setType(t.value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                type === t.value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="relative min-w-[16rem] flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search leads
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-3.5 h-4 w-4 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Search by name, e-mail, company..."
            value={input}
            onChange={(e) => setInput(e.target.value)}
            className="pl-9"
          />
        </div>
        <a
          href={`${AdminRoutes.leadsCsv}?${params.toString()}`}
          download
          className={buttonClasses('outline')}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      {leads.isPending ? (
        <Skeleton className="h-40" />
      ) : leads.isError ? (
        <LoadFailed what="Leads" onRetry={() => void leads.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{q ? 'No leads match your search.' : 'No leads yet.'}</EmptyState>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{TYPES.find((t) => t.value === type)?.label}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className="px-4 py-3 font-semibold">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={String(row.id)}>
                  {columns.map((c) => (
                    <td
                      key={c.label}
                      className="max-w-xs truncate px-4 py-3 text-ink-900"
                      title={c.cell(row)}
                    >
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600">{rows.length} shown</p>
        </Card>
      )}
    </div>
  );
}
