import { useQuery } from '@tanstack/react-query';
import { AdminRoutes, NotificationRoutes, type LeadsSummary } from '@agency/contracts';
import { Card } from '@agency/ui';
import { adminGet } from '../shared/admin-api';

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
/** Tolerant readers: an older API without these routes shows nothing, never an error. */
const readSummary = (d: unknown): LeadsSummary | null =>
  d && typeof d === 'object' && 'contacts' in d
    ? {
        since: String((d as LeadsSummary).since ?? ''),
        contacts: count((d as LeadsSummary).contacts),
        resources: count((d as LeadsSummary).resources),
        newsletter: count((d as LeadsSummary).newsletter),
      }
    : null;
const readFailed = (d: unknown): number =>
  d && typeof d === 'object' ? count((d as { failed?: unknown }).failed) : 0;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The Overview's leads: new ones this week by kind, and any notification that keeps failing. */
export function LeadActivity({ onOpenLeads }: { onOpenLeads?: () => void }) {
  const summary = useQuery({
    queryKey: ['admin', 'leads', 'summary'],
    queryFn: () => adminGet<unknown>(AdminRoutes.leadsSummary),
    select: readSummary,
    retry: false,
  });
  const status = useQuery({
    queryKey: ['admin', 'notifications', 'status'],
    queryFn: () => adminGet<unknown>(NotificationRoutes.status),
    select: readFailed,
    retry: false,
  });
  const s = summary.data;
  const failed = status.data ?? 0;
  if (!s && !failed) return null;
  const total = s ? s.contacts + s.resources + s.newsletter : 0;
  return (
    <Card className="mt-8 p-6">
      <h3 className="text-lg font-semibold text-ink-900">Leads this week</h3>
      {s ? (
        <p className="mt-2 text-sm text-slate-700">
          <span className="text-2xl font-bold text-ink-900">{total}</span> new:{' '}
          {plural(s.contacts, 'contact request', 'contact requests')},{' '}
          {plural(s.resources, 'download lead', 'download leads')},{' '}
          {plural(s.newsletter, 'confirmed subscriber', 'confirmed subscribers')}.
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {plural(failed, 'notification', 'notifications')} failed to reach people.{' '}
          {onOpenLeads ? (
            <button type="button" className="underline" onClick={onOpenLeads}>
              Open Leads to resend
            </button>
          ) : (
            'Open Leads to resend.'
          )}
        </p>
      ) : null}
    </Card>
  );
}
