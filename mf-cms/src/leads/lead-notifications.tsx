import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NotificationRoutes,
  type Delivery,
  type LeadDeliveries,
  type LeadType,
  type NotificationsStatus,
} from '@agency/contracts';
import { Button, formatDate } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { adminGet, adminSend, errorMessage } from '../shared/admin-api';

type Status = Pick<NotificationsStatus, 'mailConfigured' | 'message' | 'failed'>;

const notificationKeys = {
  status: ['admin', 'notifications', 'status'] as const,
  lead: (type: LeadType, id: number) => ['admin', 'notifications', type, id] as const,
};

/** Answers are read tolerantly: an older API without these routes shows nothing, not an error. */
const readStatus = (d: unknown): Status | null =>
  d && typeof d === 'object' && typeof (d as Status).mailConfigured === 'boolean' ? (d as Status) : null;
const readDeliveries = (d: unknown): LeadDeliveries => {
  const body = (d && typeof d === 'object' ? d : {}) as { mailConfigured?: unknown; deliveries?: unknown };
  return {
    mailConfigured: body.mailConfigured !== false,
    deliveries: Array.isArray(body.deliveries) ? (body.deliveries as Delivery[]) : [],
  };
};

const WHAT: Record<string, string> = {
  'staff-lead': 'E-mail to the team',
  'visitor-confirmation': 'Confirmation to the visitor',
  'newsletter-confirm': 'Subscription confirmation link to the visitor',
  webhook: 'Webhook',
};
const dateTime = (iso: string | null) => (iso ? `${formatDate(iso)} ${iso.slice(11, 16)} UTC` : '');

function stateOf(d: Delivery, mailConfigured: boolean): string {
  if (d.status === 'sent') return `Sent ${dateTime(d.sentAt)}`;
  if (d.status === 'failed') return `Failed: ${d.lastError ?? 'unknown error'}`;
  if (d.status === 'sending') return 'Sending now';
  if (d.kind === 'email' && !mailConfigured) return 'Waiting for a mail server';
  if (d.attempts > 0) return `Retrying ${dateTime(d.nextAttemptAt)} (${d.lastError ?? 'failed'})`;
  return 'Queued';
}

/** Above the leads: says plainly when no mail server is configured, and when deliveries failed. */
export function NotificationsBanner() {
  const status = useQuery({
    queryKey: notificationKeys.status,
    queryFn: () => adminGet<unknown>(NotificationRoutes.status),
    select: readStatus,
    retry: false,
  });
  const s = status.data;
  if (!s || (s.mailConfigured && !s.failed)) return null;
  return (
    <div
      role="status"
      className="mb-4 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {s.mailConfigured ? null : <p>{s.message ?? 'No mail server is configured: lead e-mails wait.'}</p>}
      {s.failed ? (
        <p className="font-medium">
          {s.failed} {s.failed === 1 ? 'notification' : 'notifications'} failed. Open the lead to resend.
        </p>
      ) : null}
    </div>
  );
}

/** A lead's e-mails and webhook calls, in a dialog, with Resend. */
export function LeadNotificationsButton({ type, id, name }: { type: LeadType; id: number; name: string }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const deliveries = useQuery({
    queryKey: notificationKeys.lead(type, id),
    queryFn: () => adminGet<unknown>(NotificationRoutes.lead(type, id)),
    select: readDeliveries,
    enabled: open,
    staleTime: 0,
  });
  const resend = useMutation({
    mutationFn: () => adminSend<{ queued: number }>('POST', NotificationRoutes.resend(type, id), {}),
    onSuccess: (r) =>
      toast({ title: `${r.queued} ${r.queued === 1 ? 'notification' : 'notifications'} queued again` }),
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Nothing was resent', description: errorMessage(err) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'notifications'] }),
  });
  const list = deliveries.data?.deliveries ?? [];
  return (
    <>
      <Button size="sm" variant="outline" aria-label={`Notifications: ${name}`} onClick={() => setOpen(true)}>
        Notifications
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Notifications: ${name}`}>
        {deliveries.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : deliveries.isError ? (
          <p className="text-sm text-red-700">The notifications could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody was set to be told about this lead.</p>
        ) : (
          <ul className="space-y-3 text-sm">
            {list.map((d) => (
              <li key={d.id} className="rounded-lg border border-slate-200 p-3">
                <p className="font-medium text-ink-900">{WHAT[d.what] ?? d.what}</p>
                <p className="break-all text-slate-600">{d.to}</p>
                <p className={d.status === 'failed' ? 'font-medium text-red-700' : 'text-ink-900'}>
                  {stateOf(d, deliveries.data?.mailConfigured ?? true)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 flex justify-end">
          <Button disabled={resend.isPending || list.length === 0} onClick={() => resend.mutate()}>
            Resend
          </Button>
        </div>
      </Dialog>
    </>
  );
}
