import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import {
  AdminRoutes,
  LEAD_STATUSES,
  type LeadStatus,
  type LeadType,
  type LeadsChangeResult,
} from '@agency/contracts';
import { Button, Card, Dialog, Input, Select, Skeleton, buttonClasses, cn, formatDate } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, adminSend, asArray, errorMessage } from '../shared/admin-api';
import { EmptyState, LoadFailed, TabHeader } from '../shared/list-ui';

const TYPES: { value: LeadType; label: string }[] = [
  { value: 'contacts', label: 'Contact Requests' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'resources', label: 'Resource Leads' },
];

type Row = Record<string, unknown>;
type Column = { label: string; cell: (row: Row) => string };
/** Rows are read tolerantly: a field an older API does not send shows as blank, not "undefined". */
const text = (value: unknown) => (value == null ? '' : String(value));
const field = (name: string) => (r: Row) => text(r[name]);
const date = (r: Row) => formatDate(text(r.createdAt));
const COLUMNS: Record<LeadType, Column[]> = {
  contacts: [
    { label: 'Received', cell: date },
    { label: 'Name', cell: (r) => `${text(r.firstName)} ${text(r.lastName)}`.trim() },
    { label: 'Email', cell: field('email') },
    { label: 'Company', cell: field('company') },
    { label: 'Budget', cell: field('budget') },
    { label: 'Goals', cell: field('goals') },
  ],
  newsletter: [
    { label: 'Subscribed', cell: date },
    { label: 'Email', cell: field('email') },
  ],
  resources: [
    { label: 'Received', cell: date },
    { label: 'Name', cell: field('name') },
    { label: 'Email', cell: field('email') },
    { label: 'Resource', cell: field('resourceTitle') },
  ],
};

const STATUS_LABELS: Record<LeadStatus, string> = { open: 'Open', handled: 'Handled', all: 'All' };
const leadsNoun = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;
const handledAtOf = (row: Row) => (typeof row.handledAt === 'string' ? row.handledAt : null);

/** A lead's state: Open, or Handled with the day it was marked. */
function LeadState({ row }: { row: Row }) {
  const at = handledAtOf(row);
  return at ? (
    <span className="text-slate-600">Handled {formatDate(at)}</span>
  ) : (
    <span className="font-semibold text-brand-700">Open</span>
  );
}

/** Asks before leads are deleted for good, and offers the export first. */
function ConfirmDeleteLeads({
  count,
  exportUrl,
  onCancel,
  onDelete,
}: {
  count: number | null;
  exportUrl: string;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <Dialog
      open={count !== null}
      onOpenChange={(o) => !o && onCancel()}
      title={`Delete ${leadsNoun(count ?? 0)} for good?`}
      description="Deleted leads cannot be restored. Export them to CSV first if you may need them."
    >
      <div className="flex flex-wrap justify-end gap-2">
        <a href={exportUrl} download className={buttonClasses('outline')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV first
        </a>
        <Button variant="outline" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="secondary" onClick={onDelete}>
          Delete for good
        </Button>
      </div>
    </Dialog>
  );
}

export function LeadsTab() {
  const id = useId();
  const [type, setType] = useState<LeadType>('contacts');
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(t);
  }, [input]);

  const [status, setStatus] = useState<LeadStatus>('all');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** The leads a delete waits to be confirmed for. */
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const client = useQueryClient();

  const params = new URLSearchParams({ type, status });
  if (q) params.set('q', q);
  const exportUrl = `${AdminRoutes.leadsCsv}?${params.toString()}`;
  const leads = useQuery({
    queryKey: adminKeys.leads(type, q, status),
    queryFn: () => adminGet<unknown>(`${AdminRoutes.leads}?${params.toString()}`),
    select: (d) => asArray<Row>(d),
    staleTime: 0,
  });
  const rows = leads.data ?? [];
  const columns = COLUMNS[type];
  const ids = rows.map((r) => Number(r.id));
  const chosen = ids.filter((i) => selected.has(i));

  const change = useMutation({
    mutationFn: (
      req: { kind: 'handled'; ids: number[]; handled: boolean } | { kind: 'delete'; ids: number[] },
    ) =>
      req.kind === 'delete'
        ? adminSend<LeadsChangeResult>('POST', AdminRoutes.leadsDelete, { type, ids: req.ids })
        : adminSend<LeadsChangeResult>('POST', AdminRoutes.leadsHandled, {
            type,
            ids: req.ids,
            handled: req.handled,
          }),
    onSuccess: (result, req) => {
      setSelected(new Set());
      const done = req.kind === 'delete' ? 'deleted' : req.handled ? 'marked handled' : 'marked open';
      toast({ title: `${leadsNoun(result.count)} ${done}` });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Nothing was changed', description: errorMessage(err) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'leads'] }),
  });
  const mark = (which: number[], handled: boolean) => change.mutate({ kind: 'handled', ids: which, handled });
  const toggle = (leadId: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(leadId);
      else next.delete(leadId);
      return next;
    });
  const nameOf = (row: Row) => text(row.email);

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
              onClick={() => {
                // Ids are per type: a selection never carries over to another type's list.
                setType(t.value);
                setSelected(new Set());
              }}
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
        <label className="text-sm font-medium text-ink-900" htmlFor={`${id}-status`}>
          Status
          <Select
            id={`${id}-status`}
            className="mt-1"
            value={status}
            onChange={(e) => setStatus(e.target.value as LeadStatus)}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </label>
        <a href={exportUrl} download className={buttonClasses('outline')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      {leads.isPending ? (
        <Skeleton className="h-40" />
      ) : leads.isError ? (
        <LoadFailed what="Leads" onRetry={() => void leads.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>
          {q ? 'No leads match your search.' : status === 'all' ? 'No leads yet.' : `No ${status} leads.`}
        </EmptyState>
      ) : (
        <>
          <div
            className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2"
            role="toolbar"
            aria-label="Bulk actions"
          >
            <label className="flex items-center gap-2 text-sm text-ink-900">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={chosen.length === ids.length}
                onChange={(e) => setSelected(new Set(e.target.checked ? ids : []))}
              />
              Select all
            </label>
            <span className="text-sm text-slate-600" aria-live="polite">
              {chosen.length ? `${chosen.length} selected` : 'None selected'}
            </span>
            {chosen.length ? (
              <div className="ml-auto flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  onClick={() => mark(chosen, true)}
                >
                  Mark handled
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  onClick={() => mark(chosen, false)}
                >
                  Mark open
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  onClick={() => setDeleting(chosen)}
                >
                  Delete
                </Button>
              </div>
            ) : null}
          </div>
          <Card className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{TYPES.find((t) => t.value === type)?.label}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Select</span>
                  </th>
                  {columns.map((c) => (
                    <th key={c.label} scope="col" className="px-4 py-3 font-semibold">
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((row) => (
                  <tr key={String(row.id)}>
                    <td className="px-4 py-3">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-brand-600"
                        aria-label={`Select ${nameOf(row)}`}
                        checked={selected.has(Number(row.id))}
                        onChange={(e) => toggle(Number(row.id), e.target.checked)}
                      />
                    </td>
                    {columns.map((c) => (
                      <td
                        key={c.label}
                        className="max-w-xs truncate px-4 py-3 text-ink-900"
                        title={c.cell(row)}
                      >
                        {c.cell(row)}
                      </td>
                    ))}
                    <td className="whitespace-nowrap px-4 py-3">
                      <LeadState row={row} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-right">
                      <div className="flex justify-end gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={change.isPending}
                          aria-label={`${handledAtOf(row) ? 'Mark open' : 'Mark handled'}: ${nameOf(row)}`}
                          onClick={() => mark([Number(row.id)], !handledAtOf(row))}
                        >
                          {handledAtOf(row) ? 'Mark open' : 'Mark handled'}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={change.isPending}
                          aria-label={`Delete ${nameOf(row)}`}
                          onClick={() => setDeleting([Number(row.id)])}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600">{rows.length} shown</p>
          </Card>
        </>
      )}
      <ConfirmDeleteLeads
        count={deleting?.length ?? null}
        exportUrl={exportUrl}
        onCancel={() => setDeleting(null)}
        onDelete={() => {
          if (deleting) change.mutate({ kind: 'delete', ids: deleting });
          setDeleting(null);
        }}
      />
    </div>
  );
}
