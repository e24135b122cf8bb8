import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import {
  AdminRoutes,
  LEAD_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  budgetLabel,
  leadCampaign,
  leadSourceName,
  type LeadSource,
  type LeadStatus,
  type LeadType,
  type LeadsChangeResult,
  type SubscriptionStatus,
} from '@agency/contracts';
import { Button, Card, Input, Skeleton, buttonClasses, cn, formatDate } from '@agency/ui';
import { ConfirmDialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, adminSend, asArray, errorMessage } from '../shared/admin-api';
import { EmptyState, LoadFailed, TabHeader } from '../shared/list-ui';
import { FilterBar, useDebouncedValue } from '../shared/list-filter';
import { BulkBar, useSelection } from '../shared/bulk-actions';
import { LeadNotificationsButton, NotificationsBanner } from './lead-notifications';
import { NotificationSettingsButton } from './notification-settings-dialog';
import { formatDateTime } from '../shared/publishing';

const TYPES: { value: LeadType; label: string }[] = [
  { value: 'contacts', label: 'Contact Requests' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'resources', label: 'Resource Leads' },
];

type Row = Record<string, unknown>;
/**
 * One column: its heading, the text a cell shows (also what the card view shows), an optional richer
 * cell, and its share of the table's width (the table is fixed to its card: nothing scrolls off).
 */
type Column = { label: string; cell: (row: Row) => string; render?: (row: Row) => ReactNode; width?: string };
/** Rows are read tolerantly: a field an older API does not send shows as blank, not "undefined". */
const text = (value: unknown) => (value == null ? '' : String(value));
const field = (name: string) => (r: Row) => text(r[name]);
/** When the lead came in, with the hour and minute (a lead is answered the same day). */
const date = (r: Row) => (text(r.createdAt) ? formatDateTime(text(r.createdAt)) : '');
const contactName = (r: Row) => `${text(r.firstName)} ${text(r.lastName)}`.trim();
/** A lead's source, read for the parts shown (an older API sends none; a part of another shape is left out). */
function sourceOf(row: Row): LeadSource {
  const raw = row.source;
  if (!raw || typeof raw !== 'object') return {};
  const s = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const utm = s.utm && typeof s.utm === 'object' ? (s.utm as Record<string, unknown>) : {};
  return {
    page: str(s.page),
    landingPage: str(s.landingPage),
    referrerHost: str(s.referrerHost),
    utm: { utm_source: str(utm.utm_source), utm_campaign: str(utm.utm_campaign) },
  };
}
/** Where the lead came from: its source and campaign, and the page it was sent from. */
const sourceColumn: Column = {
  label: 'Source',
  cell: (r) => {
    const s = sourceOf(r);
    const campaign = leadCampaign(s);
    return [
      leadSourceName(s) || 'Direct or unknown',
      campaign && `Campaign: ${campaign}`,
      s.page && `Sent from ${s.page}`,
    ]
      .filter(Boolean)
      .join('\n');
  },
  render: (r) => {
    const s = sourceOf(r);
    const campaign = leadCampaign(s);
    return (
      <>
        <span className="block">
          {leadSourceName(s) || <span className="text-slate-600">Direct or unknown</span>}
        </span>
        {campaign ? <span className="block text-slate-600">Campaign: {campaign}</span> : null}
        {s.page ? (
          <span
            className="block break-all text-xs text-slate-600"
            title={s.landingPage && `Landing page: ${s.landingPage}`}
          >
            Sent from {s.page}
          </span>
        ) : null}
      </>
    );
  },
  width: 'w-40',
};
const subscriptionOf = (r: Row) => {
  const state = r.subscription;
  return typeof state === 'string' && Object.hasOwn(SUBSCRIPTION_STATUS_LABELS, state)
    ? SUBSCRIPTION_STATUS_LABELS[state as SubscriptionStatus]
    : '';
};
const COLUMNS: Record<LeadType, Column[]> = {
  contacts: [
    { label: 'Received', cell: date, width: 'w-44' },
    {
      label: 'Contact',
      cell: (r) => [contactName(r), text(r.email), text(r.company)].filter(Boolean).join(', '),
      render: (r) => (
        <>
          <span className="block font-medium">{contactName(r)}</span>
          <span className="block break-all text-slate-600">{text(r.email)}</span>
          {text(r.company) ? <span className="block text-slate-600">{text(r.company)}</span> : null}
        </>
      ),
      width: 'w-56',
    },
    { label: 'Budget', cell: (r) => budgetLabel(r.budget), width: 'w-32' },
    // Goals are the point of a lead: shown in full, wrapped, never only in a tooltip.
    { label: 'Goals', cell: field('goals') },
    sourceColumn,
  ],
  newsletter: [
    { label: 'Signed up', cell: date, width: 'w-44' },
    { label: 'Email', cell: field('email') },
    // Only confirmed addresses are subscribers; an older API sends no state (shown blank).
    { label: 'Subscription', cell: subscriptionOf, width: 'w-44' },
    sourceColumn,
  ],
  resources: [
    { label: 'Received', cell: date, width: 'w-44' },
    { label: 'Name', cell: field('name'), width: 'w-48' },
    { label: 'Email', cell: field('email') },
    { label: 'Resource', cell: field('resourceTitle') },
    sourceColumn,
  ],
};

/** Wide enough for the table (a tablet in landscape and up); narrower screens get one card per lead. */
const WIDE = '(min-width: 768px)';
const subscribeWide = (onChange: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = () =>
  typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(WIDE).matches;
const useWideScreen = () => useSyncExternalStore(subscribeWide, isWide, () => true);

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
    <ConfirmDialog
      open={count !== null}
      title={`Delete ${leadsNoun(count ?? 0)} for good?`}
      description="Deleted leads cannot be restored. Export them to CSV first if you may need them."
      confirmLabel="Delete for good"
      onConfirm={onDelete}
      onCancel={onCancel}
    >
      <a href={exportUrl} download className={buttonClasses('outline')}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Export CSV first
      </a>
    </ConfirmDialog>
  );
}

export function LeadsTab() {
  const [type, setType] = useState<LeadType>('contacts');
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim());

  const [status, setStatus] = useState<LeadStatus>('all');
  const [sourceInput, setSourceInput] = useState('');
  const [campaignInput, setCampaignInput] = useState('');
  const source = useDebouncedValue(sourceInput.trim());
  const campaign = useDebouncedValue(campaignInput.trim());
  const filterId = useId();
  /** The leads a delete waits to be confirmed for. */
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const client = useQueryClient();

  const params = new URLSearchParams({ type, status });
  if (q) params.set('q', q);
  if (source) params.set('source', source);
  if (campaign) params.set('campaign', campaign);
  const exportUrl = `${AdminRoutes.leadsCsv}?${params.toString()}`;
  const leads = useQuery({
    queryKey: [...adminKeys.leads(type, q, status), source, campaign],
    queryFn: () => adminGet<unknown>(`${AdminRoutes.leads}?${params.toString()}`),
    select: (d) => asArray<Row>(d),
    staleTime: 0,
  });
  const rows = leads.data ?? [];
  const columns = COLUMNS[type];
  const selection = useSelection(rows.map((r) => ({ id: Number(r.id) })));

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
      selection.clear();
      const done = req.kind === 'delete' ? 'deleted' : req.handled ? 'marked handled' : 'marked open';
      toast({ title: `${leadsNoun(result.count)} ${done}` });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Nothing was changed', description: errorMessage(err) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'leads'] }),
  });
  const mark = (which: number[], handled: boolean) => change.mutate({ kind: 'handled', ids: which, handled });
  const nameOf = (row: Row) => text(row.email);
  const wide = useWideScreen();
  /** A lead's own actions, stacked so both fit beside the row (or under the card). */
  const leadActions = (row: Row) => (
    <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
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
      <LeadNotificationsButton type={type} id={Number(row.id)} name={nameOf(row)} />
    </div>
  );

  return (
    <div>
      <TabHeader
        title="Leads"
        description="Contact requests, newsletter subscribers and gated-resource leads, newest first."
      />
      <NotificationsBanner />
      <FilterBar
        before={
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
                  selection.clear();
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
        }
        search={input}
        onSearch={setInput}
        searchLabel="Search leads"
        placeholder="Search by name, e-mail, company..."
        status={status}
        onStatus={(v) => setStatus(v as LeadStatus)}
        statuses={LEAD_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)}
        after={
          <>
            {(
              [
                ['source', 'Source', 'Site or utm_source', sourceInput, setSourceInput],
                ['campaign', 'Campaign', 'utm_campaign', campaignInput, setCampaignInput],
              ] as const
            ).map(([name, label, hint, value, onChange]) => (
              <label
                key={name}
                className="w-40 text-sm font-medium text-ink-900"
                htmlFor={`${filterId}-${name}`}
              >
                {label}
                <Input
                  id={`${filterId}-${name}`}
                  type="search"
                  className="mt-1"
                  placeholder={hint}
                  value={value}
                  onChange={(e) => onChange(e.target.value)}
                />
              </label>
            ))}
            <a href={exportUrl} download className={buttonClasses('outline')}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </a>
            <NotificationSettingsButton />
          </>
        }
      />
      {leads.isPending ? (
        <Skeleton className="h-40" />
      ) : leads.isError ? (
        <LoadFailed what="Leads" onRetry={() => void leads.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>
          {q || source || campaign
            ? 'No leads match your search.'
            : status === 'all'
              ? 'No leads yet.'
              : `No ${status} leads.`}
        </EmptyState>
      ) : (
        <>
          <BulkBar
            selection={selection}
            pending={change.isPending}
            actions={[
              { label: 'Mark handled', run: (ids) => mark(ids, true) },
              { label: 'Mark open', run: (ids) => mark(ids, false) },
              { label: 'Delete', run: (ids) => setDeleting(ids) },
            ]}
          />
          <Card className="overflow-hidden">
            {wide ? (
              <table className="w-full table-fixed text-left text-sm">
                <caption className="sr-only">{TYPES.find((t) => t.value === type)?.label}</caption>
                <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="w-10 py-3 pl-4 pr-2">
                      <span className="sr-only">Select</span>
                    </th>
                    {columns.map((c) => (
                      <th key={c.label} scope="col" className={cn('px-3 py-3 font-semibold', c.width)}>
                        {c.label}
                      </th>
                    ))}
                    <th scope="col" className="w-28 px-3 py-3 font-semibold">
                      Status
                    </th>
                    <th scope="col" className="w-36 py-3 pl-3 pr-4">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {rows.map((row) => (
                    <tr key={String(row.id)} className="align-top">
                      <td className="py-3 pl-4 pr-2">{selection.checkbox(Number(row.id), nameOf(row))}</td>
                      {columns.map((c) => (
                        <td key={c.label} className="whitespace-pre-line break-words px-3 py-3 text-ink-900">
                          {c.render ? c.render(row) : c.cell(row)}
                        </td>
                      ))}
                      <td className="px-3 py-3">
                        <LeadState row={row} />
                      </td>
                      <td className="py-3 pl-3 pr-4">{leadActions(row)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <ul
                aria-label={TYPES.find((t) => t.value === type)?.label}
                className="divide-y divide-slate-200"
              >
                {rows.map((row) => (
                  <li key={String(row.id)} className="space-y-2 p-4 text-sm">
                    <div className="flex items-start justify-between gap-3">
                      <label className="flex min-w-0 items-start gap-2">
                        {selection.checkbox(Number(row.id), nameOf(row), 'mt-0.5')}
                        <span className="min-w-0 break-words font-medium text-ink-900">
                          {columns[1]?.render ? columns[1].render(row) : nameOf(row)}
                        </span>
                      </label>
                      <LeadState row={row} />
                    </div>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                      {columns
                        .filter((_, i) => i !== 1 || !columns[1]?.render)
                        .map((c) => (
                          <div key={c.label} className="contents">
                            <dt className="text-slate-600">{c.label}</dt>
                            <dd className="whitespace-pre-line break-words text-ink-900">{c.cell(row)}</dd>
                          </div>
                        ))}
                    </dl>
                    {leadActions(row)}
                  </li>
                ))}
              </ul>
            )}
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
